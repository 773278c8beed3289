import type { Queryable } from '../db/database';
import { processMemoryOf, sweepProcessMemory, type ProcessMemory } from '../db/process-memory';
import type { Owner } from '../http/app-env';

/** Whose hits are counted: an owner (session or token subject) or a client address. */
export type RateLimitSubject = Owner | { kind: 'client'; id: string };

/** A fixed window: at most `limit` hits per owner in each `windowSeconds` slice of the clock. */
export interface FixedWindowLimit {
  /** What is counted; owners have one counter per bucket. */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitDecision =
  | { allowed: true; remaining: number }
  | { allowed: false; retryAfterSeconds: number };

/** The start of the window `now` falls in (windows are aligned to the epoch, the same in every process). */
export function windowStartOf(now: Date, windowSeconds: number): Date {
  const windowMs = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Every this many counted hits, ended windows are dropped from a process's memory. */
const SWEEP_EVERY_HITS = 1024;
let hitsSinceSweep = 0;

/**
 * Decision 207: one process writes a PGlite database, so its memory holds the count. JavaScript runs
 * one hit at a time: concurrent hits each get a distinct count, as the upsert gives them.
 */
function countInMemory(memory: ProcessMemory, owner: RateLimitSubject, bucket: string, windowStart: Date, windowEnd: Date, now: Date, cost: number): number {
  if (++hitsSinceSweep >= SWEEP_EVERY_HITS) {
    hitsSinceSweep = 0;
    sweepProcessMemory(memory, now);
  }
  const ownerKey = `${owner.kind}\u0000${owner.id}`;
  let windows = memory.rateLimits.get(ownerKey);
  if (!windows) {
    windows = new Map();
    memory.rateLimits.set(ownerKey, windows);
  }
  const key = `${bucket}\u0000${windowStart.getTime()}`;
  const window = windows.get(key);
  if (window) return (window.count += cost);
  windows.set(key, { count: cost, endsAtMs: windowEnd.getTime() });
  return cost;
}

/**
 * Counts one hit for `owner` (or `cost` units, e.g. KiB written) and decides. The upsert is one
 * atomic statement: concurrent hits from any number of processes each get a distinct count, so the
 * limit holds exactly (on PGlite: the process's memory, decision 207). Refused hits are counted too (a caller hammering past the limit gains
 * nothing). Ended windows change no decision (lookups are by window start); housekeeping deletes
 * them (server/db/housekeeping.ts).
 */
export async function hitRateLimit(db: Queryable, owner: RateLimitSubject, rule: FixedWindowLimit, now: Date, cost = 1): Promise<RateLimitDecision> {
  const windowStart = windowStartOf(now, rule.windowSeconds);
  const windowEnd = new Date(windowStart.getTime() + rule.windowSeconds * 1000);
  const memory = processMemoryOf(db);
  const count = memory ? countInMemory(memory, owner, rule.bucket, windowStart, windowEnd, now, cost) : await countInDatabase(db, owner, rule.bucket, windowStart, windowEnd, cost);
  if (count <= rule.limit) return { allowed: true, remaining: rule.limit - count };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000)) };
}

/** Moves what a session's owner id has counted to its new id (a renewed session, decision 207's memory). */
export function moveRateLimitCounts(db: Queryable, oldId: string, newId: string): void {
  const memory = processMemoryOf(db);
  const windows = memory?.rateLimits.get(`session\u0000${oldId}`);
  if (!memory || !windows) return;
  memory.rateLimits.delete(`session\u0000${oldId}`);
  memory.rateLimits.set(`session\u0000${newId}`, windows);
}

async function countInDatabase(db: Queryable, owner: RateLimitSubject, bucket: string, windowStart: Date, windowEnd: Date, cost: number): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `insert into rate_limits (owner_kind, owner_id, bucket, window_start, expires_at, count)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (owner_kind, owner_id, bucket, window_start) do update set count = rate_limits.count + $6
     returning count`,
    [owner.kind, owner.id, bucket, windowStart, windowEnd, cost],
  );
  return Number(rows[0]?.count ?? Number.POSITIVE_INFINITY);
}
