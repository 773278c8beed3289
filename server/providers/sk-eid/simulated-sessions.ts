import { randomUUID } from 'node:crypto';

/**
 * The sessions of the Smart-ID and Mobile-ID simulators (issue 21; docs/decisions/167), which work
 * alike: a session runs until the person answers on its page or the provider's own timeout ends it
 * (TIMEOUT); its status is a long poll that waits up to `timeoutMs` for a change; a finished session
 * is kept a few minutes for the status calls, then forgotten (both APIs: 404 after about five
 * minutes). A test-mode script answers RUNNING for some polls, then its result, without a person.
 */
export interface SessionScript {
  runningPolls: number;
  /** The provider's end result the script ends with. */
  result: string;
}

export interface SimulatedSession<Data> {
  readonly id: string;
  readonly createdAt: number;
  readonly data: Data;
  script: SessionScript | null;
  polls: number;
  completedAt: number | null;
  answer: Promise<Record<string, unknown>> | null;
  readonly waiters: Set<() => void>;
}

export interface SimulatedSessionsOptions<Data> {
  /** The provider's own timeout: a session nobody answers ends with `timeoutResult` after it. */
  timeoutMs: number;
  keptMs: number;
  timeoutResult: string;
  /** The COMPLETE answer for an end result (an OK one carries a signature). */
  answer(session: SimulatedSession<Data>, result: string): Promise<Record<string, unknown>>;
  /** The RUNNING answer. */
  running: Record<string, unknown>;
  /** Long poll bounds and the wait when `timeoutMs` is not given. */
  poll: { min: number; max: number; default: number };
}

/** The most sessions a simulator keeps (a demonstration left running for days stays small). */
const MOST_SESSIONS = 10_000;

export class SimulatedSessions<Data> {
  private readonly sessions = new Map<string, SimulatedSession<Data>>();

  constructor(private readonly options: SimulatedSessionsOptions<Data>) {}

  open(data: Data, script: SessionScript | null = null): SimulatedSession<Data> {
    this.expire(Date.now());
    if (this.sessions.size >= MOST_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    const session: SimulatedSession<Data> = { id: randomUUID(), createdAt: Date.now(), data, script, polls: 0, completedAt: null, answer: null, waiters: new Set() };
    this.sessions.set(session.id, session);
    return session;
  }

  get(id: string): SimulatedSession<Data> | undefined {
    this.expire(Date.now());
    return this.sessions.get(id);
  }

  /** The sessions waiting for a person (scripted ones answer by themselves). */
  waitingForPerson(): SimulatedSession<Data>[] {
    this.expire(Date.now());
    return [...this.sessions.values()].filter((session) => session.completedAt === null && !session.script);
  }

  complete(session: SimulatedSession<Data>, result: string): void {
    if (session.completedAt !== null) return;
    session.completedAt = Date.now();
    session.answer = this.options.answer(session, result);
    // Nothing is left unhandled when nobody polls again.
    session.answer.catch(() => undefined);
    for (const wake of session.waiters) wake();
    session.waiters.clear();
  }

  /** The status answer, or undefined for a session that does not exist (any more). */
  async status(id: string, timeoutMsQuery: string | undefined): Promise<Record<string, unknown> | undefined> {
    const session = this.get(id);
    if (!session) return undefined;
    if (session.completedAt === null && session.script) {
      session.polls += 1;
      if (session.polls <= session.script.runningPolls) return this.options.running;
      this.complete(session, session.script.result);
    }
    if (session.completedAt === null) {
      const { min, max } = this.options.poll;
      const asked = Number(timeoutMsQuery ?? this.options.poll.default);
      const wait = Math.min(Math.max(Number.isFinite(asked) ? asked : this.options.poll.default, min), max, Math.max(0, session.createdAt + this.options.timeoutMs - Date.now()));
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          session.waiters.delete(wake);
          resolve();
        }, wait);
        session.waiters.add(wake);
      });
      this.expire(Date.now());
    }
    return session.answer ? await session.answer : this.options.running;
  }

  reset(): void {
    for (const session of this.sessions.values()) for (const wake of session.waiters) wake();
    this.sessions.clear();
  }

  private expire(now: number): void {
    for (const session of this.sessions.values()) {
      if (session.completedAt === null && !session.script && now - session.createdAt >= this.options.timeoutMs) this.complete(session, this.options.timeoutResult);
      if (session.completedAt !== null && now - session.completedAt > this.options.keptMs) this.sessions.delete(session.id);
    }
  }
}
