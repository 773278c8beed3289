/**
 * Decision 207 (issue 26 item 7): on PGlite, one process writes the data directory, so it keeps rate-limit
 * counts and sessions' sliding expiries in memory instead of a statement per request. The security
 * properties stay: the limits still limit (exactly, under concurrency), sessions still end when idle and
 * at their absolute end, a renewed session keeps its counts, a reset forgets them. A wrapper around the
 * same database (`loggingDatabase`) has a memory of its own: it stands for the process after a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { purgeExpired } from '../../server/db/housekeeping';
import { batchedLines } from '../../server/http/logger';
import { processMemoryOf } from '../../server/db/process-memory';
import { NAMED_STATEMENTS_MAX, statementNameOf } from '../../server/db/postgres-database';
import { hitRateLimit, type FixedWindowLimit } from '../../server/rate-limit/rate-limiter';
import { resetToSeeded } from '../../server/sandbox/reset';
import { SESSION_WRITE_STEP_MS, deleteSession, insertSession, readSession, renewSession, slideSession } from '../../server/sessions/session-repository';
import { openTestDatabase, type TestDatabase } from '../support/pglite-template';
import { loggingDatabase } from './support/query-log';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const NOW = new Date('2026-11-29T12:00:10Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const RULE: FixedWindowLimit = { bucket: 'test.bucket', limit: 5, windowSeconds: 60 };
const LIFETIME = { ttlSeconds: 15 * 60, absoluteTtlSeconds: 60 * 60 };

describe('rate limits on PGlite: counted in the process, no statement', () => {
  it('allows the limit, refuses the rest, and sends nothing to the database', async () => {
    const { db, log } = loggingDatabase(database.db);
    const owner = { kind: 'session' as const, id: 'owner-a' };
    const decisions = [];
    for (let i = 0; i < RULE.limit + 2; i++) decisions.push(await hitRateLimit(db, owner, RULE, NOW));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false]);
    expect(decisions[0]).toEqual({ allowed: true, remaining: 4 });
    expect(decisions[6]).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(log).toEqual([]);
    // Another owner, another bucket, the next window: each its own count.
    expect(await hitRateLimit(db, { kind: 'session', id: 'owner-b' }, RULE, NOW)).toEqual({ allowed: true, remaining: 4 });
    expect(await hitRateLimit(db, owner, { ...RULE, bucket: 'other' }, NOW)).toEqual({ allowed: true, remaining: 4 });
    expect(await hitRateLimit(db, owner, RULE, at(50_000))).toEqual({ allowed: true, remaining: 4 });
  });

  it('counts concurrent hits exactly once each, and a cost in units', async () => {
    const { db } = loggingDatabase(database.db);
    const owner = { kind: 'client' as const, id: '203.0.113.9' };
    const decisions = await Promise.all(Array.from({ length: 12 }, () => hitRateLimit(db, owner, RULE, NOW)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(RULE.limit);
    const kib = { ...RULE, bucket: 'kib', limit: 100 };
    expect(await hitRateLimit(db, owner, kib, NOW, 60)).toEqual({ allowed: true, remaining: 40 });
    expect((await hitRateLimit(db, owner, kib, NOW, 41)).allowed).toBe(false);
  });

  it('keeps counting in the database inside a transaction handle, and on a database that is not PGlite', async () => {
    const { db, log } = loggingDatabase(database.db);
    await db.transaction(async (tx) => {
      expect(processMemoryOf(tx)).toBeUndefined();
      await hitRateLimit(tx, { kind: 'session', id: 'in-tx' }, RULE, NOW);
    });
    expect(log.map((q) => q.sql)).toEqual([expect.stringContaining('insert into rate_limits')]);
    const postgres: Database = { ...db, kind: 'postgres' };
    expect(processMemoryOf(postgres)).toBeUndefined();
  });

  it('drops ended windows at housekeeping', async () => {
    const { db } = loggingDatabase(database.db);
    await hitRateLimit(db, { kind: 'session', id: 'swept' }, RULE, NOW);
    expect(processMemoryOf(db)!.rateLimits.size).toBe(1);
    await purgeExpired(db, at(60_000));
    expect(processMemoryOf(db)!.rateLimits.size).toBe(0);
  });
});

describe('sessions on PGlite: the sliding expiry in the process', () => {
  it('slides without a statement, ends when idle and at its absolute end', async () => {
    const { db, log } = loggingDatabase(database.db);
    await insertSession(db, 'slide-1', NOW, LIFETIME);
    log.length = 0;
    const slid = await slideSession(db, 'slide-1', at(30_000), LIFETIME.ttlSeconds);
    expect(slid?.expiresAt).toEqual(at(30_000 + LIFETIME.ttlSeconds * 1000));
    expect(log).toEqual([]);
    // Idle past its expiry: over, in memory as in the row.
    expect(await slideSession(db, 'slide-1', at(30_000 + LIFETIME.ttlSeconds * 1000 + 1), LIFETIME.ttlSeconds)).toBeUndefined();
    expect(await readSession(db, 'slide-1', at(30_000 + LIFETIME.ttlSeconds * 1000 + 1))).toBeUndefined();

    // Kept busy, it still ends at creation plus the absolute lifetime.
    await insertSession(db, 'slide-2', NOW, LIFETIME);
    let last;
    for (let minute = 5; minute < 60; minute += 5) last = await slideSession(db, 'slide-2', at(minute * 60_000), LIFETIME.ttlSeconds);
    expect(last?.expiresAt).toEqual(at(LIFETIME.absoluteTtlSeconds * 1000));
    expect(await slideSession(db, 'slide-2', at(LIFETIME.absoluteTtlSeconds * 1000), LIFETIME.ttlSeconds)).toBeUndefined();
  });

  it('writes the row once the expiry has slid a step past it, so a restart loses less than a step', async () => {
    const { db, log } = loggingDatabase(database.db);
    await insertSession(db, 'step-1', NOW, LIFETIME);
    log.length = 0;
    await slideSession(db, 'step-1', at(SESSION_WRITE_STEP_MS - 1), LIFETIME.ttlSeconds);
    expect(log).toEqual([]);
    await slideSession(db, 'step-1', at(SESSION_WRITE_STEP_MS + 1000), LIFETIME.ttlSeconds);
    expect(log.map((q) => q.sql)).toEqual([expect.stringContaining('update sessions set expires_at')]);
    await slideSession(db, 'step-1', at(SESSION_WRITE_STEP_MS * 1.5), LIFETIME.ttlSeconds);
    const sliding = at(SESSION_WRITE_STEP_MS * 1.5 + LIFETIME.ttlSeconds * 1000);

    // The process restarted: a new memory reads the row, which trails by less than a step, never more.
    const restarted = loggingDatabase(database.db).db;
    const after = await readSession(restarted, 'step-1', NOW);
    expect(sliding.getTime() - after!.expiresAt.getTime()).toBeGreaterThan(0);
    expect(sliding.getTime() - after!.expiresAt.getTime()).toBeLessThan(SESSION_WRITE_STEP_MS);
  });

  it('forgets a deleted session, and a reset forgets every count and session', async () => {
    const { db } = loggingDatabase(database.db);
    await insertSession(db, 'gone', NOW, LIFETIME);
    await deleteSession(db, 'gone');
    expect(await slideSession(db, 'gone', NOW, LIFETIME.ttlSeconds)).toBeUndefined();

    await insertSession(db, 'reset', NOW, LIFETIME);
    for (let i = 0; i < RULE.limit; i++) await hitRateLimit(db, { kind: 'session', id: 'reset' }, RULE, NOW);
    await resetToSeeded(db);
    expect(processMemoryOf(db)!.sessions.size).toBe(0);
    expect(await slideSession(db, 'reset', NOW, LIFETIME.ttlSeconds)).toBeUndefined();
    expect((await hitRateLimit(db, { kind: 'session', id: 'reset' }, RULE, NOW)).allowed).toBe(true);
  });

  it('renews with the remembered expiry and carries the counts to the new id', async () => {
    const { db } = loggingDatabase(database.db);
    await insertSession(db, 'old-id', NOW, LIFETIME);
    // Slid in memory only (less than a step): the row says the session ends earlier.
    const slidTo = await slideSession(db, 'old-id', at(SESSION_WRITE_STEP_MS / 2), LIFETIME.ttlSeconds);
    for (let i = 0; i < RULE.limit; i++) await hitRateLimit(db, { kind: 'session', id: 'old-id' }, RULE, at(SESSION_WRITE_STEP_MS / 2));
    // Renewed after the row's expiry but before the remembered one.
    const renewAt = new Date(slidTo!.expiresAt.getTime() - 1000);
    const renewed = await renewSession(db, 'old-id', 'new-id', renewAt);
    expect(renewed).toEqual({ expiresAt: slidTo!.expiresAt, authenticated: true });
    expect(await readSession(db, 'old-id', renewAt)).toBeUndefined();
    expect(await readSession(db, 'new-id', renewAt)).toEqual({ expiresAt: slidTo!.expiresAt, authenticated: true });
    // What the old id spent, the new id has spent.
    expect((await hitRateLimit(db, { kind: 'session', id: 'new-id' }, RULE, at(SESSION_WRITE_STEP_MS / 2))).allowed).toBe(false);
  });
});

describe('request log lines, written together (decision 207)', () => {
  it('writes the lines of one turn of the event loop in one write, in order, and nothing when there is none', async () => {
    const writes: string[] = [];
    const lines = batchedLines((text) => writes.push(text));
    lines.line('{"a":1}');
    lines.line('{"b":2}');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n']);
    lines.line('{"c":3}');
    lines.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n', '{"c":3}\n']);
  });
});

describe('named statements on PostgreSQL (decision 207)', () => {
  it('names a statement by its text, the same name every time, and stops naming past the cap', () => {
    const name = statementNameOf('select 1 where $1::int = 1');
    expect(name).toMatch(/^s[0-9a-f]{24}$/);
    expect(statementNameOf('select 1 where $1::int = 1')).toBe(name);
    expect(statementNameOf('select 2 where $1::int = 1')).not.toBe(name);
    for (let i = 0; i < NAMED_STATEMENTS_MAX; i++) statementNameOf(`select ${i} + $1::int`);
    expect(statementNameOf('select 1 from one_more where a = $1')).toBeUndefined();
    // What was named keeps its name.
    expect(statementNameOf('select 1 where $1::int = 1')).toBe(name);
  });
});
