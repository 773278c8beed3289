/**
 * Decision 097: in the partner short flow the background step carries the loan period the calculator
 * modal applied. The server checks it against the product's bounds as the create step does (the
 * background contract's `loanPeriod`, asked by the application's channel), takes it into the
 * application, and takes no amount from the step: the partner set it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { StepSubmission } from '../../core/wire/process.schema';
import { MESSAGES } from '../../core/validation/messages';
import { startTestApp, type TestApp } from './support/test-app';
import { continuePath, exampleSubmission, stepPath } from './support/payloads';
import type { ApiClient } from './support/api-client';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };

/** A small loan of 3,000 € over 36 months (the product's bounds: 6 to 72 months) at the background step. */
async function seedAtBackground(client: ApiClient, channel: string): Promise<TaskResponse> {
  const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: 'submitBackgroundData',
    productName: 'SMALL_LOAN',
    previousTasks: ['createApplicationStep', 'submitPersonalInfo'],
    application: { applicationUpdates: { creditConditions: { loanAmount: 3000, loanPeriod: 36 }, source: { channel } } },
  });
  if (seeded.status !== 201) throw new Error(`seeding answered ${seeded.status}: ${seeded.text}`);
  return seeded.body.data;
}

/** The background step answered with its example, as the partner short flow's form builds it, with `loanPeriod` as typed. */
function backgroundStep(task: TaskResponse, loanPeriod: string): StepSubmission {
  return exampleSubmission('submitBackgroundData', task.version, {
    productName: 'SMALL_LOAN',
    loanAmount: 3000,
    loanPeriod: 36,
    channel: 'PARTNER_SHORT',
    values: { submitBackgroundData: { loanPeriod, hasCoApplicant: 'no' } },
  });
}

function withPeriod(submission: StepSubmission, loanPeriod: unknown): StepSubmission {
  const application = structuredClone(submission.application);
  application.applicationUpdates = { ...application.applicationUpdates, creditConditions: { loanPeriod } };
  return { ...submission, application };
}

describe('the partner short flow’s background step: the calculator’s period (decision 097)', () => {
  it('refuses a period outside the product’s bounds, on the period, stating the bounds; nothing changes', async () => {
    const client = t.client();
    const task = await seedAtBackground(client, 'PARTNER_SHORT');
    expect(task.application.source?.channel).toBe('PARTNER_SHORT');
    const valid = backgroundStep(task, '48');
    for (const period of [73, 5]) {
      const reply = await client.post<ApiErrorBody>(stepPath(task.externalId), withPeriod(valid, period));
      expect(reply.status, `period ${period}`).toBe(422);
      expect(reply.body.error.fieldErrors).toEqual({
        'applicationUpdates.creditConditions.loanPeriod': [expect.stringContaining(MESSAGES.periodOutOfRange)],
      });
    }
    // Left out, it is required: this step always sends the period.
    const missing = structuredClone(valid);
    missing.application.applicationUpdates = { hasCoApplicant: false };
    const reply = await client.post<ApiErrorBody>(stepPath(task.externalId), missing);
    expect(reply.body.error.fieldErrors).toEqual({ 'applicationUpdates.creditConditions.loanPeriod': [MESSAGES.required] });
    const unchanged = await client.post<Data<TaskResponse>>(continuePath(task.externalId));
    expect(unchanged.body.data).toMatchObject({ taskDefinitionKey: 'submitBackgroundData', application: { creditConditions: { loanAmount: 3000, loanPeriod: 36 } } });
  });

  it('accepts a period within the bounds into the application; an amount sent along is not taken', async () => {
    const client = t.client();
    const task = await seedAtBackground(client, 'PARTNER_SHORT');
    const submission = backgroundStep(task, '72');
    expect(submission.application.applicationUpdates).toEqual({ creditConditions: { loanPeriod: 72 }, hasCoApplicant: false });
    // A client that sends an amount too: the partner set it, the step does not take it.
    submission.application.applicationUpdates = { ...submission.application.applicationUpdates, creditConditions: { loanPeriod: 72, loanAmount: 9000 } };
    const reply = await client.post<Data<TaskResponse>>(stepPath(task.externalId), submission);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.taskDefinitionKey).not.toBe('submitBackgroundData');
    expect(reply.body.data.application.creditConditions).toMatchObject({ productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 72 });
  });

  it('takes no period from the background step of another channel’s application', async () => {
    const client = t.client();
    const task = await seedAtBackground(client, 'WEB');
    const submission = withPeriod(backgroundStep(task, '48'), 48);
    const reply = await client.post<Data<TaskResponse>>(stepPath(task.externalId), submission);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.application.creditConditions).toMatchObject({ loanAmount: 3000, loanPeriod: 36 });
  });
});
