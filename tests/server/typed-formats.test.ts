/**
 * Issue 26 item 5, decision 193: the forms read dates and postal codes as people type them
 * (`15.03.1985`, `150385`; `1010`, `lv 1010`, `EE-10117`) and send one wire form; the server's
 * schemas take that form only, so a client that skips the reading is refused with a field error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { StepSubmission } from '../../core/wire/process.schema';
import type { BusinessDomain } from '../../core/domain/business-domains';
import { parsePath, setAt } from '../../core/contract/paths';
import { splitMessage } from '../../core/validation/messages';
import type { ApiClient } from './support/api-client';
import { exampleSubmission, stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

const ADDRESS = 'personUpdates.0.declaredData.address';

/** An application seeded at `taskKey` (the sandbox, as the browser tests seed theirs). */
async function seededAt(client: ApiClient, taskKey: string): Promise<TaskResponse> {
  const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: taskKey,
    previousTasks: ['createApplicationStep'],
    application: { applicationUpdates: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 } }, personUpdates: [{ role: 'APPLICANT', declaredData: { firstName: 'Jānis', surname: 'Bērziņš' } }] },
  });
  expect(seeded.status).toBe(201);
  return seeded.body.data;
}

/** The step's example answer with the wire values at `changes` (paths) replaced. */
function withValues(task: TaskResponse, domain: BusinessDomain, changes: Record<string, string>): StepSubmission {
  const submission = exampleSubmission(task.taskDefinitionKey, task.version, { domain, productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 });
  for (const [path, value] of Object.entries(changes)) setAt(submission.application as unknown as Record<string, unknown>, parsePath(path), value);
  return submission;
}

async function expectRefused(client: ApiClient, task: TaskResponse, domain: BusinessDomain, changes: Record<string, string>, path: string, key: string) {
  const reply = await client.post<ApiErrorBody>(stepPath(task.externalId), withValues(task, domain, changes));
  expect({ changes, status: reply.status }).toEqual({ changes, status: 422 });
  const fieldErrors = reply.body.error.fieldErrors ?? {};
  expect(Object.keys(fieldErrors)).toEqual([expect.stringMatching(new RegExp(`${path.replace(/\./g, '\\.')}$`))]);
  expect(splitMessage(Object.values(fieldErrors)[0]?.[0] ?? '').key).toBe(key);
}

describe('the wire forms on the server (issue 26 item 5)', () => {
  describe('in Estonia', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.database.dispose());

    it('takes an Estonian postal code of exactly 5 digits only, a Lithuanian one as LT-12345 only', async () => {
      const client = t.client();
      const task = await seededAt(client, 'submitAddress');
      const postal = `${ADDRESS}.postalCode`;
      for (const sent of ['1011', 'EE-10117', '10117 ', '101171']) await expectRefused(client, task, 'retail-banking-ee', { [postal]: sent }, postal, 'validation.messages.postalCodeEstonia');
      const lithuanian = { [`${ADDRESS}.country`]: 'LT' };
      for (const sent of ['01103', 'lt-01103', 'LT 01103']) await expectRefused(client, task, 'retail-banking-ee', { ...lithuanian, [postal]: sent }, postal, 'validation.messages.postalCodeLithuania');
      const accepted = await client.post<Data<TaskResponse>>(stepPath(task.externalId), withValues(task, 'retail-banking-ee', { ...lithuanian, [postal]: 'LT-01103' }));
      expect(accepted.status).toBe(200);
    });
  });

  describe('in Latvia', () => {
    let lv: TestApp;
    beforeAll(async () => {
      lv = await startTestApp({ BUSINESS_DOMAIN: 'retail-banking-lv' });
    });
    afterAll(() => lv.database.dispose());

    it('takes the date of birth as yyyy-MM-dd only: 150385 and 15.03.1985 are the form’s to read', async () => {
      const client = lv.client();
      const task = await seededAt(client, 'submitPersonalInfo');
      const birth = 'personUpdates.0.declaredData.dateOfBirth';
      for (const sent of ['150385', '15.03.1985', '15031985', '1985-3-15']) await expectRefused(client, task, 'retail-banking-lv', { [birth]: sent }, birth, 'validation.messages.dateInvalid');
      const accepted = await client.post<Data<TaskResponse>>(stepPath(task.externalId), withValues(task, 'retail-banking-lv', { [birth]: '1985-03-15' }));
      expect(accepted.status).toBe(200);
    });

    it('takes a Latvian postal code as LV-1234 only', async () => {
      const client = lv.client();
      const task = await seededAt(client, 'submitAddress');
      const postal = `${ADDRESS}.postalCode`;
      for (const sent of ['1010', 'lv 1010', 'LV1010', 'lv-1010']) await expectRefused(client, task, 'retail-banking-lv', { [postal]: sent }, postal, 'validation.messages.postalCodeLatvia');
      const accepted = await client.post<Data<TaskResponse>>(stepPath(task.externalId), withValues(task, 'retail-banking-lv', { [postal]: 'LV-1010' }));
      expect(accepted.status).toBe(200);
    });
  });
});
