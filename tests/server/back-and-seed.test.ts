import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../src/api/schemas/application.schema';
import type { ApiErrorBody } from '../../src/api/schemas/envelope.schema';
import { startTestApp, type TestApp } from './support/test-app';
import { MARI, continuePath, createApplication, createApplicationStep, finish, stepPath } from './support/payloads';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };
const backPath = (externalId: string) => `/api/v1/application-process/${externalId}/back`;

describe('Back (issue 8): POST .../{externalId}/back', () => {
  it('is refused where the process does not allow it: the first task, and after the application was sent', async () => {
    const client = t.client();
    const created = await createApplication(client);
    expect(created.previousTaskDefinitionKey).toBeNull();
    const first = await client.post<ApiErrorBody>(backPath(created.externalId), { taskDefinitionKey: 'createApplicationStep', version: 1 });
    expect(first.status).toBe(409);
    expect(first.body.error.code).toBe('STEP_OUT_OF_ORDER');

    const sent = await finish(client, created);
    expect(sent).toMatchObject({ taskDefinitionKey: 'viewAdditionalDataSubmitted', previousTaskDefinitionKey: null });
    const late = await client.post<ApiErrorBody>(backPath(created.externalId), { taskDefinitionKey: 'viewAdditionalDataSubmitted', version: sent.version });
    expect(late.status).toBe(409);
    // Nothing moved.
    const resumed = await client.post<Data<TaskResponse>>(continuePath(created.externalId));
    expect(resumed.body.data).toMatchObject({ taskDefinitionKey: 'viewAdditionalDataSubmitted', version: sent.version, stepCount: sent.stepCount });
  });

  it('is refused for a stale version, a task that is not the current one, and another session', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const stale = await client.post<ApiErrorBody>(backPath(created.externalId), { taskDefinitionKey: 'createApplicationStep', version: 7 });
    expect(stale.body.error.code).toBe('VERSION_CONFLICT');
    const wrong = await client.post<ApiErrorBody>(backPath(created.externalId), { taskDefinitionKey: 'viewThankYouPage', version: 1 });
    expect(wrong.body.error.code).toBe('STEP_OUT_OF_ORDER');
    const stranger = await t.client().post<ApiErrorBody>(backPath(created.externalId), { taskDefinitionKey: 'createApplicationStep', version: 1 });
    expect(stranger.status).toBe(404);
    const malformed = await client.post<ApiErrorBody>(backPath(created.externalId), { version: '1' });
    expect(malformed.status).toBe(422);
  });
});

describe('the answers of a submitted step stay as its draft (issue 8)', () => {
  it('keeps the form values sent with a submission for that task, and offers none on the next one', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const typed = { firstName: 'Mari', loanAmount: '5 000' };
    const sent = await client.post<Data<TaskResponse>>(stepPath(created.externalId), { ...createApplicationStep(1), draft: typed });
    expect(sent.status).toBe(200);
    expect(sent.body.data.draft).toBeNull();
    const rows = await t.database.db.query<{ task_key: string; data: unknown }>('select task_key, data from drafts');
    expect(rows.filter((row) => row.task_key === 'createApplicationStep').map((row) => row.data)).toContainEqual(typed);
  });
});

describe('sandbox: an application seeded at any task (test mode only)', () => {
  it('creates an application of the caller at the given task, with its data and draft, that can be submitted', async () => {
    const client = t.client();
    const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
      taskDefinitionKey: 'createApplicationStep',
      productName: 'CAR_LOAN',
      application: { applicationUpdates: { creditConditions: { loanAmount: 12000, loanPeriod: 48 } } },
      draft: { firstName: 'Mari' },
      languageCode: 'rus',
    });
    expect(seeded.status).toBe(201);
    const task = seeded.body.data;
    expect(task).toMatchObject({ taskDefinitionKey: 'createApplicationStep', stepCount: 1, draft: { data: { firstName: 'Mari' } } });
    expect(task.application.creditConditions).toMatchObject({ productName: 'CAR_LOAN', loanAmount: 12000, loanPeriod: 48 });
    expect(task.application.relatedPersons.persons[0]).toMatchObject({ role: 'APPLICANT', languageCode: 'rus' });

    const submitted = await client.post<Data<TaskResponse>>(stepPath(task.externalId), createApplicationStep(task.version));
    expect(submitted.body.data.taskDefinitionKey).toBe('submitPersonalInfo');
    // Only its owner sees it.
    const stranger = await t.client().post<ApiErrorBody>(continuePath(task.externalId));
    expect(stranger.status).toBe(404);
  });

  it('seeds a later task with the tasks before it, and refuses a task its process does not have', async () => {
    const client = t.client();
    const later = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
      taskDefinitionKey: 'viewThankYouPage',
      previousTasks: ['createApplicationStep'],
      application: { personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { firstName: 'Mari' } }] },
    });
    expect(later.body.data).toMatchObject({ taskDefinitionKey: 'viewThankYouPage', stepCount: 2 });
    expect(later.body.data.application.relatedPersons.persons[0]?.declaredData?.firstName).toBe('Mari');
    const unknown = await client.post<ApiErrorBody>('/api/sandbox/applications', { taskDefinitionKey: 'noSuchTask' });
    expect(unknown.status).toBe(400);
  });

  it('does not exist outside test mode', async () => {
    const production = t.withEnv({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: 'a-production-secret-of-at-least-32-bytes-long' });
    const reply = await production.client().post<ApiErrorBody>('/api/sandbox/applications', { taskDefinitionKey: 'createApplicationStep' });
    expect(reply.status).toBe(404);
  });
});
