import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getSessionExpiry, onSessionExpiry } from '../../api/client';
import { useRuntimeConfig } from '../../steps/_kit/runtime-config-context';
import { useInspect } from '../inspect-context';
// Not from routes.tsx: the route table imports the app, and this chunk would pull the first page's
// modules apart into shared chunks (decision 200).
import { isSessionFreePath } from '../../../core/domain/app-routes';
import { provideSessionMachine } from './session-actors';
import type { SessionActorRef } from './session-actor-ref';
import { SessionTimeoutDialog } from './session-timeout-dialog';

/** Section 2's session-expired page. */
export const SESSION_EXPIRED_PATH = '/session-expired';

/** Activity is reported at most this often: the machine only needs to know there was some. */
const ACTIVITY_THROTTLE_MS = 15_000;
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'scroll'] as const;

/**
 * Runs the session machine for the whole app (issue 3): feeds it the expiry of every reply, the
 * page coming back to the foreground, the applicant's activity and whether the page has session
 * expiry disabled; shows the timeout warning; goes to the session-expired page when it ends.
 * Loaded after the first page's own code (session-provider.tsx, decision 200).
 */
export function SessionRuntime() {
  const config = useRuntimeConfig();
  const inspect = useInspect();
  const logic = useMemo(() => provideSessionMachine(), []);
  const actor = useActorRef(logic, {
    input: { warningMs: config.session.warningSeconds * 1000 },
    ...(inspect ? { inspect } : {}),
  });

  useExpiryFromReplies(actor);
  useWallClockChecks(actor);
  useActivityReports(actor);
  useDisabledOnSessionFreePages(actor);
  useSessionExpiredPage(actor);

  return <SessionTimeoutDialog actor={actor} />;
}

/** Section 4: the expiry comes with every reply; the one read before mounting (runtime config) too. */
function useExpiryFromReplies(actor: SessionActorRef) {
  useEffect(() => {
    const receive = (expiresAt: Date | null) => actor.send({ type: 'session.expiryReceived', expiresAt: expiresAt?.getTime() ?? null });
    receive(getSessionExpiry());
    return onSessionExpiry(receive);
  }, [actor]);
}

/**
 * Timers are throttled in background tabs and stand still while a device sleeps, so whenever the
 * page may have been away (shown again, restored from the back-forward cache, focused) the machine
 * looks at the clock at once.
 */
function useWallClockChecks(actor: SessionActorRef) {
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'page.visible' });
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('pageshow', check);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('pageshow', check);
      window.removeEventListener('focus', check);
    };
  }, [actor]);
}

/** The applicant using the page (reading a long step makes no calls) earns a heartbeat. */
function useActivityReports(actor: SessionActorRef) {
  useEffect(() => {
    let lastReport = Number.NEGATIVE_INFINITY;
    const report = () => {
      const now = Date.now();
      if (now - lastReport < ACTIVITY_THROTTLE_MS) return;
      lastReport = now;
      actor.send({ type: 'session.activity' });
    };
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, report, options);
    return () => {
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, report, options);
    };
  }, [actor]);
}

/** Section 2: error pages and product choice have session expiry disabled. */
function useDisabledOnSessionFreePages(actor: SessionActorRef) {
  const { pathname } = useLocation();
  const disabled = isSessionFreePath(pathname);
  useEffect(() => {
    actor.send({ type: disabled ? 'session.disabled' : 'session.enabled' });
  }, [actor, disabled]);
}

/** When the session has ended the applicant sees why; Back does not return to a page that is gone. */
function useSessionExpiredPage(actor: SessionActorRef) {
  const expired = useSelector(actor, (snapshot) => snapshot.matches('expired'));
  const navigate = useNavigate();
  useEffect(() => {
    if (expired) navigate(SESSION_EXPIRED_PATH, { replace: true });
  }, [expired, navigate]);
}
