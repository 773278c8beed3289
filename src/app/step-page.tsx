import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
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
  useHistoryFollowsSteps(actor);
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

  const stepOfMachine = view === 'step' && taskKey && hasStep(taskKey) ? taskKey : null;
  // Issue 26 item 1 (decision 231): the machine's change to a step is an external store's update,
  // which React renders at once and whole: the first step of a page was one long task (~50 ms of a
  // fast laptop's CPU, 200-500 ms on a budget phone) before anything could answer a tap. The step's
  // first appearance after a page without one is rendered as a deferred update instead, which React
  // renders in slices of a few milliseconds; the page shown meanwhile stays as it was for that render.
  // A boolean: a step following a step renders at once as before (it stays true).
  const stepAppeared = useDeferredValue(stepOfMachine !== null);
  const shownStep = stepAppeared ? stepOfMachine : null;
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
    // The entry keeps its place among the steps (decision 212).
    navigate({ pathname: '/', search: `?${query.toString()}`, hash: location.hash }, { replace: true, state: { ...(location.state as object | null), ...FLOW_NAVIGATION } });
    // The address changing is what this follows; the state travels along.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [externalId, location.pathname, location.search, location.hash, navigate]);
}

/** A history entry of the flow (decision 212): its place among this page's steps; a floor has none of the flow's below it. */
interface FlowEntry {
  flowStep: number;
  flowFloor: boolean;
}

function flowEntryOf(state: unknown): FlowEntry | null {
  const entry = state as { flowStep?: unknown; flowFloor?: unknown } | null;
  return typeof entry?.flowStep === 'number' ? { flowStep: entry.flowStep, flowFloor: entry.flowFloor === true } : null;
}

function flowEntryState(flowStep: number, floor = false) {
  return { ...FLOW_NAVIGATION, flowStep, ...(floor ? { flowFloor: true } : {}) };
}

/** Nothing under way: no submission, return, change or Forward waiting for the step's form. */
function isSettled(snapshot: ReturnType<ApplicationActorRef['getSnapshot']>): boolean {
  return (snapshot.matches({ step: 'editing' }) || snapshot.matches({ step: 'finished' })) && !snapshot.context.forwarding;
}

/**
 * The browser's Back and Forward move between steps (issues 8 and 26, decision 212). Every step the
 * page shows has a history entry of its own whose state holds its place (`flowStep`), so a popped
 * entry tells Back from Forward:
 * - a new step after Continue pushes an entry; a return (the Back link) goes back one entry, so the
 *   step left stays as the entry Forward leads to;
 * - Back (a lower entry) asks the machine to return (`history.back`: where the process allows it,
 *   otherwise the applicant is told why and stays); Forward (a higher entry) asks it to continue
 *   (`history.forward`: a page of answers presses its Continue, the server's process picks the next
 *   task);
 * - once nothing is under way and the entry is not the shown step's (a refused Back, a Forward whose
 *   answers no longer pass, a press while busy), the history goes back to the shown step's entry;
 * - past the first step an entry of the flow always lies below the shown one, so Back never leaves
 *   the flow in the middle: the lowest one (a page opened mid-flow) is laid again one place higher,
 *   with the entries Forward leads to above it. On the first step Back leaves as usual: the draft is
 *   on the server.
 */
function useHistoryFollowsSteps(actor: ApplicationActorRef) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const inStep = useSelector(actor, (s) => s.matches('step'));
  const guarded = useSelector(actor, (s) => s.matches('step') && (s.context.stepCount > 1 || s.context.stepTerminal || s.context.previousTask !== null));
  const settled = useSelector(actor, isSettled);
  const moveSeq = useSelector(actor, (s) => s.context.stepMove.seq);
  /** The place of the shown step's entry; the highest entry of this page life; a `go` not yet arrived. */
  const shown = useRef<number | null>(null);
  const top = useRef(0);
  const seenMove = useRef<number | null>(null);
  const seenKey = useRef(location.key);
  const correcting = useRef<number | null>(null);

  useEffect(() => {
    const popped = navigationType === 'POP' && seenKey.current !== location.key;
    seenKey.current = location.key;
    if (!inStep) return;
    const here = { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
    const entry = flowEntryOf(location.state);
    const snapshot = actor.getSnapshot();

    if (shown.current === null) {
      seenMove.current = snapshot.context.stepMove.seq;
      if (entry) {
        // A reload keeps the tab's history and its states: the entries below are the flow's.
        shown.current = top.current = entry.flowStep;
      } else {
        shown.current = top.current = 0;
        navigate(here, { replace: true, state: { ...(location.state as object | null), ...flowEntryState(0, true) } });
        return;
      }
    }
    const at = shown.current;

    if (seenMove.current !== moveSeq) {
      seenMove.current = moveSeq;
      const by = snapshot.context.stepMove.by;
      if (by === 'forward') {
        shown.current = at + 1;
        // After the browser's Forward the entry is there already; after Continue it is made.
        if (entry?.flowStep !== at + 1) {
          top.current = at + 1;
          navigate(here, { state: flowEntryState(at + 1) });
        }
        return;
      }
      if (by === 'back') {
        shown.current = at - 1;
        // The Back link: the history follows one entry back, the step left stays ahead for Forward.
        if (entry?.flowStep === at && !entry.flowFloor) {
          correcting.current = at - 1;
          navigate(-1);
          return;
        }
        if (entry && entry.flowStep !== at - 1) navigate(here, { replace: true, state: flowEntryState(at - 1, entry.flowFloor) });
        return;
      }
    }

    if (popped && entry) {
      if (correcting.current === entry.flowStep) correcting.current = null;
      else if (entry.flowStep < at) actor.send({ type: 'history.back' });
      else if (entry.flowStep > at && snapshot.can({ type: 'history.forward' })) actor.send({ type: 'history.forward' });
    }

    if (!isSettled(actor.getSnapshot()) || correcting.current !== null || !entry) return;
    if (entry.flowStep !== at) {
      // A refused Back, a Forward that stayed, a press while busy: back to the shown step's entry.
      correcting.current = at;
      navigate(at - entry.flowStep);
      return;
    }
    if (guarded && entry.flowFloor) {
      // Nothing of the flow below a step that can go back: lay the entries again one place higher.
      navigate(here, { replace: true, state: flowEntryState(at - 1, true) });
      navigate(here, { state: flowEntryState(at) });
      for (let place = at + 1; place <= top.current; place++) navigate(here, { state: flowEntryState(place) });
      if (top.current > at) {
        correcting.current = at;
        navigate(at - top.current);
      }
    }
  }, [actor, navigate, navigationType, location.key, location.state, inStep, guarded, settled, moveSeq]);
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
