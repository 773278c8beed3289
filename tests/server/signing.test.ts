/**
 * Issue 12 on the reference API: section 7's signing calls through the sandbox providers
 * (docs/decisions/139-141). Only the application's owner reaches them; the addresses handed out and
 * followed are on the redirect allowlist; a signed contract is recorded with date, method and file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EsignStatusResponse, SigningStatusResponse, StartSigningResponse } from '../../core/wire/signing.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { ESIGN_CERTIFICATE_INACTIVE, digitalSigningOutcome } from '../../core/domain/signing';
import { SMART_ID_RESULTS } from '../../server/signing/sandbox-signing-scripts';
import { MESSAGES } from '../../core/validation/messages';
import type { ApiClient } from './support/api-client';
import { MARI, createApplication } from './support/payloads';
import { TEST_ORIGIN, startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };
interface ContractsInfo {
  contractsInfo: Array<{ productName: string; signing: { dateTime: string; method: string; fileServiceId: string } }>;
}

const base = (externalId: string) => `/api/v1/application/${externalId}/signing`;
const PROVIDER = `${TEST_ORIGIN}/sandbox/providers/eparaksts?transaction=`;
const BANK = `${TEST_ORIGIN}/sandbox/providers/bank-payment?transaction=`;

let t: TestApp;
let payments: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  payments = t.withEnv({ FEATURE_FLAGS: 'paymentSigning' });
});
afterAll(() => t.database.dispose());

async function started(app: TestApp = t): Promise<{ client: ApiClient; externalId: string }> {
  const client = app.client();
  return { client, externalId: (await createApplication(client)).externalId };
}

/**
 * Smart-ID asks for the applicant by their personal code (decision 167): an application of this
 * client's session at the contract whose applicant has one.
 */
async function withApplicant(app: TestApp = t): Promise<{ client: ApiClient; externalId: string }> {
  const client = app.client();
  const reply = await client.post<Data<{ externalId: string }>>('/api/sandbox/applications', {
    taskDefinitionKey: 'viewContractConditions',
    previousTasks: ['checkAnswers', 'viewContractAndChooseSigningMethod'],
    decision: 'POSITIVE',
    application: {
      applicationUpdates: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 } },
      personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { firstName: MARI.firstName, surname: MARI.surname, email: MARI.email } }],
      customData: { signingMethod: 'SMART_ID' },
    },
  });
  if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
  return { client, externalId: reply.body.data.externalId };
}

/** The provider page as a browser would follow it: the page, then its form with an outcome. */
async function answerPage(client: ApiClient, redirectUrl: string, outcome: string) {
  const page = await client.get(redirectUrl.slice(TEST_ORIGIN.length));
  expect(page.status).toBe(200);
  const transaction = new URL(redirectUrl).searchParams.get('transaction') ?? '';
  const form = new FormData();
  form.append('transaction', transaction);
  form.append('outcome', outcome);
  const answered = await client.post(new URL(redirectUrl).pathname, form);
  return { page, answered };
}

const esignStatus = async (client: ApiClient, externalId: string) => (await client.get<Data<EsignStatusResponse>>(`${base(externalId)}/eparaksts/status`)).body.data;
const authenticate = (client: ApiClient, externalId: string, extra: Record<string, unknown> = {}) =>
  client.post<Data<{ redirectUrl: string }> & ApiErrorBody>(`${base(externalId)}/eparaksts/authenticate`, { languageCode: 'lav', signingMethod: 'EPARAKSTS', ...extra });
const sign = (client: ApiClient, externalId: string, extra: Record<string, unknown> = {}) =>
  client.post<Data<{ redirectUrl: string }> & ApiErrorBody>(`${base(externalId)}/eparaksts/sign`, extra);
const contractsInfo = async (client: ApiClient, externalId: string) =>
  (await client.get<Data<ContractsInfo>>(`/api/sandbox/signing/${externalId}/contracts-info`)).body.data.contractsInfo;

async function authenticated(client: ApiClient, externalId: string) {
  const reply = await authenticate(client, externalId);
  await answerPage(client, reply.body.data.redirectUrl, 'SUCCESS');
}

describe('eParaksts through the sandbox redirect provider', () => {
  it('authenticates, signs, and records the signed contract with date, method and file', async () => {
    const { client, externalId } = await started();
    expect(await esignStatus(client, externalId)).toEqual({ status: 'NOT_STARTED', errorCode: null, signedFileServiceIds: [] });

    const auth = await authenticate(client, externalId);
    expect(auth.status).toBe(200);
    expect(auth.body.data.redirectUrl.startsWith(PROVIDER)).toBe(true);
    const first = await answerPage(client, auth.body.data.redirectUrl, 'SUCCESS');
    expect(first.page.text).toContain('<h1>Sandbox eParaksts: authentication</h1>');
    expect(first.page.text).toMatch(/value="SUCCESS" checked/);
    expect(first.answered.status).toBe(303);
    expect(first.answered.headers.get('location')).toBe(`${TEST_ORIGIN}/?externalId=${externalId}`);
    expect((await esignStatus(client, externalId)).status).toBe('AUTHENTICATION_SUCCESS');

    const signing = await sign(client, externalId);
    expect(signing.status).toBe(200);
    const second = await answerPage(client, signing.body.data.redirectUrl, 'SUCCESS');
    expect(second.page.text).toContain('Sandbox eParaksts: signing');
    expect(second.answered.status).toBe(303);
    expect(await esignStatus(client, externalId)).toEqual({ status: 'SIGNING_SUCCESS', errorCode: null, signedFileServiceIds: [`contract-${externalId}`] });
    const [info] = await contractsInfo(client, externalId);
    expect(info).toMatchObject({ productName: 'SMALL_LOAN', signing: { method: 'EPARAKSTS', fileServiceId: `contract-${externalId}` } });
    expect(Number.isNaN(Date.parse(info?.signing.dateTime ?? ''))).toBe(false);
  });

  it('authentication failed: the status says so and no contract is signed', async () => {
    const { client, externalId } = await started();
    await client.post('/api/sandbox/signing/esignature', { authentication: 'FAILED' });
    const auth = await authenticate(client, externalId, { signingMethod: 'EPARAKSTS_EID' });
    const { page } = await answerPage(client, auth.body.data.redirectUrl, 'FAILED');
    expect(page.text).toMatch(/value="FAILED" checked/);
    expect(await esignStatus(client, externalId)).toMatchObject({ status: 'AUTHENTICATION_FAILED', errorCode: null });
    expect(await contractsInfo(client, externalId)).toEqual([]);
    // Signing needs a successful authentication first.
    const refused = await sign(client, externalId);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('ESIGN_SIGNING_REFUSED');
  });

  it('signing failed at the provider: SIGNING_FAILED with its errorCode', async () => {
    const { client, externalId } = await started();
    await client.post('/api/sandbox/signing/esignature', { signing: 'FAILED', signingErrorCode: 'ESIGN_SIGNING_REFUSED' });
    await authenticated(client, externalId);
    const signing = await sign(client, externalId);
    await answerPage(client, signing.body.data.redirectUrl, 'FAILED');
    expect(await esignStatus(client, externalId)).toMatchObject({ status: 'SIGNING_FAILED', errorCode: 'ESIGN_SIGNING_REFUSED', signedFileServiceIds: [] });
  });

  it('an inactive certificate: the signing call is refused with its errorCode, and the status keeps it', async () => {
    const { client, externalId } = await started();
    await client.post('/api/sandbox/signing/esignature', { refuseSigningWith: ESIGN_CERTIFICATE_INACTIVE });
    await authenticated(client, externalId);
    const refused = await sign(client, externalId);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe(ESIGN_CERTIFICATE_INACTIVE);
    expect(await esignStatus(client, externalId)).toMatchObject({ status: 'SIGNING_FAILED', errorCode: ESIGN_CERTIFICATE_INACTIVE });
  });

  it('answers any status a test sets, also one section 4 does not list', async () => {
    const { client, externalId } = await started();
    await client.post('/api/sandbox/signing/esignature', { status: 'PROVIDER_DOWN' });
    expect((await esignStatus(client, externalId)).status).toBe('PROVIDER_DOWN');
  });

  it('a provider page answers once; an unknown or answered transaction is gone', async () => {
    const { client, externalId } = await started();
    const auth = await authenticate(client, externalId);
    await answerPage(client, auth.body.data.redirectUrl, 'SUCCESS');
    expect((await client.get(auth.body.data.redirectUrl.slice(TEST_ORIGIN.length))).status).toBe(404);
    const form = new FormData();
    form.append('transaction', new URL(auth.body.data.redirectUrl).searchParams.get('transaction') ?? '');
    form.append('outcome', 'FAILED');
    expect((await client.post('/sandbox/providers/eparaksts', form)).status).toBe(404);
    expect((await esignStatus(client, externalId)).status).toBe('AUTHENTICATION_SUCCESS');
    expect((await client.get('/sandbox/providers/eparaksts?transaction=nope')).status).toBe(404);
  });

  it('signs only a contract of the application', async () => {
    const { client, externalId } = await started();
    const reply = await authenticate(client, externalId, { fileServiceId: 'contract-someone-else' });
    expect(reply.status).toBe(422);
    expect(reply.body.error.fieldErrors).toEqual({ fileServiceId: [MESSAGES.choiceInvalid] });
  });
});

describe('return addresses and the allowlist', () => {
  it('refuses a return address that is not on the allowlist, and takes one that is', async () => {
    const { client, externalId } = await started();
    for (const returnUrl of ['https://evil.example/callback', `${TEST_ORIGIN}/elsewhere`, 'javascript:alert(1)', `http://user:pw@localhost/`]) {
      const reply = await authenticate(client, externalId, { returnUrl });
      expect(reply.status, returnUrl).toBe(422);
      expect(reply.body.error.fieldErrors).toEqual({ returnUrl: [MESSAGES.redirectUriNotRegistered] });
    }
    const allowed = await authenticate(client, externalId, { returnUrl: `${TEST_ORIGIN}/?externalId=${externalId}&signing=eparaksts` });
    expect(allowed.status).toBe(200);
    const { answered } = await answerPage(client, allowed.body.data.redirectUrl, 'SUCCESS');
    expect(answered.headers.get('location')).toBe(`${TEST_ORIGIN}/?externalId=${externalId}&signing=eparaksts`);
  });

  it('outside test mode there is no sandbox provider: the pages do not exist and signing is not available', async () => {
    const production = t.withEnv({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: 'a-production-secret-of-at-least-32-bytes-long' });
    const { client, externalId } = await started(production);
    const reply = await authenticate(client, externalId);
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('SIGNING_NOT_AVAILABLE');
    const smartId = await client.post<ApiErrorBody>(base(externalId), { method: 'SMART_ID' });
    expect(smartId.status).toBe(409);
  });
});

describe('Smart-ID through its simulator, scripted by the sandbox control', () => {
  it('gives a verification code, answers RUNNING, then the result; a signed contract is recorded', async () => {
    const { client, externalId } = await withApplicant();
    await client.post('/api/sandbox/signing/smart-id', { runningPolls: 2, result: 'SIGNED_CONTRACT' });
    const start = await client.post<Data<StartSigningResponse>>(base(externalId), { method: 'SMART_ID' });
    expect(start.status).toBe(200);
    expect(start.body.data).toMatchObject({ method: 'SMART_ID', status: 'RUNNING', redirectUrl: null });
    expect(start.body.data.verificationCode).toMatch(/^\d{4}$/);
    const poll = async () => (await client.post<Data<SigningStatusResponse>>(`${base(externalId)}/status`)).body.data;
    expect(await poll()).toEqual({ method: 'SMART_ID', status: 'RUNNING', verificationCode: start.body.data.verificationCode });
    expect((await poll()).status).toBe('RUNNING');
    expect((await poll()).status).toBe('SIGNED_CONTRACT');
    // The result stays.
    expect((await poll()).status).toBe('SIGNED_CONTRACT');
    expect(await contractsInfo(client, externalId)).toMatchObject([{ signing: { method: 'SMART_ID', fileServiceId: `contract-${externalId}` } }]);
  });

  // Decision 167: every section 4 result Smart-ID's protocol leads to (a payment's, or the bank's own, are not Smart-ID's).
  it.each(SMART_ID_RESULTS)('answers %s when a test sets it', async (result) => {
    const { client, externalId } = await withApplicant();
    await client.post('/api/sandbox/signing/smart-id', { runningPolls: 0, result });
    await client.post(base(externalId), { method: 'SMART_ID' });
    const polled = await client.post<Data<SigningStatusResponse>>(`${base(externalId)}/status`);
    expect(polled.body.data.status).toBe(result);
    expect((await contractsInfo(client, externalId)).length).toBe(digitalSigningOutcome(result).next === 'done' ? 1 : 0);
  });

  it('a failed attempt can be started again with a new transaction', async () => {
    const { client, externalId } = await withApplicant();
    await client.post('/api/sandbox/signing/smart-id', { runningPolls: 0, result: 'WRONG_VC' });
    await client.post(base(externalId), { method: 'SMART_ID' });
    expect((await client.post<Data<SigningStatusResponse>>(`${base(externalId)}/status`)).body.data.status).toBe('WRONG_VC');
    await client.post('/api/sandbox/signing/smart-id', { runningPolls: 0, result: 'SIGNED_CONTRACT' });
    await client.post(base(externalId), { method: 'SMART_ID' });
    expect((await client.post<Data<SigningStatusResponse>>(`${base(externalId)}/status`)).body.data.status).toBe('SIGNED_CONTRACT');
  });

  it('there is no status before a signing was started', async () => {
    const { client, externalId } = await withApplicant();
    expect((await client.post(`${base(externalId)}/status`)).status).toBe(404);
  });
});

describe('payment signing through the sandbox bank payment provider', () => {
  const check = async (client: ApiClient, externalId: string) =>
    (await client.get<Data<{ enabled: boolean }>>(`/api/v1/signing/${externalId}/check/payment-signing-enabled`)).body.data.enabled;

  it('is enabled only with the flag on and unrestricted; otherwise a payment cannot start', async () => {
    const off = await started();
    expect(await check(off.client, off.externalId)).toBe(false);
    const refused = await off.client.post<ApiErrorBody>(base(off.externalId), { method: 'PAYMENT', selectedBankBic: 'HABALV22' });
    expect(refused.status).toBe(409);

    const { client, externalId } = await started(payments);
    expect(await check(client, externalId)).toBe(true);
    await client.post('/api/sandbox/signing/payment', { restricted: true });
    expect(await check(client, externalId)).toBe(false);
    expect((await client.post(base(externalId), { method: 'PAYMENT', selectedBankBic: 'HABALV22' })).status).toBe(409);
  });

  it('takes one of the four banks only', async () => {
    const { client, externalId } = await started(payments);
    const reply = await client.post<ApiErrorBody>(base(externalId), { method: 'PAYMENT', selectedBankBic: 'DEUTDEFF' });
    expect(reply.status).toBe(422);
    expect(reply.body.error.fieldErrors?.['selectedBankBic']).toEqual([MESSAGES.choiceInvalid]);
  });

  it('sends the browser to the bank, runs until it returns, then answers its result and records the signing', async () => {
    const { client, externalId } = await started(payments);
    const start = await client.post<Data<StartSigningResponse>>(base(externalId), { method: 'PAYMENT', selectedBankBic: 'HABALV22', paymentPurpose: 'Contract 2026-1' });
    expect(start.status).toBe(200);
    const redirectUrl = start.body.data.redirectUrl ?? '';
    expect(redirectUrl.startsWith(BANK)).toBe(true);
    expect((await client.post<Data<SigningStatusResponse>>(`${base(externalId)}/status`)).body.data).toMatchObject({ method: 'PAYMENT', status: 'RUNNING' });
    const { page, answered } = await answerPage(client, redirectUrl, 'COMPLETED_OK');
    expect(page.text).toContain('SWEDBANK (HABALV22)');
    expect(page.text).toContain('Contract 2026-1');
    expect(answered.status).toBe(303);
    expect(answered.headers.get('location')).toBe(`${TEST_ORIGIN}/?externalId=${externalId}`);
    expect((await client.post<Data<SigningStatusResponse>>(`${base(externalId)}/status`)).body.data.status).toBe('COMPLETED_OK');
    expect(await contractsInfo(client, externalId)).toMatchObject([{ signing: { method: 'PAYMENT' } }]);
  });

  it('a cancelled payment is answered as such and signs nothing', async () => {
    const { client, externalId } = await started(payments);
    await client.post('/api/sandbox/signing/payment', { result: 'USER_CANCELLED' });
    const start = await client.post<Data<StartSigningResponse>>(base(externalId), { method: 'PAYMENT', selectedBankBic: 'PARXLV22' });
    const { page } = await answerPage(client, start.body.data.redirectUrl ?? '', 'USER_CANCELLED');
    expect(page.text).toMatch(/value="USER_CANCELLED" checked/);
    expect((await client.post<Data<SigningStatusResponse>>(`${base(externalId)}/status`)).body.data.status).toBe('USER_CANCELLED');
    expect(await contractsInfo(client, externalId)).toEqual([]);
  });

  it('refuses a return address that is not on the allowlist', async () => {
    const { client, externalId } = await started(payments);
    const reply = await client.post<ApiErrorBody>(base(externalId), { method: 'PAYMENT', selectedBankBic: 'RIKOLV2X', returnUrl: 'https://evil.example/' });
    expect(reply.status).toBe(422);
    expect(reply.body.error.fieldErrors).toEqual({ returnUrl: [MESSAGES.redirectUriNotRegistered] });
  });
});

describe('only the application owner', () => {
  it('every signing call answers another session as if the application did not exist', async () => {
    const { externalId } = await started(payments);
    const stranger = payments.client();
    await stranger.startSession();
    const calls = [
      stranger.post(base(externalId), { method: 'SMART_ID' }),
      stranger.post(base(externalId), { method: 'PAYMENT', selectedBankBic: 'HABALV22' }),
      stranger.post(`${base(externalId)}/status`),
      stranger.get(`${base(externalId)}/eparaksts/status`),
      stranger.post(`${base(externalId)}/eparaksts/authenticate`, { languageCode: 'lav', signingMethod: 'EPARAKSTS' }),
      stranger.post(`${base(externalId)}/eparaksts/sign`, {}),
      stranger.get(`/api/v1/signing/${externalId}/check/payment-signing-enabled`),
    ];
    for (const reply of await Promise.all(calls)) expect(reply.status).toBe(404);
    // Without any session either.
    const anonymous = payments.client();
    expect((await anonymous.get(`${base(externalId)}/eparaksts/status`)).status).toBe(404);
  });
});
