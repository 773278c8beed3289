import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { ConcurrentQueryError } from '../../server/db/serialised';
import { openPostgresDatabase } from '../../server/db/postgres-database';
import { openTestDatabase } from '../support/pglite-template';
import { startSolisServer, type SolisServer } from '../support/e2e-server';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { Browser, PUBLIC_ORIGIN, type Reply } from './support/two-processes';
import { CREATE_REQUEST, continuePath, createApplicationStep, stepPath } from './support/payloads';

/**
 * Issue 9, item 1: with writers running, PostgreSQL dropping connections (backends terminated, the
 * server stopped) made the process exit on an unhandled `error` event and stay down. Now requests
 * in flight get 503 SERVICE_UNAVAILABLE in the documented shape, the process keeps answering,
 * service resumes by itself, and nothing acknowledged is lost. The load itself belongs in
 * `npm run bench`; these are short bursts.
 */
let postgres: PostgresServer;
let server: SolisServer;

beforeAll(async () => {
  postgres = await startPostgres();
  server = await startSolisServer({
    databaseUrl: postgres.databaseUrl,
    env: {
      ALLOWED_ORIGINS: PUBLIC_ORIGIN,
      DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '5',
      // All writers share one address here; limits are tested elsewhere (limits.test.ts).
      CLIENT_RATE_LIMIT_CREATE: '100000',
      CLIENT_RATE_LIMIT_DRAFT_SAVE: '100000',
      CLIENT_RATE_LIMIT_SUBMIT: '100000',
      CLIENT_RATE_LIMIT_SESSION: '100000',
    },
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await postgres?.stop();
});

type Data<T> = { data: T };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function adminQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgres.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

function expectUnavailableShape(reply: Reply<unknown>): void {
  expect(reply.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) } });
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

/** Everything a writer was told was done: created applications and submitted steps. */
interface Acknowledged {
  created: string[];
  submitted: string[];
  statuses: number[];
}

/** One applicant after another: create, save a draft, submit; every reply recorded. */
async function writer(until: number, acknowledged: Acknowledged): Promise<void> {
  while (Date.now() < until) {
    const browser = new Browser();
    const created = await browser.call<Data<TaskResponse>>(server, 'POST', '/api/v1/application-process', CREATE_REQUEST);
    acknowledged.statuses.push(created.status);
    if (created.status === 503) expectUnavailableShape(created);
    if (created.status !== 201) continue;
    const { externalId } = created.body.data;
    acknowledged.created.push(externalId);
    const draft = await browser.call(server, 'PUT', stepPath(externalId), { taskDefinitionKey: 'createApplicationStep', version: 0, data: { firstName: 'Mari' } });
    acknowledged.statuses.push(draft.status);
    if (draft.status === 503) expectUnavailableShape(draft);
    const headers = { 'idempotency-key': randomUUID() };
    // A 503 is retried with the same key, as the client does: it advanced once or not at all.
    for (let attempt = 0; attempt < 3; attempt++) {
      const submitted = await browser.call<Data<TaskResponse>>(server, 'POST', stepPath(externalId), createApplicationStep(1), headers);
      acknowledged.statuses.push(submitted.status);
      if (submitted.status === 200) {
        acknowledged.submitted.push(externalId);
        break;
      }
      expectUnavailableShape(submitted);
    }
  }
}

async function expectNothingLost(acknowledged: Acknowledged): Promise<void> {
  const rows = await adminQuery<{ external_id: string; version: number; task_key: string }>(
    'select external_id, version, task_key from applications where external_id = any($1)',
    [acknowledged.created],
  );
  expect(rows.map((row) => row.external_id).sort()).toEqual([...acknowledged.created].sort());
  const byId = new Map(rows.map((row) => [row.external_id, row]));
  for (const externalId of acknowledged.submitted) expect(byId.get(externalId)).toMatchObject({ version: 2, task_key: 'submitPersonalInfo' });
}

describe('the API on PostgreSQL while connections drop', () => {
  it('keeps answering while backends are terminated under load: 503 then 200, nothing acknowledged lost', async () => {
    const acknowledged: Acknowledged = { created: [], submitted: [], statuses: [] };
    const until = Date.now() + 2500;
    const writers = Promise.all(Array.from({ length: 4 }, () => writer(until, acknowledged)));
    let terminated = 0;
    while (Date.now() < until) {
      await sleep(120);
      const rows = await adminQuery<{ n: number }>(
        "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
      );
      terminated += rows[0]!.n;
    }
    await writers;

    expect(terminated).toBeGreaterThan(0);
    for (const status of acknowledged.statuses) expect([200, 201, 503]).toContain(status);
    expect(acknowledged.statuses).toContain(503);
    expect(acknowledged.submitted.length).toBeGreaterThan(0);
    expect(server.log()).not.toMatch(/uncaught|Unhandled 'error' event/i);

    // Service is back by itself: the next applicant goes through.
    const after = new Browser();
    const created = await after.call<Data<TaskResponse>>(server, 'POST', '/api/v1/application-process', CREATE_REQUEST);
    expect(created.status).toBe(201);
    acknowledged.created.push(created.body.data.externalId);
    await expectNothingLost(acknowledged);
  }, 20_000);

  it('answers 503 while PostgreSQL is down (ready says so, live does not), and resumes by itself when it is back', async () => {
    const browser = new Browser();
    const created = await browser.call<Data<TaskResponse>>(server, 'POST', '/api/v1/application-process', CREATE_REQUEST);
    expect(created.status).toBe(201);
    const { externalId } = created.body.data;

    await postgres.halt();
    try {
      const started = Date.now();
      const refused = await browser.call<ApiErrorBody>(server, 'POST', continuePath(externalId));
      expect(refused.status).toBe(503);
      expectUnavailableShape(refused);
      const ready = await browser.call<ApiErrorBody>(server, 'GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect((await browser.call(server, 'GET', '/api/health/live')).status).toBe(200);
      // Bounded by the connect timeout (1 s here), not hanging.
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await postgres.resume();
    }

    let ready = 0;
    for (let i = 0; i < 50 && ready !== 200; i++) {
      ready = (await browser.call(server, 'GET', '/api/health/ready')).status;
      if (ready !== 200) await sleep(100);
    }
    expect(ready).toBe(200);
    const resumed = await browser.call<Data<TaskResponse>>(server, 'POST', continuePath(externalId));
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.externalId).toBe(externalId);
  }, 20_000);
});

describe('one statement at a time per transaction', () => {
  it('refuses a second query while one runs on the same transaction, on PostgreSQL and on PGlite, and rolls back', async () => {
    const postgresDb = await openPostgresDatabase(postgres.databaseUrl);
    const pgliteDb = await openTestDatabase();
    try {
      for (const db of [postgresDb, pgliteDb.db]) {
        await db.exec('create table if not exists concurrency_probe (n integer)');
        const attempt = db.transaction(async (tx) => {
          await tx.query('insert into concurrency_probe (n) values (1)');
          await Promise.all([tx.query('select pg_sleep(0.05)'), tx.query('select 1')]);
        });
        await expect(attempt).rejects.toBeInstanceOf(ConcurrentQueryError);
        expect(await db.query('select n from concurrency_probe')).toEqual([]);
        // The connection is fine afterwards.
        expect(await db.transaction((tx) => tx.query<{ one: number }>('select 1 as one'))).toEqual([{ one: 1 }]);
      }
    } finally {
      await postgresDb.close();
      await pgliteDb.dispose();
    }
  });
});
