/**
 * A session machine under test: fake `extendSession` and `heartbeat` actors that wait for the test,
 * a `SimulatedClock` for the machine's timers and a wall clock for its `now()`. Normally both move
 * together; `sleep` moves only the wall clock, as a background tab or a sleeping laptop does (timers
 * stand still, the time of day does not).
 */
import { SimulatedClock, createActor, type Actor } from 'xstate';
import { sessionMachine, sessionViewOf, type ExtendedSession, type SessionInput, type SessionView } from '../../machines/session/session.machine';
import { controllable, settle, type Controllable } from './actor.fakes';

/** 2026-03-02T08:00:00Z: a whole second, so expiries and ticks stay on whole seconds. */
export const START = Date.UTC(2026, 2, 2, 8, 0, 0);
export const MINUTE = 60_000;
/** The spec's defaults: a 15-minute session, warned 2 minutes before its end. */
export const TTL_MS = 15 * MINUTE;
export const WARNING_MS = 2 * MINUTE;
export const HEARTBEAT_MS = 5 * MINUTE;

/**
 * A `SimulatedClock` that moves from one due timer to the next, so each timer fires at its own
 * moment and sees the wall clock of that moment (a plain `increment` fires them all at the end).
 */
export class SteppingClock extends SimulatedClock {
  private readonly due = new Map<number, number>();

  override setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const at = this.now() + timeout;
    const id: number = super.setTimeout(() => {
      this.due.delete(id);
      fn();
    }, timeout);
    this.due.set(id, at);
    return id;
  }

  override clearTimeout(id: number): void {
    super.clearTimeout(id);
    this.due.delete(id);
  }

  advance(ms: number): void {
    const target = this.now() + ms;
    for (;;) {
      const next = Math.min(...this.due.values());
      if (!(next <= target)) break;
      this.set(Math.max(next, this.now()));
    }
    this.set(target);
  }
}

export interface RunningSession {
  actor: Actor<typeof sessionMachine>;
  clock: SteppingClock;
  extend: Controllable<ExtendedSession, unknown>;
  heartbeat: Controllable<void, unknown>;
  /** The wall clock (epoch ms) the machine reads. */
  now(): number;
  /** Time passes for everything: timers fire on time. */
  advance(ms: number): Promise<void>;
  /** The tab is in the background (or the laptop sleeps): the wall clock moves, timers do not. */
  sleep(ms: number): void;
  /** What the client hears from a reply: the expiry `ttlMs` from now (the server slides it). */
  reply(ttlMs?: number): number;
  /** A request starts: the client clears the expiry. */
  requestStarted(): void;
  view(): SessionView;
  stop(): void;
}

export function startSession(input: Partial<SessionInput> = {}): RunningSession {
  const clock = new SteppingClock();
  let wallOffset = START;
  const now = () => clock.now() + wallOffset;
  const extend = controllable<ExtendedSession, unknown>();
  const heartbeat = controllable<void, unknown>();
  const actor = createActor(sessionMachine.provide({ actors: { extendSession: extend.logic, heartbeat: heartbeat.logic } }), {
    clock,
    input: { warningMs: WARNING_MS, heartbeatMs: HEARTBEAT_MS, now, ...input },
  });
  actor.start();
  return {
    actor,
    clock,
    extend,
    heartbeat,
    now,
    async advance(ms) {
      clock.advance(ms);
      await settle();
    },
    sleep(ms) {
      wallOffset += ms;
    },
    reply(ttlMs = TTL_MS) {
      const expiresAt = now() + ttlMs;
      actor.send({ type: 'session.expiryReceived', expiresAt });
      return expiresAt;
    },
    requestStarted() {
      actor.send({ type: 'session.expiryReceived', expiresAt: null });
    },
    view: () => sessionViewOf(actor.getSnapshot()),
    stop: () => actor.stop(),
  };
}
