import type { Database, Queryable } from './database';

/**
 * Decision 207 (issue 26 item 7): what only one process can write, kept in that process's memory
 * when the database is PGlite. A PGlite data directory is opened by one process at a time (decision
 * 025, `lockDataDirectory`), so its rate-limit counts and its sessions' sliding expiries have one
 * writer: that process's memory is authoritative for them, and each request saves the statements
 * that counted and slid them (a bench round in test mode: 24 statements before, 17 after, with the
 * merged idempotency claim). A PostgreSQL database is shared by any number
 * of processes: there they stay rows, as before.
 *
 * Kept per `Database` object (a test's app, a reopened directory: each its own memory). A
 * transaction's handle has no memory of its own: callers pass the app's `Database`.
 */
export interface ProcessMemory {
  /** Rate-limit windows by owner (`kind\0id`), then `bucket\0windowStartMs`. */
  readonly rateLimits: Map<string, Map<string, RateLimitWindow>>;
  /** Sessions seen by this process, by id. */
  readonly sessions: Map<string, RememberedSession>;
}

export interface RateLimitWindow {
  count: number;
  endsAtMs: number;
}

export interface RememberedSession {
  /** The sliding expiry (authoritative). */
  expiresAtMs: number;
  absoluteExpiresAtMs: number;
  /** The expiry the row holds: written again once the sliding one is `SESSION_WRITE_STEP_MS` past it. */
  storedExpiresAtMs: number;
  authenticated: boolean;
}

const memories = new WeakMap<Database, ProcessMemory>();

/** The process's memory of `db` when `db` is a PGlite database, else `undefined` (the rows are the authority). */
export function processMemoryOf(db: Queryable): ProcessMemory | undefined {
  const database = db as Partial<Database> & Queryable;
  if (database.kind !== 'pglite' || typeof database.transaction !== 'function') return undefined;
  let memory = memories.get(database as Database);
  if (!memory) {
    memory = { rateLimits: new Map(), sessions: new Map() };
    memories.set(database as Database, memory);
  }
  return memory;
}

/** Drops ended rate-limit windows and sessions over (housekeeping, and now and then on a write). Returns how many went. */
export function sweepProcessMemory(memory: ProcessMemory, now: Date): { rateLimits: number; sessions: number } {
  const nowMs = now.getTime();
  let rateLimits = 0;
  let sessions = 0;
  for (const [owner, windows] of memory.rateLimits) {
    for (const [key, window] of windows) {
      if (window.endsAtMs <= nowMs) {
        windows.delete(key);
        rateLimits++;
      }
    }
    if (windows.size === 0) memory.rateLimits.delete(owner);
  }
  for (const [id, session] of memory.sessions) {
    if (session.expiresAtMs <= nowMs) {
      memory.sessions.delete(id);
      sessions++;
    }
  }
  return { rateLimits, sessions };
}

/** The sandbox's reset (test mode): the process's memory empty, as its tables. */
export function forgetProcessMemory(db: Database): void {
  const memory = processMemoryOf(db);
  memory?.rateLimits.clear();
  memory?.sessions.clear();
}
