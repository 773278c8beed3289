import { Trans } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import './captcha.css';

/**
 * The captcha's labelled group (issue 21, decision 169): drawn by the widget (CaptchaCheck) and, with
 * the same size and words, by its place while the widget's code loads (CaptchaSlot, decision 244).
 */
export function CaptchaFrame({ children }: { children: ReactNode }) {
  const labelId = useId();
  return (
    <div className="solis-captcha" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="solis-captcha__label">
        <Trans>Before we start your application, please confirm that you are not a robot.</Trans>
      </p>
      {children}
    </div>
  );
}
