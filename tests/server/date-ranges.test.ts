/**
 * Issue 23 item 8, decision 180: the dates the hardening review found accepted (0000-01-01,
 * 1899-12-31, an issue date of 1800-01-01, an expiry of 9999-12-31) are refused by the server on
 * every date field of the retail steps, with a field error naming the field: the server checks the
 * step contracts the forms check, with "today" from its own clock. The employment start before the
 * applicant turned 14 is refused only here (the browser never has the birth date).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { StepSubmission } from '../../core/wire/process.schema';
import type { BusinessDomain } from '../../core/domain/business-domains';
import { parsePath, setAt } from '../../core/contract/paths';
import { splitMessage } from '../../core/validation/messages';
import type { ApiClient } from './support/api-client';
import { createApplication, createApplicationStep, exampleSubmission, stepPath, walk } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

/** The four dates of the issue. */
const ISSUE_DATES = ['0000-01-01', '1899-12-31', '1800-01-01', '9999-12-31'] as const;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

/** An Estonian small loan of MARI (born 8 January 1980), walked to `taskKey`. */
async function reach(client: ApiClient, taskKey: string): Promise<TaskResponse> {
  const created = await createApplication(client);
  const sent = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(created.version));
  expect(sent.status).toBe(200);
  const { task } = await walk(client, sent.body.data, { until: taskKey, values: { submitBackgroundData: { hasCoApplicant: 'no' } } });
  expect(task.taskDefinitionKey).toBe(taskKey);
  return task;
}

/** The step's example answer with the wire value at `path` replaced. */
function withValue(task: TaskResponse, path: string, value: string, domain: BusinessDomain = 'retail-banking-ee'): StepSubmission {
  const submission = exampleSubmission(task.taskDefinitionKey, task.version, { domain, productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 });
  setAt(submission.application as unknown as Record<string, unknown>, parsePath(path), value);
  return submission;
}

/** Sends `value` at `path` and expects a 422 (VALIDATION_FAILED) whose only field error is on that field, with `key`. */
async function expectRefused(client: ApiClient, task: TaskResponse, path: string, value: string, key: string, domain?: BusinessDomain): Promise<void> {
  const reply = await client.post<ApiErrorBody>(stepPath(task.externalId), withValue(task, path, value, domain));
  expect({ value, status: reply.status }).toEqual({ value, status: 422 });
  const fieldErrors = reply.body.error.fieldErrors ?? {};
  const names = Object.keys(fieldErrors);
  expect(names).toHaveLength(1);
  expect(names[0]?.endsWith(path)).toBe(true);
  expect({ value, key: splitMessage(fieldErrors[names[0] ?? '']?.[0] ?? '').key }).toEqual({ value, key });
}

describe('date ranges on the server (issue 23 item 8)', () => {
  it('employment start: the issue dates and a start before the applicant turned 14 are refused on the background step, the one that asks it (decision 196)', async () => {
    const client = t.client();
    const background = await reach(client, 'submitBackgroundData');
    const start = 'personUpdates.0.declaredData.employmentStartDate';
    await expectRefused(client, background, start, '0000-01-01', 'validation.messages.employmentStartBeforeWorkingAge');
    await expectRefused(client, background, start, '1899-12-31', 'validation.messages.employmentStartBeforeWorkingAge');
    await expectRefused(client, background, start, '1800-01-01', 'validation.messages.employmentStartBeforeWorkingAge');
    await expectRefused(client, background, start, '9999-12-31', 'validation.messages.dateInFuture');
    // MARI turned 14 on 8 January 1994: the day before is refused, the day itself accepted.
    await expectRefused(client, background, start, '1994-01-07', 'validation.messages.employmentStartBeforeWorkingAge');
    const accepted = await client.post<Data<TaskResponse>>(stepPath(background.externalId), withValue(background, start, '1994-01-08'));
    expect(accepted.status).toBe(200);

    // The employer step asks no start date again.
    expect(accepted.body.data.taskDefinitionKey).toBe('submitEmployerInfo');
  });

  it('identity document: the issue dates are refused as dates of issue and as expiry dates', async () => {
    const client = t.client();
    const task = await reach(client, 'submitBankDetailsAndIdentificationDocumentInfo');
    const issueDate = 'personUpdates.0.declaredData.identityDocument.issueDate';
    const expiryDate = 'personUpdates.0.declaredData.identityDocument.expiryDate';
    for (const value of ISSUE_DATES) await expectRefused(client, task, issueDate, value, 'validation.messages.documentIssueDateOutOfRange');
    await expectRefused(client, task, expiryDate, '9999-12-31', 'validation.messages.documentExpiryTooFar');
    for (const value of ['0000-01-01', '1899-12-31', '1800-01-01']) await expectRefused(client, task, expiryDate, value, 'validation.messages.documentExpired');
    // The edges, by the server's clock: 1 January 1990 and an expiry 15 years from today are accepted.
    const today = t.now();
    const inFifteenYears = `${today.getFullYear() + 15}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(Math.min(today.getDate(), 28)).padStart(2, '0')}`;
    const edges = withValue(task, issueDate, '1990-01-01');
    setAt(edges.application as unknown as Record<string, unknown>, parsePath(expiryDate), inFifteenYears);
    const accepted = await client.post<Data<TaskResponse>>(stepPath(task.externalId), edges);
    expect(accepted.status).toBe(200);
  });

  describe('in Latvia, where the date of birth is asked', () => {
    let lv: TestApp;
    beforeAll(async () => {
      lv = await startTestApp({ BUSINESS_DOMAIN: 'retail-banking-lv' });
    });
    afterAll(() => lv.database.dispose());

    it('refuses the issue dates as a date of birth, and dates employment from the declared birth date', async () => {
      const client = lv.client();
      const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
        taskDefinitionKey: 'submitPersonalInfo',
        previousTasks: ['createApplicationStep'],
        application: { applicationUpdates: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 } }, personUpdates: [{ role: 'APPLICANT', declaredData: { firstName: 'Jānis', surname: 'Bērziņš' } }] },
      });
      expect(seeded.status).toBe(201);
      const personal = seeded.body.data;
      const birth = 'personUpdates.0.declaredData.dateOfBirth';
      for (const value of ISSUE_DATES) await expectRefused(client, personal, birth, value, 'validation.messages.ageOutOfRange', 'retail-banking-lv');
      // The example's date of birth, 15 March 1985 (a new-format code carries none).
      const sent = await client.post<Data<TaskResponse>>(stepPath(personal.externalId), withValue(personal, birth, '1985-03-15', 'retail-banking-lv'));
      expect(sent.status).toBe(200);
      expect(sent.body.data.taskDefinitionKey).toBe('submitBackgroundData');
      const start = 'personUpdates.0.declaredData.employmentStartDate';
      await expectRefused(client, sent.body.data, start, '1999-03-14', 'validation.messages.employmentStartBeforeWorkingAge', 'retail-banking-lv');
      for (const value of ['0000-01-01', '1899-12-31']) await expectRefused(client, sent.body.data, start, value, 'validation.messages.employmentStartBeforeWorkingAge', 'retail-banking-lv');
      await expectRefused(client, sent.body.data, start, '9999-12-31', 'validation.messages.dateInFuture', 'retail-banking-lv');
    });
  });
});
