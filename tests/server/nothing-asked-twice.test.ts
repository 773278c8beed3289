import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import { startTestApp, type TestApp } from './support/test-app';
import { MARI, continuePath, createApplication, createApplicationStep, exampleSubmission, stepPath } from './support/payloads';

/** Issue 26 item 3 (decision 196): a later step starts with what the bank already holds of the person. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };

describe('the personal details step starts with the personal code the first page gave', () => {
  it('offers the stored code as the step draft until the person types there, then keeps what they typed', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const personal = (await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(created.version))).body.data;
    expect(personal.taskDefinitionKey).toBe('submitPersonalInfo');
    expect(personal.draft).toEqual({ taskDefinitionKey: 'submitPersonalInfo', version: 0, data: { personalCode: MARI.personalCode } });

    // Coming back later (another day, a reload): the same starting answer.
    const resumed = (await client.post<Data<TaskResponse>>(continuePath(created.externalId))).body.data;
    expect(resumed.draft).toEqual(personal.draft);

    // Version 0 is "nothing saved yet": the form's first save is accepted, and from then on the person's own typing is offered.
    const typed = { personalCode: '49403136526', campaignCode: 'SPRING' };
    const saved = await client.put<Data<{ version: number }>>(stepPath(created.externalId), { taskDefinitionKey: 'submitPersonalInfo', version: 0, data: typed });
    expect(saved.body.data).toEqual({ version: 1 });
    const again = (await client.post<Data<TaskResponse>>(continuePath(created.externalId))).body.data;
    expect(again.draft).toEqual({ taskDefinitionKey: 'submitPersonalInfo', version: 1, data: typed });
  });

  it('offers nothing to a stranger and nothing on a step that asks no fact the bank holds', async () => {
    const client = t.client();
    const created = await createApplication(client);
    // The first page itself starts empty: nothing is known yet.
    expect(created.draft).toBeNull();
    const personal = (await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(created.version))).body.data;
    const stranger = await t.client().post(continuePath(created.externalId));
    expect(stranger.status).toBe(404);
    expect(stranger.text).not.toContain(MARI.personalCode);
    // The background step after the personal details: no carried answers.
    const background = (await client.post<Data<TaskResponse>>(stepPath(created.externalId), exampleSubmission('submitPersonalInfo', personal.version))).body.data;
    expect(background.taskDefinitionKey).toBe('submitBackgroundData');
    expect(background.draft).toBeNull();
  });
});

describe('the employer step does not ask the employer name and start date again', () => {
  it('is answered without them: they stay the background step’s answers', async () => {
    const client = t.client();
    const created = await createApplication(client);
    let task = (await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(created.version))).body.data;
    task = (await client.post<Data<TaskResponse>>(stepPath(created.externalId), exampleSubmission('submitPersonalInfo', task.version))).body.data;
    const background = exampleSubmission('submitBackgroundData', task.version, { productName: 'SMALL_LOAN', values: { submitBackgroundData: { hasCoApplicant: 'no' } } });
    task = (await client.post<Data<TaskResponse>>(stepPath(created.externalId), background)).body.data;
    expect(task.taskDefinitionKey).toBe('submitEmployerInfo');
    const employer = exampleSubmission('submitEmployerInfo', task.version);
    expect(JSON.stringify(employer.application)).not.toMatch(/"name"|"startDate"/);
    const reply = await client.post<Data<TaskResponse>>(stepPath(created.externalId), employer);
    expect(reply.status).toBe(200);
    expect(reply.body.data.taskDefinitionKey).toBe('submitAddress');
  });
});
