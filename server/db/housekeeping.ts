import type { Queryable } from './database';

/**
 * How long each kind of short-lived row is kept. Applications, persons, relations and drafts are
 * the bank's records and are never swept here; their retention is the bank's policy, not ours.
 */
export const RETENTION = {
  /** An expired session opens nothing; kept a day after expiry for support questions. */
  expiredSessionMs: 24 * 60 * 60 * 1000,
  /** A retried submission comes within seconds; a day covers any client's retry and backoff. */
  idempotencyKeyMs: 24 * 60 * 60 * 1000,
  /** Test-mode controls nobody consumed (a test that failed before using them). */
  sandboxControlMs: 60 * 60 * 1000,
} as const;

/** How often `npm start` sweeps; several processes sweeping at once is harmless. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export interface PurgeCounts {
  sessions: number;
  idempotencyKeys: number;
  rateLimits: number;
  sandboxControls: number;
}

async function deleted(db: Queryable, sql: string, before: Date): Promise<number> {
  const rows = await db.query<{ n: number | string }>(`with gone as (${sql} returning 1) select count(*) as n from gone`, [before]);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Deletes what can no longer be used: sessions expired a day ago, idempotency keys a day old,
 * rate-limit windows that have ended and stale sandbox controls. Returns how many of each went.
 */
export async function purgeExpired(db: Queryable, now: Date): Promise<PurgeCounts> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return {
    sessions: await deleted(db, 'delete from sessions where expires_at < $1', ago(RETENTION.expiredSessionMs)),
    idempotencyKeys: await deleted(db, 'delete from idempotency_keys where created_at < $1', ago(RETENTION.idempotencyKeyMs)),
    rateLimits: await deleted(db, 'delete from rate_limits where expires_at < $1', now),
    sandboxControls: await deleted(db, 'delete from sandbox_controls where created_at < $1', ago(RETENTION.sandboxControlMs)),
  };
}
