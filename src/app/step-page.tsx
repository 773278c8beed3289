import { lazy, Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { Trans } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import type { StepVariant } from '../../core/domain/step-variants';
import { progressValue } from '../../core/domain/progress';
import { ApplicationActorContext, type ApplicationActorRef } from '../steps/_kit/application-actor';
import { STEP_INDEX } from '../steps/_generated/step-index.gen';
import { useRuntimeConfig } from '../steps/_kit/runtime-config-context';
import { provideApplicationMachine } from './application-actors';
import { readStartParameters } from './start-parameters';
import { useLocaleState } from './locale-context';
import { useInspect } from './inspect-context';
import { AppLayout, useHomeHref } from './app-layout';
import { ApplicationErrorPage } from './application-error-page';
import { ErrorBoundary } from './error-boundary';
import { useBeforeChunkReload } from './chunk-recovery';
import { stepRoleOf } from '../../core/domain/persons';
import { isBrokerApplication } from '../../core/domain/applicant';
import { isCorporate } from '../../core/domain/business-domains';
import { embeddedMode, startRulesOf } from './embedded';
import { parentFrame } from './parent-frame';
import { hasStep, loadedStepScreen, preloadStep, stepScreen } from './step-loader';
import { loadStepRegistry } from './step-registry';
import { LoadingPage } from '../components/loading-page';

/** Issue 26: "Step N of M" and the Back link, a chunk of their own (the first page's budget is tight). */
const StepPosition = lazy(() => import('./step-position').then((module) => ({ default: module.StepPosition })));

/** Marks navigations the flow itself makes, so they do not restart the application machine. */
export const FLOW_NAVIGATION = { replacedByFlow: true } as const;

/** The history entry above the step's own, popped by Back and put back each time (see useBackStaysInFlow). */
const BACK_GUARD = { ...FLOW_NAVIGATION, backGuard: true } as const;

/**
 * Route `/`: runs the application machine and shows the current step (section 2). The view only
 * subscribes and sends; every decision is the machine's.
 */
export interface StepPageProps {
  firstTask: string;
  /** `/choose-product`: the choice makes an upsale application when submitted (section 2). */
  creation?: 'first-change' | 'upsale';
}

export function StepPage({ firstTask, creation = 'first-change' }: StepPageProps) {
  const config = useRuntimeConfig();
  // The steps' loaders come while the application loads, not after it (a failure here is the step
  // loader's to report: it asks again).
  useEffect(() => {
    loadStepRegistry().catch(() => undefined);
  }, []);
  const { locale, setLocale } = useLocaleState();
  const homeHref = useHomeHref();
  const inspect = useInspect();
  const location = useLocation();
  const navigate = useNavigate();
  const machine = useMemo(() => provideApplicationMachine(config), [config]);
  const actor = useActorRef(machine, {
    input: {
      businessDomain: config.businessDomain,
      country: config.countryCode,
      start: readStartParameters(location.search, config.businessDomain, { customerAdministrator: embeddedMode().customerAdministrator, userGroups: embeddedMode().userGroups }),
      locale,
      firstTask,
      // Section 6/7: the query names whose steps these are (a co-borrower's link carries
      // `role=coborrower`; an embedding parent page puts its role there too); the applicant by default.
      role: stepRoleOf(new URLSearchParams(location.search).get('role')),
      embedded: embeddedMode().embedded,
      // Section 6: for an embedded customer administrator products are not initialised and the
      // person's language is kept (decision 191).
      ...startRulesOf(embeddedMode()),
      creation,
    },
    ...(inspect ? { inspect } : {}),
  });

  useUrlFollowsApplication(actor);
  useLanguageFollowsApplication(actor, locale, setLocale);
  useDraftFlushOnPageLeave(actor);
  useBackStaysInFlow(actor);
  // Issue 25: a parent page's frame learns every step shown (parent-bridge.ts, when there is one).
  useEffect(() => parentFrame.follow?.(actor), [actor]);
  // Section 8: a chunk-recovery reload first sends the draft (keepalive), like leaving the page.
  useBeforeChunkReload(useCallback(() => actor.send({ type: 'page.hidden' }), [actor]));

  const view = useSelector(actor, (s) => {
    if (s.matches('step')) return 'step' as const;
    if (s.matches('failed')) return 'failed' as const;
    if (s.matches('redirecting')) return 'redirecting' as const;
    return 'loading' as const;
  });
  const taskKey = useSelector(actor, (s) => s.context.taskKey);
  const variant = useSelector(actor, (s) => s.context.stepVariant as StepVariant);
  const terminal = useSelector(actor, (s) => s.context.stepTerminal);
  const progress = useSelector(actor, (s) =>
    progressValue(s.context.stepCount, {
      domain: s.context.businessDomain,
      productName: s.context.application?.creditConditions.productName ?? undefined,
    }),
  );
  const redirect = useSelector(actor, (s) => s.context.redirect);
  const application = useSelector(actor, (s) => s.context.application);
  usePreloadNextSteps(actor, view === 'step' ? taskKey : null);

  useEffect(() => {
    if (view !== 'redirecting' || !redirect) return;
    if (redirect.kind === 'external') window.location.assign(redirect.to);
    else navigate(redirect.to, { replace: true });
  }, [view, redirect, navigate]);

  const shownStep = view === 'step' && taskKey && hasStep(taskKey) ? taskKey : null;
  let content;
  if (view === 'failed') {
    content = <ApplicationErrorPage actor={actor} />;
  } else if (shownStep) {
    // The machine shows a step once its chunk has arrived: its screen renders at once. The lazy one
    // (a Suspense reveal, held back by React's fallback throttle) only where it has not (issue 26).
    const Screen = loadedStepScreen(shownStep, variant) ?? stepScreen(shownStep, variant);
    // Inside the frame and the actor: a screen that fails to render (or whose chunk fails) keeps
    // the running application, so its draft can still be saved before a recovery reload.
    content = (
      <ErrorBoundary resetKey={shownStep} homeHref={homeHref}>
        {/* Where the progress bar shows (not on a page that ends the flow, nor a broker's application). */}
        {!terminal && !isBrokerApplication(application) && (
          <Suspense fallback={<div className="solis-step-position-space" />}>
            <StepPosition actor={actor} />
          </Suspense>
        )}
        <BackRefusalNotice actor={actor} />
        <Suspense fallback={<LoadingPage />}>
          {/* Both hand out one component per step variant, made once and cached at module level: its
              identity is stable across renders, so React keeps the screen's state. */}
          {/* eslint-disable-next-line react-hooks/static-components */}
          <Screen />
        </Suspense>
      </ErrorBoundary>
    );
  } else {
    content = <LoadingPage />;
  }

  return (
    <ApplicationActorContext.Provider value={actor}>
      <AppLayout
        // A page that ends the flow shows no half-full progress bar (issue 8).
        progress={shownStep && !terminal ? progress : undefined}
        application={application}
        showAmount={shownStep ? STEP_INDEX[shownStep].meta.amountInHeader : false}
        taskKey={shownStep}
      >
        {content}
      </AppLayout>
    </ApplicationActorContext.Provider>
  );
}

/**
 * Issue 26: once a step shows, the chunks of the steps that can follow it load while the browser is
 * idle (step-preload.ts, a chunk of its own), so the next step renders as soon as the server answers.
 */
function usePreloadNextSteps(actor: ApplicationActorRef, taskKey: string | null) {
  const config = useRuntimeConfig();
  useEffect(() => {
    if (!taskKey) return;
    const { role, application } = actor.getSnapshot().context;
    const facts = { country: config.countryCode, role, channel: application?.source?.channel ?? null, corporate: isCorporate(config.businessDomain) };
    const cancel = import('./step-preload').then(
      (preload) => preload.preloadWhenIdle(taskKey, (next) => preloadStep(next, facts)),
      () => () => undefined,
    );
    return () => void cancel.then((stop) => stop());
  }, [actor, taskKey, config]);
}

/** Back pressed where the flow cannot go back: the applicant is told why and stays (issue 8). */
function BackRefusalNotice({ actor }: { actor: ApplicationActorRef }) {
  const refusal = useSelector(actor, (s) => s.context.backRefusal);
  if (!refusal) return null;
  return (
    <div className="solis-notice" role="alert">
      <p>
        {refusal === 'sent' ? (
          <Trans>Your application has been sent, so its answers can no longer be changed here. You can stay on this page or close it.</Trans>
        ) : (
          <Trans>You cannot go back to the previous step from here, because its answers are already being processed. Continue on this page.</Trans>
        )}
      </p>
    </div>
  );
}

/** Section 4: once there is an application, the route is replaced to `/` keeping query and hash. */
function useUrlFollowsApplication(actor: ApplicationActorRef) {
  const externalId = useSelector(actor, (s) => s.context.externalId);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!externalId) return;
    const query = new URLSearchParams(location.search);
    if (location.pathname === '/' && query.get('externalId') === externalId) return;
    query.set('externalId', externalId);
    navigate({ pathname: '/', search: `?${query.toString()}`, hash: location.hash }, { replace: true, state: FLOW_NAVIGATION });
  }, [externalId, location.pathname, location.search, location.hash, navigate]);
}

/**
 * The browser's Back never leaves the flow in the middle (issue 8). Once the applicant is past the
 * first step, an extra history entry sits above the step's own; Back pops it, the machine is told
 * (`history.back`: it returns to the previous step where the process allows it, otherwise it says
 * why the applicant stays), and the entry is put back. On the first step Back leaves as usual:
 * nothing is lost, the draft is on the server.
 */
function useBackStaysInFlow(actor: ApplicationActorRef) {
  const guarded = useSelector(actor, (s) => s.matches('step') && (s.context.stepCount > 1 || s.context.stepTerminal || s.context.previousTask !== null));
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const onGuard = (location.state as { backGuard?: boolean } | null)?.backGuard === true;
  const flowEntry = (location.state as { replacedByFlow?: boolean } | null)?.replacedByFlow === true;
  const lastKey = useRef(location.key);

  useEffect(() => {
    const popped = navigationType === 'POP' && lastKey.current !== location.key;
    lastKey.current = location.key;
    if (!guarded || onGuard) return;
    if (popped) actor.send({ type: 'history.back' });
    const here = { pathname: location.pathname, search: location.search, hash: location.hash };
    // The entry under the guard is the flow's own: popping back to it must not restart the
    // application (an address opened directly, e.g. `/?externalId=…`, carries no state yet).
    if (!flowEntry) navigate(here, { replace: true, state: FLOW_NAVIGATION });
    navigate(here, { state: BACK_GUARD });
  }, [guarded, onGuard, flowEntry, navigationType, location.key, location.pathname, location.search, location.hash, actor, navigate]);
}

/**
 * The application's person decides the language on continue (section 4); the applicant's own
 * choice in the header is told to the machine and kept in the address (`lang`), so a reload
 * before anything was typed keeps it. Each side only acts when the other differs.
 */
function useLanguageFollowsApplication(actor: ApplicationActorRef, locale: string, setLocale: ReturnType<typeof useLocaleState>['setLocale']) {
  const machineLocale = useSelector(actor, (s) => s.context.locale);
  const config = useRuntimeConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const lastMachineLocale = useRef(machineLocale);
  useEffect(() => {
    if (machineLocale === lastMachineLocale.current) return;
    lastMachineLocale.current = machineLocale;
    if (machineLocale !== locale && config.allowedLocales.includes(machineLocale)) setLocale(machineLocale);
  }, [machineLocale, locale, setLocale, config.allowedLocales]);
  useEffect(() => {
    if (locale === actor.getSnapshot().context.locale) return;
    lastMachineLocale.current = locale as typeof machineLocale;
    actor.send({ type: 'language.changed', locale: locale as typeof machineLocale });
    const query = new URLSearchParams(location.search);
    if (query.get('lang') === locale) return;
    query.set('lang', locale);
    navigate({ pathname: location.pathname, search: `?${query.toString()}`, hash: location.hash }, { replace: true, state: location.state ?? FLOW_NAVIGATION });
    // Only a language change writes the address; the address changing is not a language change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale, actor]);
}

/** Issue 2: the draft is saved on leaving the page too, with a request that outlives it. */
function useDraftFlushOnPageLeave(actor: ApplicationActorRef) {
  useEffect(() => {
    const flush = () => actor.send({ type: 'page.hidden' });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [actor]);
}
