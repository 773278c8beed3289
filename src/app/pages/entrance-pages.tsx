import { useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { currentAccountMachine, type CurrentAccountInput } from '../../../machines/entrance/current-account.machine';
import { startMachine, startView, type CreateUpsaleInput } from '../../../machines/entrance/start.machine';
import { rejectingWithAppError } from '../../api/app-error';
import { createUpsaleApplication } from '../../api/application.api';
import { createCurrentAccount } from '../../api/pricing.api';
import { fetchLoyaltySegment } from '../../api/pricing.api';
import { ErrorPage } from '../../components/error-page';
import { PageHeading } from '../../components/page-heading';
import type { AppError } from '../../../core/domain/app-error';
import { withCaptchaToken } from '../../features/captcha/captcha-gate';
import { CaptchaCheck, useCaptchaWaiting } from '../../features/captcha/captcha-check';
import { LoadingPage } from '../../components/loading-page';
import { isCorporate } from '../../../core/domain/business-domains';
import { productOfQuery } from '../../../core/domain/products';
import { useRuntimeConfig } from '../../steps/_kit/runtime-config-context';
import { AppLayout } from '../app-layout';
import { createRequestOf } from '../application-actors';
import { consentedTracking } from '../analytics';
import { reportError } from '../error-report';
import { useInspect } from '../inspect-context';
import { useLocaleState } from '../locale-context';
import { readStartParameters } from '../start-parameters';

/** A loader's failure: what happened, and a way to try again. */
function LoaderFailure({ onRetry, productName, error }: { onRetry: () => void; productName?: string; error?: AppError | null }) {
  const captchaRefused = error?.kind === 'server' && error.code === 'CAPTCHA_FAILED';
  return (
    <AppLayout productName={productName}>
      <ErrorPage
        icon="error"
        showHomeButton={false}
        title={<Trans>Something went wrong</Trans>}
        description={
          captchaRefused ? (
            <Trans>We could not confirm that you are not a robot. Please try again.</Trans>
          ) : (
            <Trans>We could not start your application. Please try again in a moment.</Trans>
          )
        }
      >
        <button type="button" className="solis-button" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      </ErrorPage>
    </AppLayout>
  );
}

/** Issue 21: the creation waits for the captcha; the page asks for it (a loader has nothing else to show). */
function CaptchaPage({ productName }: { productName?: string }) {
  return (
    <AppLayout productName={productName}>
      <PageHeading focusKey="captcha">
        <Trans>Confirm that you are not a robot</Trans>
      </PageHeading>
      <CaptchaCheck />
    </AppLayout>
  );
}

function Loading({ productName }: { productName?: string }) {
  const captchaWaiting = useCaptchaWaiting();
  if (captchaWaiting) return <CaptchaPage productName={productName} />;
  return (
    // The product the page is about decides the languages offered (section 1: no Russian for current accounts in production).
    <AppLayout productName={productName}>
      <LoadingPage />
    </AppLayout>
  );
}

/** `/start` (section 4): the loyalty segment in Estonian retail, then an upsale application or product selection. */
export function StartPage() {
  const config = useRuntimeConfig();
  // Business customers never come here: the route sends them to `/` (decision 181).
  if (isCorporate(config.businessDomain)) return <Navigate to="/" replace />;
  return <StartLoader />;
}

function StartLoader() {
  const config = useRuntimeConfig();
  const location = useLocation();
  const { locale } = useLocaleState();
  const inspect = useInspect();
  const start = useMemo(() => readStartParameters(location.search, config.businessDomain), [location.search, config.businessDomain]);
  const machine = useMemo(
    () =>
      startMachine.provide({
        actors: {
          fetchLoyaltySegment: fromPromise<string | null>(({ signal }) => rejectingWithAppError(() => fetchLoyaltySegment({ signal }))),
          createUpsale: fromPromise<{ externalId: string }, CreateUpsaleInput>(({ input, signal }) =>
            rejectingWithAppError(async () => {
              const request = createRequestOf({ start, languageCode: locale, upsale: input.productName ? { productName: input.productName } : {} }, config);
              const created = await withCaptchaToken((captchaToken) => createUpsaleApplication(request, { signal, ...(captchaToken ? { captchaToken } : {}) }), signal);
              return { externalId: created.externalId };
            }),
          ),
        },
      }),
    // The loader runs once per visit: a language change does not start it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const asked = productOfQuery(config.businessDomain, new URLSearchParams(location.search).get('productName'));
  const actor = useActorRef(machine, { input: { businessDomain: config.businessDomain, productName: asked?.productName ?? null }, ...(inspect ? { inspect } : {}) });
  const view = useSelector(actor, startView);
  const outcome = view.outcome;
  useEffect(() => {
    if (outcome?.kind === 'error-handler') reportError('application', { kind: 'config', message: `Unknown loyalty segment ${outcome.segment ?? 'null'}` });
  }, [outcome]);
  if (outcome?.kind === 'application') return <Navigate to={`/?externalId=${encodeURIComponent(outcome.externalId)}`} replace />;
  if (outcome?.kind === 'product-selection') return <Navigate to={{ pathname: '/choose-product', search: location.search }} replace />;
  // Section 8: a loyalty segment other than the two known values goes to the error handler.
  if (outcome?.kind === 'error-handler') return <Navigate to="/error" replace />;
  if (view.error) return <LoaderFailure error={view.error} onRetry={() => actor.send({ type: 'start.retried' })} />;
  return <Loading />;
}

/** `/current-account` (section 2): creates a current-account application, then `/?externalId={id}`. */
export function CurrentAccountPage() {
  const location = useLocation();
  const inspect = useInspect();
  const input = useMemo((): CurrentAccountInput => {
    const start = readStartParameters(location.search, 'retail-banking-ee');
    return { campaignCode: start.campaignCode ?? null, tracking: start.tracking ?? null };
    // Once per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const machine = useMemo(
    () =>
      currentAccountMachine.provide({
        actors: {
          createCurrentAccount: fromPromise<string, CurrentAccountInput>(({ input: request, signal }) =>
            rejectingWithAppError(() =>
              withCaptchaToken(
                async (captchaToken) => {
                  // Decision 190: only with the applicant's consent.
                  const tracking = await consentedTracking(request.tracking ?? undefined);
                  return createCurrentAccount(
                    {
                      ...(request.campaignCode ? { campaignCode: request.campaignCode } : {}),
                      channel: 'WEB',
                      ...(tracking ? { metaData: { tracking } } : {}),
                    },
                    { signal, ...(captchaToken ? { captchaToken } : {}) },
                  );
                },
                signal,
              ),
            ),
          ),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, { input, ...(inspect ? { inspect } : {}) });
  const externalId = useSelector(actor, (s) => s.context.externalId);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  if (externalId) return <Navigate to={`/?externalId=${encodeURIComponent(externalId)}`} replace />;
  if (failed) return <LoaderFailure productName="CURRENT_ACCOUNT" error={error} onRetry={() => actor.send({ type: 'currentAccount.retried' })} />;
  return <Loading productName="CURRENT_ACCOUNT" />;
}
