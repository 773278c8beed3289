import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { purgeExpired } from '../../server/db/housekeeping';
import { readMigrations } from '../../server/db/migrate';
import { openPostgresDatabase } from '../../server/db/postgres-database';
import { Browser, useTwoProcessesOnPostgres } from './support/two-processes';
import { MARI, CREATE_REQUEST, continuePath, createApplicationStep, stepPath } from './support/payloads';

/**
 * Issue 2, Persistence: nothing lives in process memory, so any number of API processes can serve
 * one application. Two real server processes on one PostgreSQL server, one browser session.
 */
const servers = useTwoProcessesOnPostgres();

type Data<T> = { data: T };

describe('two API processes on one PostgreSQL server', () => {
  it('migrated the shared database once', async () => {
    const client = new pg.Client({ connectionString: servers.postgres.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ version: string }>('select version from schema_migrations order by version');
      expect(rows.map((row) => row.version)).toEqual(readMigrations().map((migration) => migration.version));
    } finally {
      await client.end();
    }
  });

  it('sweeps expired sessions on PostgreSQL with the same SQL as on PGlite', async () => {
    const browser = new Browser();
    await browser.call(servers.a, 'GET', '/api/v1/application/previous-external-id');
    const db = await openPostgresDatabase(servers.postgres.databaseUrl);
    try {
      const [before] = await db.query<{ n: string }>('select count(*) as n from sessions');
      // A week from now every session of this run has been expired for days.
      const counts = await purgeExpired(db, new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));
      expect(counts.sessions).toBe(Number(before!.n));
      expect(counts.sessions).toBeGreaterThan(0);
      expect((await db.query<{ n: string }>('select count(*) as n from sessions'))[0]!.n).toBe('0');
    } finally {
      await db.close();
    }
  });

  it('walks one application across both processes: create on A, draft on B, continue on A, submit on B', async () => {
    const browser = new Browser();
    const created = await browser.call<Data<TaskResponse>>(servers.a, 'POST', '/api/v1/application-process', CREATE_REQUEST);
    expect(created.status).toBe(201);
    const { externalId } = created.body.data;

    const draft = await browser.call<Data<{ version: number }>>(servers.b, 'PUT', stepPath(externalId), {
      taskDefinitionKey: 'createApplicationStep',
      version: 0,
      data: { firstName: 'Mari' },
    });
    expect(draft.body.data).toEqual({ version: 1 });

    const resumed = await browser.call<Data<TaskResponse>>(servers.a, 'POST', continuePath(externalId));
    expect(resumed.body.data).toMatchObject({ taskDefinitionKey: 'createApplicationStep', draft: { version: 1, data: { firstName: 'Mari' } } });

    const submitted = await browser.call<Data<TaskResponse>>(servers.b, 'POST', stepPath(externalId), createApplicationStep(1));
    expect(submitted.body.data).toMatchObject({ taskDefinitionKey: 'submitPersonalInfo', stepCount: 2, draft: { version: 0, data: { personalCode: MARI.personalCode } } });

    const finished = await browser.call<Data<TaskResponse>>(servers.a, 'POST', continuePath(externalId));
    expect(finished.body.data).toEqual(submitted.body.data);

    // Another browser reaches nothing on either process.
    const stranger = new Browser();
    expect((await stranger.call(servers.a, 'POST', continuePath(externalId))).status).toBe(404);
    expect((await stranger.call(servers.b, 'POST', continuePath(externalId))).status).toBe(404);
  });

  it('advances once when the same idempotent submit races on both processes', async () => {
    const browser = new Browser();
    const created = await browser.call<Data<TaskResponse>>(servers.a, 'POST', '/api/v1/application-process', CREATE_REQUEST);
    const { externalId } = created.body.data;
    const headers = { 'idempotency-key': 'race-across-processes-1' };
    const replies = await Promise.all(
      [servers.a, servers.b, servers.a, servers.b].map((server) => browser.call<Data<TaskResponse>>(server, 'POST', stepPath(externalId), createApplicationStep(1), headers)),
    );
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
    for (const reply of replies) expect(reply.body).toEqual(replies[0]?.body);
    const after = await browser.call<Data<TaskResponse>>(servers.b, 'POST', continuePath(externalId));
    expect(after.body.data).toMatchObject({ version: 2, stepCount: 2 });
  });

  it('lets only one of two racing submits without a key win; the other is a version conflict', async () => {
    const browser = new Browser();
    const created = await browser.call<Data<TaskResponse>>(servers.b, 'POST', '/api/v1/application-process', CREATE_REQUEST);
    const { externalId } = created.body.data;
    const replies = await Promise.all(
      [servers.a, servers.b].map((server) => browser.call<Data<TaskResponse> | ApiErrorBody>(server, 'POST', stepPath(externalId), createApplicationStep(1))),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const conflict = replies.find((reply) => reply.status === 409)?.body as ApiErrorBody;
    expect(conflict.error.code).toBe('VERSION_CONFLICT');
  });

  it('honours a sandbox control set on one process in a call served by the other', async () => {
    const browser = new Browser();
    await browser.call(servers.a, 'GET', '/api/v1/application/previous-external-id');
    expect((await browser.call(servers.a, 'POST', '/api/sandbox/next-task', { taskDefinitionKey: 'unknownStep' })).status).toBe(200);
    const created = await browser.call<Data<TaskResponse>>(servers.b, 'POST', '/api/v1/application-process', CREATE_REQUEST);
    expect(created.body.data.taskDefinitionKey).toBe('unknownStep');
  });
});
