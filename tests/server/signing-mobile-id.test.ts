/**
 * Issue 12 on the reference API: Mobile-ID signing through the sandbox polling provider
 * (docs/decisions/143). The same section 7 calls as Smart-ID with `method: MOBILE_SIGNATURE`; the
 * request goes to the applicant's own phone and personal code, as the application holds them; only
 * where Mobile-ID is a way to sign (Estonia, Lithuania); only for the application's owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { SigningStatusResponse, StartSigningResponse } from '../../core/wire/signing.schema';
import { DIGITAL_SIGNING_RESULTS, digitalSigningOutcome } from '../../core/domain/signing';
import { MOBILE_ID_RESULTS, MobileIdSettingSchema } from '../../server/signing/sandbox-signing-settings';
import { mobileIdPhoneOf } from '../../server/signing/signing.service';
import * as v from 'valibot';
import type { ApiClient } from './support/api-client';
import { MARI } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

const base = (externalId: string) => `/api/v1/application/${externalId}/signing`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

/** An application of this client's session whose applicant has this phone number (Mari's by default). */
async function seeded(client: ApiClient, phoneNumber: { code: string; number: string } | null = MARI.phoneNumber): Promise<string> {
  const reply = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: 'viewContractConditions',
    previousTasks: ['checkAnswers', 'viewContractAndChooseSigningMethod'],
    decision: 'POSITIVE',
    application: {
      applicationUpdates: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 } },
      personUpdates: [
        { role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { firstName: MARI.firstName, surname: MARI.surname, email: MARI.email, ...(phoneNumber ? { phoneNumber } : {}) } },
      ],
      customData: { signingMethod: 'MOBILE_SIGNATURE' },
    },
  });
  if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
  return reply.body.data.externalId;
}

const start = (client: ApiClient, externalId: string, body: Record<string, unknown> = {}) =>
  client.post<Data<StartSigningResponse> & ApiErrorBody>(base(externalId), { method: 'MOBILE_SIGNATURE', ...body });
const poll = async (client: ApiClient, externalId: string) => (await client.post<Data<SigningStatusResponse>>(`${base(externalId)}/status`)).body.data;
const contractsInfo = async (client: ApiClient, externalId: string) =>
  (await client.get<Data<{ contractsInfo: Array<{ signing: { method: string; fileServiceId: string } }> }>>(`/api/sandbox/signing/${externalId}/contracts-info`)).body.data.contractsInfo;

describe('Mobile-ID through the sandbox polling provider', () => {
  it('gives a verification code, answers RUNNING, then the result; the contract is signed with MOBILE_SIGNATURE', async () => {
    const client = t.client();
    const externalId = await seeded(client);
    expect((await client.post('/api/sandbox/signing/mobile-id', { runningPolls: 2, result: 'SIGNED_CONTRACT' })).status).toBe(200);
    const started = await start(client, externalId);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ method: 'MOBILE_SIGNATURE', status: 'RUNNING', redirectUrl: null });
    expect(started.body.data.verificationCode).toMatch(/^\d{4}$/);
    expect(await poll(client, externalId)).toEqual({ method: 'MOBILE_SIGNATURE', status: 'RUNNING', verificationCode: started.body.data.verificationCode });
    expect((await poll(client, externalId)).status).toBe('RUNNING');
    expect((await poll(client, externalId)).status).toBe('SIGNED_CONTRACT');
    expect((await poll(client, externalId)).status).toBe('SIGNED_CONTRACT');
    expect(await contractsInfo(client, externalId)).toMatchObject([{ signing: { method: 'MOBILE_SIGNATURE', fileServiceId: `contract-${externalId}` } }]);
  });

  it.each(MOBILE_ID_RESULTS.filter((result) => digitalSigningOutcome(result).next !== 'wait'))('answers %s when a test sets it', async (result) => {
    const client = t.client();
    const externalId = await seeded(client);
    await client.post('/api/sandbox/signing/mobile-id', { runningPolls: 0, result });
    expect((await start(client, externalId)).status).toBe(200);
    expect((await poll(client, externalId)).status).toBe(result);
    expect((await contractsInfo(client, externalId)).length).toBe(digitalSigningOutcome(result).next === 'done' ? 1 : 0);
  });

  it('has no wrong verification code and no certificate level: the control refuses them', async () => {
    expect(MOBILE_ID_RESULTS).not.toContain('WRONG_VC');
    expect(MOBILE_ID_RESULTS).not.toContain('INVALID_CERTIFICATE_LEVEL');
    // Decision 167: the results Mobile-ID's protocol leads to, a subset of section 4's.
    expect(MOBILE_ID_RESULTS.every((result) => (DIGITAL_SIGNING_RESULTS as readonly string[]).includes(result))).toBe(true);
    expect(v.safeParse(MobileIdSettingSchema, { result: 'WRONG_VC' }).success).toBe(false);
    const client = t.client();
    await seeded(client);
    expect((await client.post('/api/sandbox/signing/mobile-id', { result: 'INVALID_CERTIFICATE_LEVEL' })).status).toBe(422);
  });

  it('is set apart from Smart-ID: each provider answers its own setting', async () => {
    const client = t.client();
    const externalId = await seeded(client);
    await client.post('/api/sandbox/signing/smart-id', { runningPolls: 0, result: 'USER_CANCELLED' });
    await client.post('/api/sandbox/signing/mobile-id', { runningPolls: 0, result: 'TIMEOUT' });
    await start(client, externalId);
    expect(await poll(client, externalId)).toMatchObject({ method: 'MOBILE_SIGNATURE', status: 'TIMEOUT' });
    await client.post(base(externalId), { method: 'SMART_ID' });
    expect(await poll(client, externalId)).toMatchObject({ method: 'SMART_ID', status: 'USER_CANCELLED' });
  });

  it('an applicant without a Mobile-ID number is not a Mobile-ID client, whatever the setting', async () => {
    const client = t.client();
    const externalId = await seeded(client, { code: '+371', number: '21234567' });
    await client.post('/api/sandbox/signing/mobile-id', { runningPolls: 0, result: 'SIGNED_CONTRACT' });
    expect((await start(client, externalId)).status).toBe(200);
    expect((await poll(client, externalId)).status).toBe('NOT_CLIENT');
    expect(await contractsInfo(client, externalId)).toEqual([]);
  });

  it('takes no phone number from the client', async () => {
    const client = t.client();
    const externalId = await seeded(client);
    const reply = await start(client, externalId, { phoneNumber: '+37255555555' });
    // The variant's object drops unknown keys: the request still goes to the applicant's own phone.
    expect(reply.status).toBe(200);
    expect(mobileIdPhoneOf({ personal_code: MARI.personalCode, declared_data: { phoneNumber: MARI.phoneNumber } })).toBe('+37251234567');
  });

  it('refuses while digital signing is disabled for the contract', async () => {
    const client = t.client();
    const externalId = await seeded(client);
    await client.post('/api/sandbox/signing/smart-id', { disabledReason: 'OVER_LIMIT' });
    const reply = await start(client, externalId);
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('SIGNING_NOT_AVAILABLE');
  });

  it('is not a way to sign in Latvia', async () => {
    const latvia = t.withEnv({ BUSINESS_DOMAIN: 'retail-banking-lv' });
    const client = latvia.client();
    const externalId = await seeded(client, { code: '+372', number: '51234567' });
    const reply = await start(client, externalId);
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('SIGNING_NOT_AVAILABLE');
  });

  it('signs in Lithuania with a Lithuanian number', async () => {
    const lithuania = t.withEnv({ BUSINESS_DOMAIN: 'retail-banking-lt' });
    const client = lithuania.client();
    const externalId = await seeded(client, { code: '+370', number: '61234567' });
    await client.post('/api/sandbox/signing/mobile-id', { runningPolls: 0, result: 'SIGNED_CONTRACT' });
    expect((await start(client, externalId)).status).toBe(200);
    expect((await poll(client, externalId)).status).toBe('SIGNED_CONTRACT');
    expect(await contractsInfo(client, externalId)).toMatchObject([{ signing: { method: 'MOBILE_SIGNATURE' } }]);
  });

  it('answers another session as if the application did not exist', async () => {
    const owner = t.client();
    const externalId = await seeded(owner);
    const stranger = t.client();
    expect((await start(stranger, externalId)).status).toBe(404);
    await start(owner, externalId);
    expect((await stranger.post(`${base(externalId)}/status`)).status).toBe(404);
  });
});
