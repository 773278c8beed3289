import { processMemoryOf, sweepProcessMemory } from './process-memory';
import type { Database, Queryable } from './database';
import { describeError } from '../http/error-report';

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

/**
 * PGlite runs no autovacuum: every draft save leaves the old row version (and its TOAST chunks)
 * behind until a VACUUM, and its log until a checkpoint, so a flood of saves would grow the data
 * directory without bound (issue 9). After this many bytes of draft writes the drafts table is
 * vacuumed and a checkpoint taken, at most once per interval.
 */
export const DRAFT_VACUUM_BYTES = 8 * 1024 * 1024;
export const DRAFT_VACUUM_MIN_INTERVAL_MS = 2000;

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
 * Deletes what can no longer be used: sessions expired a day ago (or past their absolute end),
 * idempotency keys a day old, rate-limit windows that have ended and stale sandbox controls.
 * Returns how many of each went.
 */
export async function purgeExpired(db: Queryable, now: Date): Promise<PurgeCounts> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  // Decision 207: on PGlite the counts and sliding expiries are the process's memory: ended ones go too.
  const memory = processMemoryOf(db);
  if (memory) sweepProcessMemory(memory, now);
  return {
    sessions: await deleted(db, 'delete from sessions where expires_at < $1', ago(RETENTION.expiredSessionMs)),
    idempotencyKeys: await deleted(db, 'delete from idempotency_keys where created_at < $1', ago(RETENTION.idempotencyKeyMs)),
    rateLimits: await deleted(db, 'delete from rate_limits where expires_at < $1', now),
    sandboxControls: await deleted(db, 'delete from sandbox_controls where created_at < $1', ago(RETENTION.sandboxControlMs)),
  };
}

/**
 * Issue 23 item 4 (docs/decisions/179-upload-limits-steps-and-names.md): a removed document keeps its
 * audit facts (purpose, size, SHA-256, detected type, times) but not its content. Removal erases the
 * content at once (decision 150); this sweeps up any removed document whose content is still there
 * (a row written by an older version, or by hand). Returns how many were erased.
 */
export async function eraseRemovedDocuments(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number | string }>(
    `with erased as (update documents set content = ''::bytea where removed_at is not null and octet_length(content) > 0 returning 1)
     select count(*) as n from erased`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The erased contents' space (their TOAST chunks) is reusable only after a VACUUM of the documents
 * table: on PGlite the sweep's `vacuum` does it; a PostgreSQL server's autovacuum would get to it on
 * its own schedule, so it is asked for here too (VACUUM without FULL takes no lock that blocks uploads).
 */
export async function reclaimDocuments(db: Database): Promise<number> {
  const erased = await eraseRemovedDocuments(db);
  if (db.kind === 'postgres') await db.exec('vacuum documents');
  return erased;
}

/** Tables whose rows are rewritten or deleted often; VACUUM makes their dead versions' space reusable. */
const CHURNING_TABLES = ['drafts', 'sessions', 'rate_limits', 'idempotency_keys', 'sandbox_controls', 'applications', 'persons', 'documents'];

/**
 * PGlite only (a PostgreSQL server's autovacuum and checkpointer do this on their own): VACUUM makes
 * dead row versions' space reusable, and a CHECKPOINT lets the write-ahead log's segments be
 * recycled, which would otherwise pile up to max_wal_size (1 GB) between PGlite's rare checkpoints.
 */
export async function vacuum(db: Database, tables: readonly string[] = CHURNING_TABLES): Promise<void> {
  if (db.kind !== 'pglite') return;
  for (const table of tables) await db.exec(`vacuum ${table}`);
  await db.exec('checkpoint');
}

export interface WriteObserver {
  /** A draft of this many bytes was written (its previous version is now dead). */
  draftWritten(bytes: number): void;
}

export interface Housekeeping extends WriteObserver {
  stop(): void;
  /** Resolves when a vacuum in progress (if any) has finished (tests and the benchmark). */
  idle(): Promise<void>;
}

export interface HousekeepingOptions {
  intervalMs?: number;
  vacuumAfterBytes?: number;
  vacuumMinIntervalMs?: number;
  clock?: () => Date;
  log?: (level: 'info' | 'error', msg: string, fields?: Record<string, unknown>) => void;
}

/**
 * Sweeps at start and every `intervalMs` (unref'd timers: they never keep the process alive), and
 * on PGlite vacuums after each sweep and whenever `vacuumAfterBytes` of drafts were written.
 */
export function startHousekeeping(db: Database, options: HousekeepingOptions = {}): Housekeeping {
  const intervalMs = options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS;
  const vacuumAfterBytes = options.vacuumAfterBytes ?? DRAFT_VACUUM_BYTES;
  const minIntervalMs = options.vacuumMinIntervalMs ?? DRAFT_VACUUM_MIN_INTERVAL_MS;
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let bytesSinceVacuum = 0;
  let lastVacuum = 0;
  let pendingTimer: ReturnType<typeof setTimeout> | undefined;

  const run = (what: string, task: () => Promise<void>) => {
    busy = true;
    running = running
      .then(task)
      .catch((error: unknown) => log('error', `housekeeping ${what} failed`, describeError(error)))
      .finally(() => {
        busy = false;
      });
  };

  const sweep = () =>
    run('sweep', async () => {
      const counts = await purgeExpired(db, clock());
      const documentsErased = await reclaimDocuments(db);
      await vacuum(db);
      log('info', 'housekeeping', { ...counts, documentsErased });
    });

  const vacuumDrafts = () => {
    pendingTimer = undefined;
    if (stopped || busy) return;
    bytesSinceVacuum = 0;
    lastVacuum = Date.now();
    run('vacuum', () => vacuum(db, ['drafts']));
  };

  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();

  return {
    draftWritten(bytes) {
      if (db.kind !== 'pglite' || stopped) return;
      bytesSinceVacuum += bytes;
      if (bytesSinceVacuum < vacuumAfterBytes || pendingTimer) return;
      const wait = Math.max(0, lastVacuum + minIntervalMs - Date.now());
      pendingTimer = setTimeout(vacuumDrafts, wait);
      pendingTimer.unref();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      if (pendingTimer) clearTimeout(pendingTimer);
    },
    idle: () => running,
  };
}
