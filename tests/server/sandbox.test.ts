import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { startTestApp, type TestApp } from './support/test-app';
import { freshSecret } from './support/secrets';
import { continuePath, createApplication, createApplicationStep, stepPath } from './support/payloads';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };

describe('sandbox controls (test mode)', () => {
  it('forces the next task key once, for this session only; the stored process is untouched', async () => {
    const tester = t.client();
    const bystander = t.client();
    const created = await createApplication(tester);
    const bystanders = await createApplication(bystander);
    expect((await tester.post('/api/sandbox/next-task', { taskDefinitionKey: 'noSuchStep' })).status).toBe(200);

    const bystanderContinue = await bystander.post<Data<TaskResponse>>(continuePath(bystanders.externalId));
    expect(bystanderContinue.body.data.taskDefinitionKey).toBe('createApplicationStep');

    const forced = await tester.post<Data<TaskResponse>>(continuePath(created.externalId));
    expect(forced.body.data.taskDefinitionKey).toBe('noSuchStep');
    const next = await tester.post<Data<TaskResponse>>(continuePath(created.externalId));
    expect(next.body.data.taskDefinitionKey).toBe('createApplicationStep');
  });

  it('applies a forced key to the next create and submit', async () => {
    const client = t.client();
    await client.post('/api/sandbox/next-task', { taskDefinitionKey: 'viewThankYouPage' });
    const created = await createApplication(client);
    expect(created.taskDefinitionKey).toBe('viewThankYouPage');
    await client.post('/api/sandbox/next-task', { taskDefinitionKey: 'submitBackgroundData' });
    const submitted = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(1));
    expect(submitted.body.data.taskDefinitionKey).toBe('submitBackgroundData');
  });

  it('fails the next matching call of this session with the given status, once', async () => {
    const tester = t.client();
    const bystander = t.client();
    const created = await createApplication(tester);
    await tester.post('/api/sandbox/fail-next', { path: '/step', status: 503 });

    expect((await bystander.get('/api/session/heartbeat')).status).toBe(200);
    expect((await tester.get('/api/session/heartbeat')).status).toBe(200);
    const failed = await tester.post<ApiErrorBody>(stepPath(created.externalId), createApplicationStep(1));
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe('SANDBOX_FAILURE');
    const retried = await tester.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(1));
    expect(retried.status).toBe(200);
  });

  it('fails any next call when no path is given', async () => {
    const client = t.client();
    await client.post('/api/sandbox/fail-next', { status: 500 });
    expect((await client.get('/api/v1/features/check-all-flags')).status).toBe(500);
    expect((await client.get('/api/v1/features/check-all-flags')).status).toBe(200);
  });

  it('fails only a call of the given method when one is named', async () => {
    const client = t.client();
    const created = await createApplication(client);
    await client.post('/api/sandbox/fail-next', { path: '/step', method: 'POST', status: 500 });
    const draftSave = await client.put(stepPath(created.externalId), {
      taskDefinitionKey: 'createApplicationStep',
      version: 0,
      data: { firstName: 'Mari' },
    });
    expect(draftSave.status).toBe(200);
    const failed = await client.post<ApiErrorBody>(stepPath(created.externalId), createApplicationStep(1));
    expect(failed.status).toBe(500);
    expect(failed.body.error.code).toBe('SANDBOX_FAILURE');
    expect((await client.post(stepPath(created.externalId), createApplicationStep(1))).status).toBe(200);
  });

  // The delay is long and the bounds wide, so a loaded machine cannot blur the difference between
  // a delayed call and one that was not.
  it('delays the next matching call of this session, once', async () => {
    const delay = 1500;
    const tester = t.client();
    await tester.post('/api/sandbox/delay-next', { path: 'heartbeat', ms: delay });
    const elapsed = async (call: () => Promise<unknown>) => {
      const started = performance.now();
      await call();
      return performance.now() - started;
    };
    expect(await elapsed(() => t.client().get('/api/session/heartbeat'))).toBeLessThan(delay * 0.66);
    expect(await elapsed(() => tester.get('/api/session/heartbeat'))).toBeGreaterThanOrEqual(delay - 10);
    expect(await elapsed(() => tester.get('/api/session/heartbeat'))).toBeLessThan(delay * 0.66);
  });

  it('refuses malformed controls', async () => {
    const reply = await t.client().post<ApiErrorBody>('/api/sandbox/fail-next', { status: 200 });
    expect(reply.status).toBe(422);
  });

  it('does not exist outside test mode', async () => {
    const production = t.withEnv({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: freshSecret() });
    const client = production.client();
    for (const path of ['/api/sandbox/next-task', '/api/sandbox/fail-next', '/api/sandbox/delay-next', '/api/sandbox/token', '/api/sandbox/reset']) {
      const reply = await client.post<ApiErrorBody>(path, { taskDefinitionKey: 'x', status: 500, ms: 1 });
      expect(reply.status).toBe(404);
      expect(reply.body.error.code).toBe('NOT_FOUND');
    }
  });
});

/** Decision 164: the browser tests' reset between tests, on a database of its own (it empties it). */
describe('sandbox reset (test mode)', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await startTestApp();
  });
  afterAll(() => r.database.dispose());

  const count = async (table: string) => Number((await r.database.db.query<{ n: number | string }>(`select count(*) as n from ${table}`))[0]?.n);
  const TABLES = ['sessions', 'applications', 'persons', 'drafts', 'sandbox_controls', 'sandbox_settings', 'rate_limits', 'product_data', 'partners', 'campaigns', 'schema_migrations'];
  const counts = async () => Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await count(table)] as const)));

  it('takes the database back to the seeded data: a previous session and its application are gone, the product data stays', async () => {
    const seeded = await counts();
    const before = r.client();
    const created = await createApplication(before);
    await before.post('/api/sandbox/next-task', { taskDefinitionKey: 'viewThankYouPage' });
    await before.post('/api/sandbox/decision', { outcome: 'NEGATIVE_FINAL' });
    await before.post('/api/sandbox/partners', { regCode: 'RESET-1', returnAddresses: ['https://shop.reset.example/back'] });
    expect(await count('applications')).toBe(1);
    expect(await count('sandbox_controls')).toBe(1);

    const reset = await r.client().post<Data<{ reset: boolean; tables: string[] }>>('/api/sandbox/reset');
    expect(reset.status).toBe(200);
    expect(reset.body.data.tables).toEqual(expect.arrayContaining(['applications', 'sessions', 'sandbox_controls', 'sandbox_settings', 'rate_limits', 'sandbox_outbox']));
    expect(reset.body.data.tables).not.toContain('product_data');
    expect(await counts()).toEqual(seeded);
    expect(seeded.product_data).toBeGreaterThan(0);
    expect(seeded.schema_migrations).toBeGreaterThan(0);

    // The old session is unknown now: its application is out of reach, its forced next task gone.
    const continued = await before.post<ApiErrorBody>(continuePath(created.externalId));
    expect(continued.status).toBe(404);
    const after = r.client();
    expect((await after.post<ApiErrorBody>(continuePath(created.externalId))).status).toBe(404);
    expect((await createApplication(after)).taskDefinitionKey).toBe('createApplicationStep');
  });

  it('is not there in production mode, and empties nothing', async () => {
    const client = r.client();
    const created = await createApplication(client);
    const production = r.withEnv({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: freshSecret() });
    const reply = await production.client().post<ApiErrorBody>('/api/sandbox/reset');
    expect(reply.status).toBe(404);
    expect(reply.body.error.code).toBe('NOT_FOUND');
    expect((await client.post<Data<TaskResponse>>(continuePath(created.externalId))).status).toBe(200);
  });
});
