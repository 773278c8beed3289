/**
 * Decision 215: the sandbox's outcomes of the bank's side (test mode), which the generated paths'
 * replay sets from a path's conditions: the card not offered with the loan, a duplicate application,
 * a short application. Each answers on the task its guard reads, for this session's applications only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { ApiClient } from './support/api-client';
import { startTestApp, type TestApp } from './support/test-app';
import { createApplication, createApplicationStep, stepPath, walk } from './support/payloads';

type Data<T> = { data: T };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

/** A small loan past its create step (the reply of that step). */
async function started(client: ApiClient): Promise<TaskResponse> {
  const created = await createApplication(client);
  const sent = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(created.version, { loanAmount: 5000 }));
  if (sent.status !== 200) throw new Error(`create step answered ${sent.status}: ${sent.text}`);
  return sent.body.data;
}

const walked = (client: ApiClient, from: TaskResponse, until?: string) =>
  walk(client, from, { values: { submitBackgroundData: { hasCoApplicant: 'no' } }, ...(until ? { until } : {}) });

describe('the sandbox outcomes (decision 215)', () => {
  it('a duplicate: the create step ends at the duplicate application page; another session is not touched', async () => {
    const client = t.client();
    await createApplication(client);
    expect((await client.post('/api/sandbox/outcomes', { duplicateApplication: true })).status).toBe(200);
    expect((await started(client)).taskDefinitionKey).toBe('viewDuplicateApplication');
    expect((await started(t.client())).taskDefinitionKey).toBe('submitPersonalInfo');
  });

  it('a short application: check answers sends it for a person to handle', async () => {
    const client = t.client();
    await createApplication(client);
    await client.post('/api/sandbox/outcomes', { shortApplication: true });
    const { task, answered } = await walked(client, await started(client));
    expect(task.taskDefinitionKey).toBe('viewShortApplicationSubmitted');
    expect(answered.at(-1)).toBe('checkAnswers');
  });

  it('the card not offered: the accepted offer goes straight to the contract, where it went to the card without the control', async () => {
    const offered = t.client();
    const before = await walked(offered, await started(offered), 'viewContractAndChooseSigningMethod');
    expect(before.answered).toContain('viewCreditCardOffer');

    const client = t.client();
    await createApplication(client);
    await client.post('/api/sandbox/outcomes', { crossSell: 'NOT_OFFERED' });
    const { task, answered } = await walked(client, await started(client), 'viewContractAndChooseSigningMethod');
    expect(task.taskDefinitionKey).toBe('viewContractAndChooseSigningMethod');
    expect(answered).toContain('reviewApproved');
    expect(answered).not.toContain('viewCreditCardOffer');
  });

  it('set again, the last setting holds: cleared, the service decides again', async () => {
    const client = t.client();
    await createApplication(client);
    await client.post('/api/sandbox/outcomes', { duplicateApplication: true });
    await client.post('/api/sandbox/outcomes', {});
    expect((await started(client)).taskDefinitionKey).toBe('submitPersonalInfo');
  });

  it('refuses an outcome it does not know', async () => {
    const client = t.client();
    await createApplication(client);
    const reply = await client.post<ApiErrorBody>('/api/sandbox/outcomes', { crossSell: 'MAYBE' });
    expect(reply.status).toBe(422);
    expect(reply.body.error.code).toBe('VALIDATION_FAILED');
  });
});
