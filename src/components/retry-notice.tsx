import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * Something a page needed could not be had (a list, a contract, a status): said as an alert, with
 * Try again. `secondary` when the page's main action is another button.
 */
export function RetryNotice({ children, onRetry, secondary = false }: { children: ReactNode; onRetry: () => void; secondary?: boolean }) {
  return (
    <div className="solis-notice" role="alert">
      <p>{children}</p>
      <button type="button" className={secondary ? 'solis-button solis-button--secondary' : 'solis-button'} onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
