/**
 * Section 6 (decision 191): an embedded customer administrator keeps the person's language. The
 * server reads the create step's contract with the administrator's groups: its hidden language field
 * is not the administrator's to send, so a person's language is not overwritten by it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import { CREATE_REQUEST, createApplicationStep, stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BUSINESS_DOMAIN: 'retail-banking-ee' });
});
afterAll(() => t.database.dispose());

describe('a customer administrator keeps the person’s language (section 6, decision 191)', () => {
  it('the create step written with an administrator’s token changes no person’s language; a customer’s own does', async () => {
    const languageAfterCreateStep = async (headers: Record<string, string>) => {
      const client = t.client();
      const created = await client.post<Data<TaskResponse>>('/api/v1/application-process', { application: { ...CREATE_REQUEST.application, languageCode: 'rus' } }, { headers });
      expect(created.status, created.text).toBe(201);
      // What an older client (or the administrator's interface language) would send as the person's.
      const sent = await client.post<Data<TaskResponse>>(stepPath(created.body.data.externalId), createApplicationStep(created.body.data.version), { headers });
      expect(sent.status, sent.text).toBe(200);
      return sent.body.data.application.relatedPersons?.persons.find((person) => person.role === 'APPLICANT')?.languageCode;
    };
    const token = (await t.client().post<Data<{ token: string }>>('/api/sandbox/token', { sub: 'ee-administrator', userGroups: ['customer-administrator-estonia'] })).body.data.token;
    expect(await languageAfterCreateStep({ authorization: `Bearer ${token}` })).toBe('rus');
    expect(await languageAfterCreateStep({})).toBe('est');
  });
});
