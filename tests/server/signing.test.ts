/**
 * Issue 12 on the reference API: section 7's signing calls (docs/decisions/139-141). Only the
 * application's owner reaches them; the addresses handed out and followed are on the redirect
 * allowlist; a signed contract is recorded with date, method and file. eParaksts and the bank
 * payment are OpenID Connect exchanges with their simulators over loopback HTTP (decision 168):
 * the provider's page, the API's callback, and what a person lands on whatever the provider did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EsignStatusResponse, SigningStatusResponse, StartSigningResponse } from '../../core/wire/signing.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { ESIGN_CERTIFICATE_INACTIVE, digitalSigningOutcome } from '../../core/domain/signing';
import { SMART_ID_RESULTS } from '../../server/signing/sandbox-signing-scripts';
import { MESSAGES } from '../../core/validation/messages';
import type { ApiClient } from './support/api-client';
import { MARI, createApplication, createApplicationStep, stepPath } from './support/payloads';
import { TEST_ORIGIN, startTestApp, type TestApp } from './support/test-app';
import { freshSecret } from './support/secrets';
import { visitProvider } from './providers/support/provider-visit';

type Data<T> = { data: T };
interface ContractsInfo {
  contractsInfo: Array<{ productName: string; signing: { dateTime: string; method: string; fileServiceId: string } }>;
}

const base = (externalId: string) => `/api/v1/application/${externalId}/signing`;

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
 * The provider as a browser meets it (decision 168): its page at the simulator (over HTTP), the
 * person's answer (the preselected one unless given), and the API's callback the provider sends the
 * browser back to, which answers where the browser goes next.
 */
async function answerPage(client: ApiClient, redirectUrl: string, answer?: string) {
  const visit = await visitProvider(redirectUrl, answer);
  expect(visit.callback.origin).toBe(TEST_ORIGIN);
  const answered = await client.get(`${visit.callback.pathname}${visit.callback.search}`);
  return { page: { text: visit.html }, answered, callback: visit.callback };
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

const simulatorFault = (control: Record<string, unknown>) =>
  fetch(`${t.simulators.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(control) });

const esignStatus = async (client: ApiClient, externalId: string) => (await client.get<Data<EsignStatusResponse>>(`${base(externalId)}/eparaksts/status`)).body.data;
const authenticate = (client: ApiClient, externalId: string, extra: Record<string, unknown> = {}) =>
  client.post<Data<{ redirectUrl: string }> & ApiErrorBody>(`${base(externalId)}/eparaksts/authenticate`, { languageCode: 'lav', signingMethod: 'EPARAKSTS', ...extra });
const sign = (client: ApiClient, externalId: string, extra: Record<string, unknown> = {}) =>
  client.post<Data<{ redirectUrl: string }> & ApiErrorBody>(`${base(externalId)}/eparaksts/sign`, extra);
const contractsInfo = async (client: ApiClient, externalId: string) =>
  (await client.get<Data<ContractsInfo>>(`/api/sandbox/signing/${externalId}/contracts-info`)).body.data.contractsInfo;

async function authenticated(client: ApiClient, externalId: string) {
  const reply = await authenticate(client, externalId);
  await answerPage(client, reply.body.data.redirectUrl, 'approve');
}

describe('eParaksts through its simulator (OpenID Connect, decision 168)', () => {
  it('authenticates, signs, and records the signed contract with date, method and file', async () => {
    const { client, externalId } = await started();
    expect(await esignStatus(client, externalId)).toEqual({ status: 'NOT_STARTED', errorCode: null, signedFileServiceIds: [] });

    const auth = await authenticate(client, externalId);
    expect(auth.status).toBe(200);
    const request = new URL(auth.body.data.redirectUrl);
    expect(`${request.origin}${request.pathname}`).toBe(`${t.simulators.origin}/eparaksts/authorize`);
    expect(request.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/v1/signing/eparaksts/callback`);
    expect(request.searchParams.get('ui_locales')).toBe('lv');
    const first = await answerPage(client, auth.body.data.redirectUrl);
    expect(first.page.text).toContain('<h1>eParaksts: confirm your identity</h1>');
    expect(first.page.text).toMatch(/value="approve" checked/);
    expect(first.answered.status).toBe(303);
    expect(first.answered.headers.get('location')).toBe(`${TEST_ORIGIN}/?externalId=${externalId}`);
    expect((await esignStatus(client, externalId)).status).toBe('AUTHENTICATION_SUCCESS');

    const signing = await sign(client, externalId);
    expect(signing.status).toBe(200);
    const second = await answerPage(client, signing.body.data.redirectUrl);
    expect(second.page.text).toContain('eParaksts: sign a document');
    expect(second.page.text).toContain(`contract-${externalId}.pdf`);
    expect(second.answered.status).toBe(303);
    expect(await esignStatus(client, externalId)).toEqual({ status: 'SIGNING_SUCCESS', errorCode: null, signedFileServiceIds: [`contract-${externalId}`] });
    const [info] = await contractsInfo(client, externalId);
    expect(info).toMatchObject({ productName: 'SMALL_LOAN', signing: { method: 'EPARAKSTS', fileServiceId: `contract-${externalId}` } });
    expect(Number.isNaN(Date.parse(info?.signing.dateTime ?? ''))).toBe(false);
  });

  it('authentication failed: the page opens with the test\'s refusal; the status says so and no contract is signed', async () => {
    const { client, externalId } = await started();
    await client.post('/api/sandbox/signing/esignature', { authentication: 'FAILED' });
    const auth = await authenticate(client, externalId, { signingMethod: 'EPARAKSTS_EID' });
    expect(new URL(auth.body.data.redirectUrl).searchParams.get('acr_values')).toBe('urn:eparaksts:eid-card');
    const { page, callback } = await answerPage(client, auth.body.data.redirectUrl);
    expect(page.text).toMatch(/value="refuse" checked/);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(await esignStatus(client, externalId)).toMatchObject({ status: 'AUTHENTICATION_FAILED', errorCode: null });
    expect(await contractsInfo(client, externalId)).toEqual([]);
    // Signing needs a successful authentication first.
    const refused = await sign(client, externalId);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('ESIGN_SIGNING_REFUSED');
  });

  it.each([
    [{ signing: 'FAILED' }, 'refuse', 'ESIGN_SIGNING_REFUSED'],
    [{ signing: 'FAILED', signingErrorCode: 'ESIGN_SIGNING_REFUSED' }, 'refuse', 'ESIGN_SIGNING_REFUSED'],
    [{ signing: 'FAILED', signingErrorCode: ESIGN_CERTIFICATE_INACTIVE }, 'certificate-inactive', ESIGN_CERTIFICATE_INACTIVE],
  ])('signing failed at the provider (%o): the page opens with %s, SIGNING_FAILED carries %s', async (setting, preselected, errorCode) => {
    const { client, externalId } = await started();
    await client.post('/api/sandbox/signing/esignature', setting);
    await authenticated(client, externalId);
    const signing = await sign(client, externalId);
    const { page } = await answerPage(client, signing.body.data.redirectUrl);
    expect(page.text).toMatch(new RegExp(`value="${preselected}" checked`));
    expect(await esignStatus(client, externalId)).toMatchObject({ status: 'SIGNING_FAILED', errorCode, signedFileServiceIds: [] });
  });

  it('an inactive certificate refused by the bank itself: the signing call is refused with its errorCode, and the status keeps it', async () => {
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

  it('the provider fails (server_error): the signing failed, said as the provider\'s problem, and trying again signs', async () => {
    const { client, externalId } = await started();
    await authenticated(client, externalId);
    const failed = await answerPage(client, (await sign(client, externalId)).body.data.redirectUrl, 'error');
    expect(failed.answered.status).toBe(303);
    expect(await esignStatus(client, externalId)).toMatchObject({ status: 'SIGNING_FAILED', errorCode: 'PROVIDER_UNAVAILABLE' });
    await authenticated(client, externalId);
    await answerPage(client, (await sign(client, externalId)).body.data.redirectUrl, 'sign');
    expect((await esignStatus(client, externalId)).status).toBe('SIGNING_SUCCESS');
  });

  it('a callback answers once: reloaded, it changes nothing and sends the browser back again', async () => {
    const { client, externalId } = await started();
    const auth = await authenticate(client, externalId);
    const { callback } = await answerPage(client, auth.body.data.redirectUrl, 'approve');
    const again = await client.get(`${callback.pathname}${callback.search}`);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`${TEST_ORIGIN}/?externalId=${externalId}`);
    expect((await esignStatus(client, externalId)).status).toBe('AUTHENTICATION_SUCCESS');
  });

  it('a state this server did not make names no transaction: the browser goes to the app, nothing changes', async () => {
    const { client, externalId } = await started();
    const auth = await authenticate(client, externalId);
    const visit = await visitProvider(auth.body.data.redirectUrl, 'approve');
    const state = visit.callback.searchParams.get('state') ?? '';
    for (const forged of [`${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`, 'not-a-state', '']) {
      const callback = new URL(visit.callback);
      callback.searchParams.set('state', forged);
      const reply = await client.get(`${callback.pathname}${callback.search}`);
      expect(reply.status, forged).toBe(303);
      expect(reply.headers.get('location')).toBe(`${TEST_ORIGIN}/`);
    }
    expect((await esignStatus(client, externalId)).status).toBe('NOT_STARTED');
  });

  it('an ID token expired by the time it arrives: the authentication failed, and a new one succeeds', async () => {
    const { client, externalId } = await started();
    const auth = await authenticate(client, externalId);
    const visit = await visitProvider(auth.body.data.redirectUrl, 'approve');
    t.advance(600);
    try {
      const reply = await client.get(`${visit.callback.pathname}${visit.callback.search}`);
      expect(reply.status).toBe(303);
    } finally {
      t.advance(-600);
    }
    expect((await esignStatus(client, externalId)).status).toBe('AUTHENTICATION_FAILED');
    await authenticated(client, externalId);
    expect((await esignStatus(client, externalId)).status).toBe('AUTHENTICATION_SUCCESS');
  });

  it('the person at eParaksts must be the applicant: the applicant\'s identifier is the login hint, and another person fails', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const externalId = created.externalId;
    expect((await client.post(stepPath(externalId), createApplicationStep(created.version))).status).toBe(200);
    const auth = await authenticate(client, externalId);
    expect(new URL(auth.body.data.redirectUrl).searchParams.get('login_hint')).toBe(`PNOEE-${MARI.personalCode}`);
    const visit = await visitProvider(auth.body.data.redirectUrl, 'approve');
    // Meanwhile the application names someone else.
    await t.database.db.query(`update persons set personal_code = '49403136515' where application_id = (select id from applications where external_id = $1)`, [externalId]);
    await client.get(`${visit.callback.pathname}${visit.callback.search}`);
    expect((await esignStatus(client, externalId)).status).toBe('AUTHENTICATION_FAILED');
  });

  it.each([
    [{ fault: 'status', status: 500 }],
    [{ fault: 'malformed' }],
  ])('the token endpoint fails (%o): the person lands back on the app, the attempt failed, and trying again works', async (control) => {
    const { client, externalId } = await started();
    const auth = await authenticate(client, externalId);
    const visit = await visitProvider(auth.body.data.redirectUrl, 'approve');
    await simulatorFault({ simulator: 'eparaksts', path: '/token', ...control });
    const reply = await client.get(`${visit.callback.pathname}${visit.callback.search}`);
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe(`${TEST_ORIGIN}/?externalId=${externalId}`);
    expect((await esignStatus(client, externalId)).status).toBe('AUTHENTICATION_FAILED');
    await authenticated(client, externalId);
    expect((await esignStatus(client, externalId)).status).toBe('AUTHENTICATION_SUCCESS');
  });

  it('the token endpoint never answers: after the deadline the person lands back, the signing failed as the provider\'s problem', async () => {
    const { client, externalId } = await started();
    await authenticated(client, externalId);
    await simulatorFault({ simulator: 'eparaksts', fault: 'hang', path: '/token' });
    const signing = await sign(client, externalId);
    const visit = await visitProvider(signing.body.data.redirectUrl, 'sign');
    const started_ = Date.now();
    const reply = await client.get(`${visit.callback.pathname}${visit.callback.search}`);
    expect(reply.status).toBe(303);
    expect(Date.now() - started_).toBeGreaterThanOrEqual(9_000);
    expect(await esignStatus(client, externalId)).toMatchObject({ status: 'SIGNING_FAILED', errorCode: 'PROVIDER_UNAVAILABLE' });
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
    const { answered } = await answerPage(client, allowed.body.data.redirectUrl, 'approve');
    expect(answered.headers.get('location')).toBe(`${TEST_ORIGIN}/?externalId=${externalId}&signing=eparaksts`);
  });

  it('production without eParaksts or any bank configured: neither is offered, and the calls say so', async () => {
    const production = t.withEnv({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: freshSecret(), FEATURE_FLAGS: 'paymentSigning' });
    const { client, externalId } = await started(production);
    const config = await client.get<Data<{ providers: { eparaksts: boolean; bankPayment: string[] } }>>('/api/v1/runtime-config');
    expect(config.body.data.providers).toMatchObject({ eparaksts: false, bankPayment: [] });
    const reply = await authenticate(client, externalId);
    expect(reply.status).toBe(409);
    expect(reply.body.error).toMatchObject({ code: 'SIGNING_NOT_AVAILABLE', message: 'eParaksts signing is not configured on this server.' });
    const payment = await client.post<ApiErrorBody>(base(externalId), { method: 'PAYMENT', selectedBankBic: 'HABALV22' });
    expect(payment.status).toBe(409);
    expect(payment.body.error.message).toBe('Payment signing with this bank is not configured on this server.');
    expect((await client.get<Data<{ enabled: boolean }>>(`/api/v1/signing/${externalId}/check/payment-signing-enabled`)).body.data.enabled).toBe(false);
    const smartId = await client.post<ApiErrorBody>(base(externalId), { method: 'SMART_ID' });
    expect(smartId.status).toBe(409);
  });

  it('production with one bank connected offers that bank alone', async () => {
    const production = t.withEnv({
      SOLIS_MODE: 'production',
      EMBED_TOKEN_SECRET: freshSecret(),
      FEATURE_FLAGS: 'paymentSigning',
      BANK_PAYMENT_BANKS: 'UNLALV2X',
      BANK_PAYMENT_UNLALV2X_URL: 'https://auth.seb.example/oidc',
      BANK_PAYMENT_UNLALV2X_CLIENT_ID: 'solis',
      BANK_PAYMENT_UNLALV2X_CLIENT_SECRET: freshSecret(),
      BANK_PAYMENT_CREDITOR_NAME: 'Solis Bank AS',
      BANK_PAYMENT_CREDITOR_IBAN: 'LV51SOLS0000000000001',
    });
    const { client, externalId } = await started(production);
    const config = await client.get<Data<{ providers: { bankPayment: string[] } }>>('/api/v1/runtime-config');
    expect(config.body.data.providers.bankPayment).toEqual(['UNLALV2X']);
    expect((await client.post<ApiErrorBody>(base(externalId), { method: 'PAYMENT', selectedBankBic: 'HABALV22' })).status).toBe(409);
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

describe('payment signing at the bank (OpenID Connect with the payment, decision 168)', () => {
  const check = async (client: ApiClient, externalId: string) =>
    (await client.get<Data<{ enabled: boolean }>>(`/api/v1/signing/${externalId}/check/payment-signing-enabled`)).body.data.enabled;
  const status = async (client: ApiClient, externalId: string) => (await client.post<Data<SigningStatusResponse>>(`${base(externalId)}/status`)).body.data;

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
    expect(redirectUrl.startsWith(`${t.simulators.origin}/bank-payment/HABALV22/authorize?`)).toBe(true);
    expect(new URL(redirectUrl).searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/v1/signing/payment/callback`);
    expect(await status(client, externalId)).toMatchObject({ method: 'PAYMENT', status: 'RUNNING' });
    const { page, answered } = await answerPage(client, redirectUrl, 'approve');
    expect(page.text).toContain('SWEDBANK (HABALV22)');
    expect(page.text).toContain('Contract 2026-1');
    expect(page.text).toContain('0.01 EUR');
    expect(answered.status).toBe(303);
    expect(answered.headers.get('location')).toBe(`${TEST_ORIGIN}/?externalId=${externalId}`);
    expect((await status(client, externalId)).status).toBe('COMPLETED_OK');
    expect(await contractsInfo(client, externalId)).toMatchObject([{ signing: { method: 'PAYMENT' } }]);
  });

  it.each([
    ['USER_CANCELLED', 'cancel'],
    ['COMPLETED_FAILURE', 'decline'],
    ['PROVIDER_ERROR', 'error'],
  ])('%s: the bank\'s page opens with %s, the result is answered as such and signs nothing', async (result, preselected) => {
    const { client, externalId } = await started(payments);
    await client.post('/api/sandbox/signing/payment', { result });
    const start = await client.post<Data<StartSigningResponse>>(base(externalId), { method: 'PAYMENT', selectedBankBic: 'PARXLV22' });
    const { page } = await answerPage(client, start.body.data.redirectUrl ?? '');
    expect(page.text).toMatch(new RegExp(`value="${preselected}" checked`));
    expect((await status(client, externalId)).status).toBe(result);
    expect(await contractsInfo(client, externalId)).toEqual([]);
  });

  it('a bank whose token endpoint answers malformed JSON: the person lands back with PROVIDER_ERROR, and paying again signs', async () => {
    const { client, externalId } = await started(payments);
    const start = await client.post<Data<StartSigningResponse>>(base(externalId), { method: 'PAYMENT', selectedBankBic: 'UNLALV2X' });
    const visit = await visitProvider(start.body.data.redirectUrl ?? '', 'approve');
    await simulatorFault({ simulator: 'bank-payment', fault: 'malformed', path: '/token' });
    const reply = await client.get(`${visit.callback.pathname}${visit.callback.search}`);
    expect(reply.status).toBe(303);
    expect((await status(client, externalId)).status).toBe('PROVIDER_ERROR');
    const again = await client.post<Data<StartSigningResponse>>(base(externalId), { method: 'PAYMENT', selectedBankBic: 'UNLALV2X' });
    await answerPage(client, again.body.data.redirectUrl ?? '', 'approve');
    expect((await status(client, externalId)).status).toBe('COMPLETED_OK');
  });

  it('the bank cannot be reached when the payment starts: 503 PROVIDER_UNAVAILABLE and nothing stored', async () => {
    const fresh = payments.withEnv({});
    const { client, externalId } = await started(fresh);
    // A new app asks the bank for its metadata first.
    await simulatorFault({ simulator: 'bank-payment', fault: 'status', status: 503, path: '/RIKOLV2X/.well-known/' });
    const reply = await client.post<ApiErrorBody>(base(externalId), { method: 'PAYMENT', selectedBankBic: 'RIKOLV2X' });
    expect(reply.status).toBe(503);
    expect(reply.body.error.code).toBe('PROVIDER_UNAVAILABLE');
    expect((await client.post(`${base(externalId)}/status`)).status).toBe(404);
    expect((await client.post(base(externalId), { method: 'PAYMENT', selectedBankBic: 'RIKOLV2X' })).status).toBe(200);
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
