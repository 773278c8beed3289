import { Trans } from '@lingui/react/macro';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { ErrorPage } from '../components/error-page';

/** Shown when the app cannot read its configuration: the service is unreachable or misconfigured. */
export function StartupErrorPage({ onRetry }: { onRetry: () => void }) {
  return (
    <I18nProvider i18n={i18n}>
      <main className="solis-main" id="main-content">
        <ErrorPage
          icon="error"
          showHomeButton={false}
          title={<Trans>The service is not available right now</Trans>}
          description={<Trans>We could not start the application. Check your internet connection and try again in a moment.</Trans>}
        >
          <button type="button" className="solis-button" onClick={onRetry}>
            <Trans>Try again</Trans>
          </button>
        </ErrorPage>
      </main>
    </I18nProvider>
  );
}
