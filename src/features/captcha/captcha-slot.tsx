import { Trans } from '@lingui/react/macro';
import { Suspense, lazy } from 'react';
import type { AppError } from '../../../core/domain/app-error';
import { Spinner } from '../../components/spinner';
import { CaptchaFrame } from './captcha-frame';
import { captchaSettings } from './captcha-settings';

/** The widget's code is fetched only where a captcha is asked for (most pages never load it). */
const LazyCaptchaCheck = lazy(() => import('./captcha-check').then((module) => ({ default: module.CaptchaCheck })));

/**
 * Where a step creates an application: the captcha widget when one is asked for (issue 21; decision
 * 169), nothing otherwise. `pending`: Continue was pressed and the creation waits for the box.
 */
export function CaptchaSlot({ pending = false }: { pending?: boolean }) {
  if (!captchaSettings()) return null;
  return (
    <Suspense fallback={<CaptchaPlace />}>
      <LazyCaptchaCheck pending={pending} />
    </Suspense>
  );
}

/**
 * The check's place while its code comes (decision 244): the frame and words CaptchaCheck draws, so
 * the Continue button under it stays where it is when the code arrives (decision 238: a button that
 * moves during a click loses the click).
 */
function CaptchaPlace() {
  return (
    <CaptchaFrame>
      <div className="solis-captcha__widget">
        <p className="solis-captcha__loading" role="status">
          <Spinner size="small" /> <Trans>Loading…</Trans>
        </p>
      </div>
    </CaptchaFrame>
  );
}

/** The provider did not confirm the check (400 CAPTCHA_FAILED); the widget is ready for another. */
export function isCaptchaRefusal(error: AppError | null | undefined): boolean {
  return error?.kind === 'server' && error.code === 'CAPTCHA_FAILED';
}

/** What the Continue button says after a refused check. */
export function CaptchaRefused() {
  return <Trans>We could not confirm that you are not a robot. Tick the box again and continue; your answers are kept.</Trans>;
}
