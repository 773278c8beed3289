import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { StepSubmission } from '../../core/wire/process.schema';
import { startTestApp, type TestApp } from './support/test-app';
import { continuePath, createApplicationStep, stepPath } from './support/payloads';
import type { ApiClient } from './support/api-client';

/**
 * A housing loan's price and own contribution (sections 5 and 9): sent on the create step with the
 * loan's credit conditions, stored there, and checked by the server with the step's own contract:
 * the own contribution at most 90 % of the price, the amount the price less the contribution.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };

async function housingApplication(client: ApiClient): Promise<TaskResponse> {
  const reply = await client.post<Data<TaskResponse>>('/api/v1/application-process', {
    application: { creditConditions: { productName: 'HOUSING_LOAN', loanAmount: 120000, loanPeriod: 300 } },
  });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

function housingStep(version: number, creditConditions: Record<string, unknown>): StepSubmission {
  const submission = createApplicationStep(version);
  submission.application.applicationUpdates = { creditConditions: { productName: 'HOUSING_LOAN', loanPeriod: 300, ...creditConditions } };
  return submission;
}

async function storedCreditConditions(externalId: string): Promise<Record<string, unknown>> {
  const rows = await t.database.db.query<{ data: { creditConditions: Record<string, unknown> } }>('select data from applications where external_id = $1', [externalId]);
  return rows[0]!.data.creditConditions;
}

describe('a housing loan’s price and own contribution', () => {
  it('are stored with the loan’s credit conditions and answered with them', async () => {
    const client = t.client();
    const created = await housingApplication(client);
    const reply = await client.post<Data<TaskResponse>>(
      stepPath(created.externalId),
      housingStep(created.version, { loanAmount: 130000, price: 160000, selfFinancingAmount: 30000 }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.application.creditConditions).toMatchObject({ productName: 'HOUSING_LOAN', loanAmount: 130000, price: 160000, selfFinancingAmount: 30000 });
    expect(await storedCreditConditions(created.externalId)).toMatchObject({ loanAmount: 130000, price: 160000, selfFinancingAmount: 30000 });
    // Continuing later, they are still there (the create step's form starts from them on Back).
    const resumed = await client.post<Data<TaskResponse>>(continuePath(created.externalId));
    expect(resumed.body.data.application.creditConditions).toMatchObject({ price: 160000, selfFinancingAmount: 30000 });
  });

  it('refuses an own contribution above 90 % of the price, on the contribution', async () => {
    const client = t.client();
    const created = await housingApplication(client);
    const reply = await client.post<ApiErrorBody>(
      stepPath(created.externalId),
      housingStep(created.version, { loanAmount: 15000, price: 160000, selfFinancingAmount: 145000 }),
    );
    expect(reply.status).toBe(422);
    expect(reply.body.error.fieldErrors).toEqual({ 'applicationUpdates.creditConditions.selfFinancingAmount': ['validation.messages.ownContributionTooHigh'] });
  });

  it('accepts a contribution of exactly 90 % of the price', async () => {
    const client = t.client();
    const created = await housingApplication(client);
    const reply = await client.post<Data<TaskResponse>>(
      stepPath(created.externalId),
      housingStep(created.version, { loanAmount: 16000, price: 160000, selfFinancingAmount: 144000 }),
    );
    expect(reply.status).toBe(200);
  });

  it('refuses an amount that is not the price less the contribution, on the amount', async () => {
    const client = t.client();
    const created = await housingApplication(client);
    const reply = await client.post<ApiErrorBody>(
      stepPath(created.externalId),
      housingStep(created.version, { loanAmount: 100000, price: 160000, selfFinancingAmount: 30000 }),
    );
    expect(reply.status).toBe(422);
    expect(reply.body.error.fieldErrors).toEqual({
      'applicationUpdates.creditConditions.loanAmount': ['validation.messages.housingAmountNotPriceLessOwnContribution'],
    });
    expect(await storedCreditConditions(created.externalId)).not.toHaveProperty('price');
  });

  it('requires both for a housing loan', async () => {
    const client = t.client();
    const created = await housingApplication(client);
    const reply = await client.post<ApiErrorBody>(stepPath(created.externalId), housingStep(created.version, { loanAmount: 120000 }));
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.error.fieldErrors ?? {}).sort()).toEqual([
      'applicationUpdates.creditConditions.price',
      'applicationUpdates.creditConditions.selfFinancingAmount',
    ]);
  });

  it('go when the loan becomes one that finances no price', async () => {
    const client = t.client();
    const created = await housingApplication(client);
    const housing = await client.post<Data<TaskResponse>>(
      stepPath(created.externalId),
      housingStep(created.version, { loanAmount: 130000, price: 160000, selfFinancingAmount: 30000 }),
    );
    expect(housing.status).toBe(200);
    // Back to the create step, and a small loan instead.
    const back = await client.post<Data<TaskResponse>>(`/api/v1/application-process/${created.externalId}/back`, {
      taskDefinitionKey: housing.body.data.taskDefinitionKey,
      version: housing.body.data.version,
    });
    expect(back.body.data.taskDefinitionKey).toBe('createApplicationStep');
    const small = createApplicationStep(back.body.data.version);
    (small.application.applicationUpdates as { creditConditions: Record<string, unknown> }).creditConditions['price'] = 160000;
    const reply = await client.post<Data<TaskResponse>>(stepPath(created.externalId), small);
    expect(reply.status).toBe(200);
    expect(reply.body.data.application.creditConditions).toMatchObject({ productName: 'SMALL_LOAN', loanAmount: 5000 });
    expect(reply.body.data.application.creditConditions).not.toHaveProperty('price');
    expect(await storedCreditConditions(created.externalId)).not.toHaveProperty('selfFinancingAmount');
  });
});
