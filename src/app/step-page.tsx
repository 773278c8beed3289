import { Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isTaskKey, type TaskKey } from '../domain/task-keys';
import { progressValue } from '../domain/progress';
import { ApplicationActorContext } from '../steps/application-actor';
import { STEP_SCREENS } from '../steps/registry';
import { useRuntimeConfig } from '../steps/runtime-config-context';
import { provideApplicationMachine } from './application-actors';
import { readStartParameters } from './start-parameters';
import { useLocaleState } from './locale-context';
import { useInspect } from './inspect-context';
import { AppLayout, useHomeHref } from './app-layout';
import { ApplicationErrorPage } from './application-error-page';
import { ErrorBoundary } from './error-boundary';
import { useBeforeChunkReload } from './chunk-recovery';
import { LoadingPage } from '../components/loading-page';
import type { ApplicationActorRef } from '../steps/application-actor';

/** The step whose form holds the amount: the header shows it on every other step. */
const AMOUNT_IS_CHOSEN_ON: TaskKey = 'createApplicationStep';

/** Marks navigations the flow itself makes, so they do not restart the application machine. */
export const FLOW_NAVIGATION = { replacedByFlow: true } as const;

/**
 * Route `/`: runs the application machine and shows the current step (section 2). The view only
 * subscribes and sends; every decision is the machine's.
 */
export function StepPage() {
  const config = useRuntimeConfig();
  const { locale, setLocale } = useLocaleState();
  const homeHref = useHomeHref();
  const inspect = useInspect();
  const location = useLocation();
  const navigate = useNavigate();
  const machine = useMemo(() => provideApplicationMachine(config), [config]);
  const actor = useActorRef(machine, {
    input: {
      businessDomain: config.businessDomain,
      start: readStartParameters(location.search, config.businessDomain),
      locale,
    },
    ...(inspect ? { inspect } : {}),
  });

  useUrlFollowsApplication(actor);
  useLanguageFollowsApplication(actor, locale, setLocale);
  useDraftFlushOnPageLeave(actor);
  // Section 8: a chunk-recovery reload first sends the draft (keepalive), like leaving the page.
  useBeforeChunkReload(useCallback(() => actor.send({ type: 'page.hidden' }), [actor]));

  const view = useSelector(actor, (s) => {
    if (s.matches('step')) return 'step' as const;
    if (s.matches('failed')) return 'failed' as const;
    if (s.matches('redirecting')) return 'redirecting' as const;
    return 'loading' as const;
  });
  const taskKey = useSelector(actor, (s) => s.context.taskKey);
  const progress = useSelector(actor, (s) =>
    progressValue(s.context.stepCount, {
      domain: s.context.businessDomain,
      productName: s.context.application?.creditConditions.productName ?? undefined,
    }),
  );
  const redirect = useSelector(actor, (s) => s.context.redirect);
  const application = useSelector(actor, (s) => s.context.application);

  useEffect(() => {
    if (view !== 'redirecting' || !redirect) return;
    if (redirect.kind === 'external') window.location.assign(redirect.to);
    else navigate(redirect.to, { replace: true });
  }, [view, redirect, navigate]);

  let content;
  if (view === 'failed') {
    content = <ApplicationErrorPage actor={actor} />;
  } else if (view === 'step' && taskKey && isTaskKey(taskKey)) {
    const Screen = STEP_SCREENS[taskKey];
    // Inside the frame and the actor: a screen that fails to render (or whose chunk fails) keeps
    // the running application, so its draft can still be saved before a recovery reload.
    content = (
      <ErrorBoundary resetKey={taskKey} homeHref={homeHref}>
        <Suspense fallback={<LoadingPage />}>
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
        progress={view === 'step' ? progress : undefined}
        application={application}
        showAmount={view === 'step' && taskKey !== AMOUNT_IS_CHOSEN_ON}
      >
        {content}
      </AppLayout>
    </ApplicationActorContext.Provider>
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
 * The application's person decides the language on continue (section 4); the applicant's own
 * choice in the header is told to the machine. Each side only acts when the other differs.
 */
function useLanguageFollowsApplication(actor: ApplicationActorRef, locale: string, setLocale: ReturnType<typeof useLocaleState>['setLocale']) {
  const machineLocale = useSelector(actor, (s) => s.context.locale);
  const config = useRuntimeConfig();
  const lastMachineLocale = useRef(machineLocale);
  useEffect(() => {
    if (machineLocale === lastMachineLocale.current) return;
    lastMachineLocale.current = machineLocale;
    if (machineLocale !== locale && config.allowedLocales.includes(machineLocale)) setLocale(machineLocale);
  }, [machineLocale, locale, setLocale, config.allowedLocales]);
  useEffect(() => {
    if (locale !== actor.getSnapshot().context.locale) {
      lastMachineLocale.current = locale as typeof machineLocale;
      actor.send({ type: 'language.changed', locale: locale as typeof machineLocale });
    }
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
