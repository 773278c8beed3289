import type { Queryable } from '../db/database';
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

/**
 * Counts one hit for `owner` (or `cost` units, e.g. KiB written) and decides. The upsert is one
 * atomic statement: concurrent hits from any number of processes each get a distinct count, so the
 * limit holds exactly. Refused hits are counted too (a caller hammering past the limit gains
 * nothing). Ended windows change no decision (lookups are by window start); housekeeping deletes
 * them (server/db/housekeeping.ts).
 */
export async function hitRateLimit(db: Queryable, owner: RateLimitSubject, rule: FixedWindowLimit, now: Date, cost = 1): Promise<RateLimitDecision> {
  const windowStart = windowStartOf(now, rule.windowSeconds);
  const windowEnd = new Date(windowStart.getTime() + rule.windowSeconds * 1000);
  const rows = await db.query<{ count: number }>(
    `insert into rate_limits (owner_kind, owner_id, bucket, window_start, expires_at, count)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (owner_kind, owner_id, bucket, window_start) do update set count = rate_limits.count + $6
     returning count`,
    [owner.kind, owner.id, rule.bucket, windowStart, windowEnd, cost],
  );
  const count = Number(rows[0]?.count ?? Number.POSITIVE_INFINITY);
  if (count <= rule.limit) return { allowed: true, remaining: rule.limit - count };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000)) };
}
