import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { asAppError, type AppError } from '../../core/domain/app-error';

/**
 * The session machine (spec section 4, issue 3): the server's session expiry arrives with every
 * reply; some time before it runs out the applicant is warned and can extend it with one action, as
 * often as they like (WCAG 2.2.1); when it runs out the app shows the session-expired page.
 *
 * Time is always measured against the wall clock (`now()`, from `expiresAt`), never by counting
 * timer ticks: browsers throttle timers in background tabs and stop them while a laptop sleeps, so
 * a timer may fire late; every decision re-reads the clock, and `page.visible` re-checks at once.
 * The timers only say when to look again. Decisions: docs/decisions/050-session-expiry.md.
 */
export interface SessionInput {
  /** How long before the expiry the warning opens (runtime configuration, default 2 minutes). */
  warningMs: number;
  /** How often an active applicant keeps the session alive without other calls (default 5 minutes). */
  heartbeatMs?: number;
  /** The wall clock in epoch ms; tests pass one they control. */
  now?: () => number;
}

export interface SessionContext {
  warningMs: number;
  heartbeatMs: number;
  now: () => number;
  /** The expiry the server last announced (epoch ms); null while unknown. */
  expiresAt: number | null;
  /** Time left when the countdown last looked at the clock (shown in the warning). */
  remainingMs: number;
  /** The applicant did something (key, pointer, scroll) since the session was last slid. */
  activeSinceSlide: boolean;
  /** Why the last extension failed; shown in the warning with a way to try again. */
  extendError: AppError | null;
  /** The last failed heartbeat, kept for the inspector; a failed heartbeat changes nothing else. */
  heartbeatError: AppError | null;
}

export type SessionEvent =
  /** A reply's `x-session-expires-at` (null when a request starts: the client clears it then). */
  | { type: 'session.expiryReceived'; expiresAt: number | null }
  | { type: 'session.extendRequested' }
  /** The page shown has session expiration disabled (section 2: error pages, product choice). */
  | { type: 'session.disabled' }
  | { type: 'session.enabled' }
  /** The applicant used the page (throttled by the app). */
  | { type: 'session.activity' }
  /** The tab came back to the foreground (or the page was restored or focused): look at the clock now. */
  | { type: 'page.visible' };

export interface ExtendedSession {
  expiresAt: number;
}

/** The spec's defaults: a 15-minute session (the server's) and a warning 2 minutes before its end. */
export const DEFAULT_WARNING_MS = 2 * 60_000;
/**
 * An active applicant who makes no calls (reading, scrolling) is kept signed in with a heartbeat at
 * most this often. Only activity triggers it: an unconditional heartbeat would slide the session
 * forever and the timeout warning would never come.
 */
export const DEFAULT_HEARTBEAT_MS = 5 * 60_000;

const SECOND = 1000;

/** The time left, never below 0; an unknown expiry leaves none (the guards asking are only asked once one is known). */
function msLeft(context: SessionContext): number {
  return Math.max(0, (context.expiresAt ?? 0) - context.now());
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    extendSession: fromPromise<ExtendedSession>(async () => {
      throw new Error('The extendSession actor is provided by the app');
    }),
    heartbeat: fromPromise<void>(async () => {
      throw new Error('The heartbeat actor is provided by the app');
    }),
  },
  delays: {
    untilWarning: ({ context }) => Math.max(0, msLeft(context) - context.warningMs),
    heartbeatInterval: ({ context }) => context.heartbeatMs,
    // Ticks land on whole seconds of the time left, so the countdown never skips or repeats one. (No
    // tick is planned once nothing is left: the countdown's `hasRunOut` leaves for `expired` first.)
    untilNextSecond: ({ context }) => msLeft(context) % SECOND || SECOND,
  },
  guards: {
    // Given the reply's expiry (`session.expiryReceived`).
    isNewExpiry: ({ context }, expiresAt: number | null) => expiresAt !== null && expiresAt !== context.expiresAt,
    isKnownExpiry: (_, expiresAt: number | null) => expiresAt !== null,
    hasRunOut: ({ context }) => msLeft(context) <= 0,
    isWarningDue: ({ context }) => msLeft(context) <= context.warningMs,
    isStillValid: ({ context }) => msLeft(context) > 0,
    wasActive: ({ context }) => context.activeSinceSlide,
    wasIdle: ({ context }) => !context.activeSinceSlide,
    // An extension that leaves the expiry inside the warning window did not help (e.g. an embedded
    // token's fixed expiry): say so rather than close and reopen the warning.
    extendedPastWarning: ({ context }, output: ExtendedSession) => output.expiresAt - context.now() > context.warningMs,
  },
  actions: {
    storeExpiry: assign((_, expiresAt: number | null) => ({ expiresAt })),
    measureRemaining: assign({ remainingMs: ({ context }) => msLeft(context) }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    warningMs: input.warningMs,
    heartbeatMs: input.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    now: input.now ?? Date.now,
    expiresAt: null,
    remainingMs: 0,
    // Stryker disable next-line BooleanLiteral: equivalent, `active` sets it again on entry and no state before it reads it.
    activeSinceSlide: false,
    extendError: null,
    heartbeatError: null,
  }),
  on: {
    'session.disabled': { target: '.disabled' },
  },
  initial: 'idle',
  states: {
    /** No reply has announced an expiry yet. */
    idle: {
      on: {
        'session.expiryReceived': {
          guard: { type: 'isNewExpiry', params: ({ event }) => event.expiresAt },
          target: 'checking',
          actions: { type: 'storeExpiry', params: ({ event }) => event.expiresAt },
        },
      },
    },
    /** Decides from the wall clock where the session stands. */
    checking: {
      always: [{ guard: 'hasRunOut', target: 'expired' }, { guard: 'isWarningDue', target: 'warning' }, { target: 'active' }],
    },
    /** The session runs; a timer says when to warn, and an active applicant gets a heartbeat. */
    active: {
      entry: assign({ activeSinceSlide: false, extendError: null }),
      // Back to `checking` rather than straight to `warning`: a timer that fired late (sleep) may
      // find the session already over.
      after: { untilWarning: { target: 'checking' } },
      on: {
        // Every reply slides the session: re-entering restarts both timers from the new expiry.
        'session.expiryReceived': {
          guard: { type: 'isNewExpiry', params: ({ event }) => event.expiresAt },
          target: 'checking',
          actions: { type: 'storeExpiry', params: ({ event }) => event.expiresAt },
        },
        'session.activity': { guard: 'wasIdle', actions: assign({ activeSinceSlide: true }) },
        'page.visible': { guard: 'isWarningDue', target: 'checking' },
      },
      initial: 'resting',
      states: {
        resting: {
          after: {
            heartbeatInterval: [{ guard: 'wasActive', target: 'beating' }, { target: 'resting', reenter: true }],
          },
        },
        beating: {
          entry: assign({ activeSinceSlide: false }),
          invoke: {
            src: 'heartbeat',
            // The new expiry comes with the reply's header (`session.expiryReceived`).
            onDone: { target: 'resting', actions: assign({ heartbeatError: null }) },
            // Not fatal: the session may still be alive, and the warning will tell if it is not.
            onError: { target: 'resting', actions: assign({ heartbeatError: ({ event }) => asAppError(event.error) }) },
          },
        },
      },
    },
    /** The warning is shown with the time left; one action extends the session. */
    warning: {
      type: 'parallel',
      on: {
        // Any reply with a new expiry (the extension's own, or another call's) decides again.
        'session.expiryReceived': {
          guard: { type: 'isNewExpiry', params: ({ event }) => event.expiresAt },
          target: 'checking',
          actions: { type: 'storeExpiry', params: ({ event }) => event.expiresAt },
        },
      },
      states: {
        countdown: {
          initial: 'ticking',
          states: {
            ticking: {
              entry: 'measureRemaining',
              always: { guard: 'hasRunOut', target: '#session.expired' },
              after: { untilNextSecond: { target: 'ticking', reenter: true } },
              on: { 'page.visible': { target: 'ticking', reenter: true } },
            },
          },
        },
        extension: {
          initial: 'offered',
          states: {
            offered: {
              on: { 'session.extendRequested': { target: 'extending' } },
            },
            extending: {
              entry: assign({ extendError: null }),
              invoke: {
                src: 'extendSession',
                onDone: [
                  {
                    guard: { type: 'extendedPastWarning', params: ({ event }) => event.output },
                    target: '#session.checking',
                    actions: assign({ expiresAt: ({ event }) => event.output.expiresAt }),
                  },
                  {
                    target: 'failed',
                    actions: assign({
                      expiresAt: ({ event }) => event.output.expiresAt,
                      extendError: { kind: 'server', message: 'The session was not extended.', code: 'SESSION_NOT_EXTENDED' },
                    }),
                  },
                ],
                onError: { target: 'failed', actions: assign({ extendError: ({ event }) => asAppError(event.error) }) },
              },
            },
            /** The extension failed; the warning says so and the same action tries again. */
            failed: {
              on: { 'session.extendRequested': { target: 'extending' } },
            },
          },
        },
      },
    },
    /**
     * The session is over: the app shows the session-expired page, whose route disables expiry.
     * The old expiry is forgotten, so coming back to an enabled page waits for a new one.
     */
    expired: {
      entry: assign({ expiresAt: null, remainingMs: 0, extendError: null }),
    },
    /** A page with session expiration disabled: no warning, no expiry; replies are still noted. */
    disabled: {
      on: {
        'session.disabled': {},
        'session.expiryReceived': {
          guard: { type: 'isKnownExpiry', params: ({ event }) => event.expiresAt },
          actions: { type: 'storeExpiry', params: ({ event }) => event.expiresAt },
        },
        // A session that ran out meanwhile waits for the next reply rather than sending the
        // applicant to the session-expired page for time spent on a page where expiry is off.
        'session.enabled': [{ guard: 'isStillValid', target: 'checking' }, { target: 'idle', actions: assign({ expiresAt: null }) }],
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** What the applicant sees of the session: nothing, the warning, or the session-expired page. */
export type SessionView =
  | { kind: 'none' }
  | { kind: 'warning'; remainingSeconds: number; extending: boolean; extendFailed: boolean }
  | { kind: 'expired' };

export function sessionViewOf(snapshot: SessionSnapshot): SessionView {
  if (snapshot.matches('expired')) return { kind: 'expired' };
  if (snapshot.matches('warning')) {
    return {
      kind: 'warning',
      remainingSeconds: Math.ceil(snapshot.context.remainingMs / SECOND),
      extending: snapshot.matches({ warning: { extension: 'extending' } }),
      extendFailed: snapshot.matches({ warning: { extension: 'failed' } }),
    };
  }
  return { kind: 'none' };
}
