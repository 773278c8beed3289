import { useEffect } from 'react';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { ErrorPage } from '../components/error-page';
import type { ApplicationActorRef } from '../steps/application-actor';
import type { AppError } from '../../machines/application/application.actors';

/** Logs a failure for support without personal data: its kind, status and code only. */
export function reportAppError(error: AppError): void {
  const status = 'status' in error && error.status ? ` status=${error.status}` : '';
  const code = 'code' in error && error.code ? ` code=${error.code}` : '';
  const key = error.kind === 'step-not-found' ? ` ${error.message}` : '';
  console.error(`[solis] application error kind=${error.kind}${status}${code}${key}`);
}

/** What the applicant sees when the application machine cannot show a step. */
export function ApplicationErrorPage({ actor }: { actor: ApplicationActorRef }) {
  const error = useSelector(actor, (s) => s.context.error);
  useEffect(() => {
    if (error) reportAppError(error);
  }, [error]);
  const retry = (
    <button type="button" className="solis-button" onClick={() => actor.send({ type: 'app.retried' })}>
      <Trans>Try again</Trans>
    </button>
  );

  switch (error?.kind) {
    case 'not-found':
    case 'unauthorized':
      return (
        <ErrorPage
          icon="locked"
          title={<Trans>This application is not available</Trans>}
          description={
            <Trans>
              An application can only be continued in the browser where it was started, and the link may have expired. Start a new
              application, or continue on the device you used before.
            </Trans>
          }
          homeLabel={<Trans>Start a new application</Trans>}
        />
      );
    case 'step-not-found':
      return (
        <ErrorPage
          icon="error"
          title={<Trans>This step cannot be shown</Trans>}
          description={<Trans>Your application is saved. Please try again later or contact us, and quote the details below.</Trans>}
        >
          <p className="solis-technical-detail">
            <Trans>Technical details:</Trans> <code>{error.message}</code>
          </p>
        </ErrorPage>
      );
    case 'chunk':
      return (
        <ErrorPage
          icon="error"
          showHomeButton={false}
          title={<Trans>The page could not be loaded</Trans>}
          description={<Trans>Your connection may have dropped. Your answers are saved; try loading the page again.</Trans>}
        >
          {retry}
        </ErrorPage>
      );
    default:
      return (
        <ErrorPage
          icon="error"
          showHomeButton={false}
          title={<Trans>Something went wrong</Trans>}
          description={<Trans>We could not load your application. Your answers are saved; please try again in a moment.</Trans>}
        >
          {retry}
        </ErrorPage>
      );
  }
}
