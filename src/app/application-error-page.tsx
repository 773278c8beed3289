import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { ErrorPage } from '../components/error-page';
import { LoadingPage } from '../components/loading-page';
import type { ApplicationActorRef } from '../steps/_kit/application-actor';
import { recoverFromChunkError, useChunkReloadPending } from './chunk-recovery';
import { ChunkErrorPage } from './error-boundary';
import { INVALID_TOKEN_MESSAGE, embeddedMode } from './embedded';
import { reportError } from './error-report';
import { useHomeHref } from './app-layout';
import { useLocaleState } from './locale-context';
import { useRuntimeConfig } from '../steps/_kit/runtime-config-context';
import { resumeHref } from '../../core/domain/app-routes';

/**
 * What the applicant sees when the application machine cannot show a step. A chunk failure first
 * tries the one guarded reload (chunk-recovery.ts); embedded, a refused token goes to /unauthorized.
 */
export function ApplicationErrorPage({ actor }: { actor: ApplicationActorRef }) {
  const error = useSelector(actor, (s) => s.context.error);
  const failedWhile = useSelector(actor, (s) => s.context.failedWhile);
  const homeHref = useHomeHref();
  const { locale } = useLocaleState();
  const { defaultLocale } = useRuntimeConfig();
  const { embedded } = embeddedMode();
  const reloading = useChunkReloadPending();
  useEffect(() => {
    if (!error) return;
    if (error.kind === 'chunk') {
      recoverFromChunkError(error);
      return;
    }
    // Section 8: the server refused the parent's token: logged with the spec's message.
    if (embedded && error.kind === 'unauthorized') console.error(INVALID_TOKEN_MESSAGE);
    reportError('application', error);
  }, [error, embedded]);
  // A chunk-recovery reload is under way (a step's chunk, or one the failed call needed): the page
  // is about to load again, so no failure is shown meanwhile.
  if (reloading) return <LoadingPage />;
  if (embedded && error?.kind === 'unauthorized') return <Navigate to="/unauthorized" replace />;
  const retry = (
    <button type="button" className="solis-button" onClick={() => actor.send({ type: 'app.retried' })}>
      <Trans>Try again</Trans>
    </button>
  );

  // Section 4: the prices could not be loaded; nothing is lost, the applicant can try again.
  if (failedWhile === 'products') {
    return (
      <ErrorPage
        icon="error"
        showHomeButton={false}
        title={<Trans>We could not load our loan prices</Trans>}
        description={<Trans>Without them we cannot show the amounts and payments that apply to you. Check your connection and try again.</Trans>}
      >
        {retry}
      </ErrorPage>
    );
  }
  // Section 3: the shop's link carried parameters the bank does not accept (an unregistered return
  // address, an unknown shop): nothing was created and nobody is sent anywhere unknown.
  if (failedWhile === 'link') {
    return (
      <ErrorPage
        icon="locked"
        title={<Trans>We cannot accept the link from the shop</Trans>}
        description={
          <Trans>
            The link that brought you here is not one the shop registered with us, so no application was started. Go back to the shop and
            start again, or apply directly with us.
          </Trans>
        }
        homeLabel={<Trans>Apply directly</Trans>}
        homeHref={homeHref}
        showHomeButton={!embedded}
      />
    );
  }

  switch (error?.kind) {
    case 'not-found':
    case 'unauthorized':
      return (
        <ErrorPage
          icon="locked"
          title={<Trans>This application is not available</Trans>}
          description={
            <Trans>This browser cannot open it any more. To continue your application on any device, log in or ask for a link by e-mail.</Trans>
          }
          homeLabel={<Trans>Continue your application</Trans>}
          homeHref={resumeHref(locale, defaultLocale)}
          showHomeButton={!embedded}
        >
          {!embedded && (
            <p>
              <a className="solis-link" href={homeHref}>
                <Trans>Start a new application</Trans>
              </a>
            </p>
          )}
        </ErrorPage>
      );
    case 'step-not-found':
      return (
        <ErrorPage
          icon="error"
          homeHref={homeHref}
          showHomeButton={!embedded}
          title={<Trans>This step cannot be shown</Trans>}
          description={<Trans>Your application is saved. Please try again later or contact us, and quote the details below.</Trans>}
        >
          <p className="solis-technical-detail">
            <Trans>Technical details:</Trans> <code>{error.message}</code>
          </p>
        </ErrorPage>
      );
    case 'chunk':
      return <ChunkErrorPage showHomeButton={false} />;
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
