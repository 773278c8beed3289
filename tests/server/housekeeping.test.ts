import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { RETENTION, purgeExpired, startHousekeeping, type Housekeeping } from '../../server/db/housekeeping';
import { silentLogger } from '../../server/http/logger';
import { openTestDatabase, type TestDatabase } from '../support/pglite-template';
import { ApiClient } from './support/api-client';
import { createApplication, stepPath } from './support/payloads';
import { TEST_ORIGIN } from './support/test-app';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const NOW = new Date('2026-11-22T12:00:00Z');
const at = (msFromNow: number) => new Date(NOW.getTime() + msFromNow);
const MINUTE = 60_000;

async function ids(table: string, column: string): Promise<string[]> {
  const rows = await database.db.query<{ id: string }>(`select ${column} as id from ${table} order by ${column}`);
  return rows.map((row) => row.id);
}

describe('purgeExpired', () => {
  it('deletes only what can no longer be used, and says how much of each', async () => {
    const { db } = database;
    const session = (id: string, expiresAt: Date) =>
      db.query('insert into sessions (id, created_at, expires_at, absolute_expires_at) values ($1, $2, $3, $3)', [
        id,
        at(-2 * RETENTION.expiredSessionMs),
        expiresAt,
      ]);
    await session('long-expired', at(-RETENTION.expiredSessionMs - MINUTE));
    await session('recently-expired', at(-RETENTION.expiredSessionMs + MINUTE));
    await session('live', at(15 * MINUTE));

    const key = (key: string, createdAt: Date) =>
      db.query(
        `insert into idempotency_keys (owner_kind, owner_id, key, request_hash, status, created_at) values ('session', 'owner', $1, 'hash', 'completed', $2)`,
        [key, createdAt],
      );
    await key('old-key', at(-RETENTION.idempotencyKeyMs - MINUTE));
    await key('recent-key', at(-RETENTION.idempotencyKeyMs + MINUTE));

    const window = (bucket: string, expiresAt: Date) =>
      db.query(
        `insert into rate_limits (owner_kind, owner_id, bucket, window_start, expires_at, count) values ('session', 'owner', $1, $2, $3, 1)`,
        [bucket, at(-2 * MINUTE), expiresAt],
      );
    await window('ended', at(-1));
    await window('open', at(MINUTE));

    const control = (path: string, createdAt: Date) =>
      db.query(
        `insert into sandbox_controls (owner_kind, owner_id, kind, path, value, created_at) values ('session', 'owner', 'fail-next', $1, '{"status":500}'::jsonb, $2)`,
        [path, createdAt],
      );
    await control('/stale', at(-RETENTION.sandboxControlMs - MINUTE));
    await control('/fresh', at(-MINUTE));

    expect(await purgeExpired(db, NOW)).toEqual({ sessions: 1, idempotencyKeys: 1, rateLimits: 1, sandboxControls: 1 });
    expect(await ids('sessions', 'id')).toEqual(['live', 'recently-expired']);
    expect(await ids('idempotency_keys', 'key')).toEqual(['recent-key']);
    expect(await ids('rate_limits', 'bucket')).toEqual(['open']);
    expect(await ids('sandbox_controls', 'path')).toEqual(['/fresh']);

    // A second sweep finds nothing more.
    expect(await purgeExpired(db, NOW)).toEqual({ sessions: 0, idempotencyKeys: 0, rateLimits: 0, sandboxControls: 0 });
  });
});

describe('a draft flood on PGlite (no autovacuum there)', () => {
  /** Incompressible text, so each saved draft really takes its size on disk (TOAST compresses). */
  const noise = (bytes: number) => randomBytes(Math.ceil((bytes * 3) / 4)).toString('base64').slice(0, bytes);

  async function flood(housekeeping: Housekeeping | undefined, saves: number): Promise<number> {
    const clockState = { offsetMs: 0 };
    const config = loadConfig({ SOLIS_MODE: 'test' });
    const app = createApp({
      config,
      db: database.db,
      clock: () => new Date(Date.now() + clockState.offsetMs),
      logger: silentLogger,
      ...(housekeeping ? { writes: housekeeping } : {}),
    });
    const client = new ApiClient(app, TEST_ORIGIN);
    const task = await createApplication(client);
    await database.db.exec('vacuum drafts');
    const sizeBefore = await draftsSize();
    for (let version = 0; version < saves; version++) {
      // Past the per-session limits of draft saves and KiB a minute: this is about the disk, not the limiter.
      if (version % 10 === 9) clockState.offsetMs += 61_000;
      const reply = await client.put(stepPath(task.externalId), { taskDefinitionKey: 'createApplicationStep', version, data: { notes: noise(60_000) } });
      expect(reply.status).toBe(200);
    }
    await housekeeping?.idle();
    return (await draftsSize()) - sizeBefore;
  }

  async function draftsSize(): Promise<number> {
    return Number((await database.db.query<{ bytes: string }>("select pg_total_relation_size('drafts')::text as bytes"))[0]!.bytes);
  }

  it('keeps the drafts table from growing with every save when housekeeping vacuums after every so many bytes written', async () => {
    const saves = 30; // about 1.7 MiB of drafts, one live at a time
    const unswept = await flood(undefined, saves);
    const housekeeping = startHousekeeping(database.db, { intervalMs: 3_600_000, vacuumAfterBytes: 256 * 1024, vacuumMinIntervalMs: 0 });
    try {
      const swept = await flood(housekeeping, saves);
      expect(unswept).toBeGreaterThan(1.5 * 1024 * 1024);
      expect(swept).toBeLessThan(unswept / 3);
    } finally {
      housekeeping.stop();
    }
  }, 30_000);
});
