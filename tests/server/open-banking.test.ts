/**
 * Issue 13 on the reference API: section 7's psd2 and consent calls, the bank statement steps the
 * server checks itself (decision 152) and Latvia's reset of the statements on each step update
 * (section 4). Issue 21 (docs/decisions/170): the banks, the consents and the statements come from
 * the PSD2 aggregator's simulator over HTTP (Berlin Group NextGenPSD2); the person answers on the
 * simulated bank's page, which sends the browser back to our callback.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { InstitutionList } from '../../core/wire/open-banking.schema';
import type { RuntimeConfig } from '../../core/wire/config.schema';
import { MESSAGES } from '../../core/validation/messages';
import type { ApiClient } from './support/api-client';
import { insertDocument } from '../../server/uploads/document-repository';
import { stepPath } from './support/payloads';
import { coBorrowerAtOpenBanking } from './support/co-borrower';
import { startTestApp, TEST_ORIGIN, type TestApp } from './support/test-app';
import { freshSecret } from './support/secrets';

type Data<T> = { data: T };

const LIST = '/api/v1/psd2/list-institutions';
const SELECT = '/api/v1/psd2/select-institution';
const CALLBACK = '/api/v1/psd2/callback';

let lv: TestApp;
let ee: TestApp;
beforeAll(async () => {
  // Luminor is among the banks only with its flag (decision 191); these tests list all four.
  lv = await startTestApp({ BUSINESS_DOMAIN: 'retail-banking-lv', FEATURE_FLAGS: 'luminorOpenBankingLogin' });
  ee = lv.withEnv({ BUSINESS_DOMAIN: 'retail-banking-ee' });
});
afterAll(() => lv.database.dispose());

async function seededAt(t: TestApp, taskDefinitionKey: string, client: ApiClient = t.client()) {
  const reply = await client.post<Data<TaskResponse>>('/api/sandbox/applications', { taskDefinitionKey, productName: 'SMALL_LOAN', previousTasks: ['checkAnswers'] });
  if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
  // The seeded applicant declares no income: the engine's outcome is set, the steps are what is tested.
  await client.post('/api/sandbox/decision', { outcome: 'POSITIVE' });
  return { client, task: reply.body.data, externalId: reply.body.data.externalId };
}

const list = (client: ApiClient, externalId: string) => client.get<Data<InstitutionList> & ApiErrorBody>(`${LIST}?externalId=${externalId}`);

async function select(client: ApiClient, externalId: string, institutionId = 'CITADELE_LV') {
  return client.post<Data<{ redirectUrl: string }> & ApiErrorBody>(SELECT, { externalId, institutionId, userLanguage: 'lv' });
}

/** The simulated bank's SCA page, as the browser opens it (over HTTP, on the simulators' host). */
async function bankPage(redirectUrl: string): Promise<string> {
  const response = await fetch(redirectUrl, { headers: { accept: 'text/html' } });
  return response.text();
}

/** The person's answer on the bank's page; the bank sends the browser to our callback, which sends it back to the app. */
async function answer(client: ApiClient, redirectUrl: string, action: 'approve' | 'refuse' | 'cancel'): Promise<URL> {
  const atBank = await fetch(redirectUrl, {
    method: 'POST',
    body: new URLSearchParams({ outcome: action }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  expect(atBank.status).toBe(303);
  const callback = new URL(atBank.headers.get('location') ?? '');
  expect(`${callback.origin}${callback.pathname}`).toBe(`${TEST_ORIGIN}${CALLBACK}`);
  const back = await client.get(`${callback.pathname}${callback.search}`);
  expect(back.status).toBe(303);
  return new URL(back.headers.get('location') ?? '');
}

describe('GET /api/v1/psd2/list-institutions', () => {
  it("lists the country's banks from the aggregator with BIC and logo, none enrolled yet", async () => {
    const { client, externalId } = await seededAt(lv, 'provideBasViaOpenBanking');
    const reply = await list(client, externalId);
    expect(reply.status).toBe(200);
    expect(reply.body.data.available.map((bank) => [bank.name, bank.bic])).toEqual([
      ['Citadele', 'PARXLV22'],
      ['Luminor', 'RIKOLV2X'],
      ['SEB', 'UNLALV2X'],
      ['Swedbank', 'HABALV22'],
    ]);
    expect(reply.body.data.available[0]?.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(reply.body.data).toMatchObject({ enrolled: [], lastConsent: null, failedAttempts: 0, maxFailedAttempts: 5 });
    const estonian = await seededAt(ee, 'provideBasViaOpenBanking');
    expect((await list(estonian.client, estonian.externalId)).body.data.available.map((bank) => bank.bic)).toContain('LHVBEE22');
  });

  it('offers Luminor only with luminorOpenBankingLogin: without it Luminor is neither listed nor selectable (section 6)', async () => {
    for (const [t, country] of [
      [lv.withEnv({ FEATURE_FLAGS: undefined }), 'LV'],
      [ee.withEnv({ FEATURE_FLAGS: undefined }), 'EE'],
    ] as const) {
      const { client, externalId } = await seededAt(t, 'provideBasViaOpenBanking');
      const banks = (await list(client, externalId)).body.data.available;
      expect(banks.length, country).toBeGreaterThan(2);
      expect(banks.map((bank) => bank.name), country).not.toContain('Luminor');
      const refused = await select(client, externalId, `LUMINOR_${country}`);
      expect(refused.status).toBe(422);
      expect(refused.body.error.fieldErrors).toHaveProperty('institutionId');
    }
    const on = await seededAt(ee, 'provideBasViaOpenBanking');
    expect((await list(on.client, on.externalId)).body.data.available.map((bank) => bank.bic)).toContain('RIKOEE22');
    expect((await select(on.client, on.externalId, 'LUMINOR_EE')).status).toBe(200);
  });

  it("answers nobody but the application's own people", async () => {
    const { externalId } = await seededAt(lv, 'provideBasViaOpenBanking');
    const stranger = lv.client();
    await stranger.startSession();
    expect((await list(stranger, externalId)).status).toBe(404);
    expect((await select(stranger, externalId)).status).toBe(404);
    expect((await stranger.get(`/api/v1/application/consent-reference?externalId=${externalId}`)).status).toBe(404);
    expect((await stranger.post('/api/v1/application/consent-url', { externalId })).status).toBe(404);
  });
});

describe('a consent at the aggregator, answered on the bank\'s page', () => {
  it('approved: the bank is enrolled with its accounts and statements, the reference is given, and the step goes on with it', async () => {
    const { client, externalId, task } = await seededAt(lv, 'provideBasViaOpenBanking');
    const selected = await select(client, externalId);
    expect(selected.status).toBe(200);
    const page = new URL(selected.body.data.redirectUrl);
    expect(page.origin).toBe(lv.simulators.origin);
    expect(page.pathname).toMatch(/^\/psd2\/sca\//);
    expect((await client.post('/api/v1/application/consent-url', { externalId })).body).toEqual({ data: { consentUrl: selected.body.data.redirectUrl } });

    const html = await bankPage(selected.body.data.redirectUrl);
    expect(html).toContain('Citadele (PARXLV22)');
    expect(html).toContain('<html lang="en">');

    const back = await answer(client, selected.body.data.redirectUrl, 'approve');
    expect(back.pathname).toBe('/');
    expect(back.searchParams.get('externalId')).toBe(externalId);
    expect(back.searchParams.get('consentStatus')).toBe('APPROVED');
    expect(back.searchParams.get('lang')).toBe('lv');

    const listed = (await list(client, externalId)).body.data;
    expect(listed.enrolled.map((bank) => bank.id)).toEqual(['CITADELE_LV']);
    expect(listed.enrolled[0]?.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(listed.enrolled[0]?.accounts).toHaveLength(2);
    expect(listed.enrolled[0]?.accounts[0]?.iban).toMatch(/^LV\d{2}PARX\d{13}$/);
    expect(listed.available.map((bank) => bank.id)).not.toContain('CITADELE_LV');
    expect(listed.lastConsent).toEqual({ institutionId: 'CITADELE_LV', status: 'APPROVED' });
    const reference = await client.get<Data<{ reference: string | null }>>(`/api/v1/application/consent-reference?externalId=${externalId}`);
    expect(reference.body.data.reference).toMatch(/^CONSENT-[0-9A-F]{12}$/);

    // The statements: four months (to last month) per account, from the booked transactions.
    const [row] = await lv.database.db.query<{ statements: { accountId: string; month: string; incoming: number; outgoing: number }[] }>(
      "select c.statements from psd2_consents c join applications a on a.id = c.application_id where a.external_id = $1 and c.status = 'APPROVED'",
      [externalId],
    );
    expect(row?.statements).toHaveLength(8);
    const now = lv.now();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    expect(row?.statements.map((statement) => statement.month)).toContain(lastMonth);
    for (const statement of row?.statements ?? []) {
      expect(statement.incoming).toBeGreaterThanOrEqual(1200);
      expect(statement.outgoing).toBeGreaterThanOrEqual(800);
    }

    const sent = await client.post<Data<TaskResponse>>(stepPath(externalId), {
      taskDefinitionKey: 'provideBasViaOpenBanking',
      version: task.version,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
      variables: {},
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.taskDefinitionKey).toBe('reviewApproved');
    const [application] = await lv.database.db.query<{ data: { requiredDocuments: unknown } }>('select data from applications where external_id = $1', [externalId]);
    expect(application?.data.requiredDocuments).toEqual([{ type: 'INCOME', documentType: 'BANK_STATEMENT', source: 'EBAS', role: 'APPLICANT' }]);
  });

  it.each([
    ['refuse', 'REFUSED'],
    ['cancel', 'CANCELLED'],
  ] as const)('%s: back with the status, nothing enrolled, one failed attempt counted', async (action, status) => {
    const { client, externalId } = await seededAt(lv, 'provideBasViaOpenBanking');
    const selected = await select(client, externalId, 'SEB_LV');
    const back = await answer(client, selected.body.data.redirectUrl, action);
    expect(back.searchParams.get('consentStatus')).toBe(status);
    expect((await list(client, externalId)).body.data).toMatchObject({ enrolled: [], lastConsent: { institutionId: 'SEB_LV', status }, failedAttempts: 1 });
    // An answer to a consent that has ended changes nothing.
    expect((await answer(client, selected.body.data.redirectUrl, 'approve')).searchParams.get('consentStatus')).toBe(status);
    // Cancelled: we terminated it at the aggregator; refused: the bank rejected it.
    expect(await bankPage(selected.body.data.redirectUrl)).toContain(action === 'cancel' ? 'closed (terminatedByTpp)' : 'closed (rejected)');
  });

  it("the co-borrower comes back from the bank as the co-borrower (decision 233): his own page, not the applicant's", async () => {
    const { coBorrower, externalId } = await coBorrowerAtOpenBanking(lv);

    const selected = await select(coBorrower, externalId);
    expect(selected.status).toBe(200);
    const back = await answer(coBorrower, selected.body.data.redirectUrl, 'approve');
    expect(back.searchParams.get('consentStatus')).toBe('APPROVED');
    // The app starts as the person the address names (src/app/step-page.tsx): without the role the
    // co-borrower's session asked for the applicant's task and was shown "not available".
    expect(back.searchParams.get('role')).toBe('coborrower');
    expect((await coBorrower.post(`/api/v1/application-process/${externalId}/continue?role=${back.searchParams.get('role')}`)).status).toBe(200);
    // The applicant's own return names no role (the app's default).
    const own = await seededAt(lv, 'provideBasViaOpenBanking');
    const ownBack = await answer(own.client, (await select(own.client, own.externalId)).body.data.redirectUrl, 'approve');
    expect(ownBack.searchParams.has('role')).toBe(false);
  });

  it('an answer at the bank that never came back is read when the step lists the banks', async () => {
    const { client, externalId } = await seededAt(lv, 'provideBasViaOpenBanking');
    const selected = await select(client, externalId, 'LUMINOR_LV');
    expect((await list(client, externalId)).body.data.lastConsent).toEqual({ institutionId: 'LUMINOR_LV', status: 'PENDING' });
    // The person approves at the bank; the browser does not follow the bank back.
    await fetch(selected.body.data.redirectUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'approve' }), redirect: 'manual' });
    const listed = (await list(client, externalId)).body.data;
    expect(listed.lastConsent).toEqual({ institutionId: 'LUMINOR_LV', status: 'APPROVED' });
    expect(listed.enrolled.map((bank) => bank.id)).toEqual(['LUMINOR_LV']);
  });

  it('times out after five idle minutes (our rule), and at the bank; the sandbox control moves both on', async () => {
    const { client, externalId } = await seededAt(lv, 'provideBasViaOpenBanking');
    const first = await select(client, externalId);
    lv.advance(4 * 60);
    expect(await bankPage(first.body.data.redirectUrl)).toContain('Approve');
    // Going back to the bank is activity.
    expect((await client.post<Data<{ consentUrl: string | null }>>('/api/v1/application/consent-url', { externalId })).body.data.consentUrl).toBe(first.body.data.redirectUrl);
    lv.advance(4 * 60);
    expect((await list(client, externalId)).body.data.lastConsent?.status).toBe('PENDING');
    lv.advance(60 + 1);
    // The bank took the answer, but our limit had passed: the consent stays timed out and is terminated at the bank.
    expect((await answer(client, first.body.data.redirectUrl, 'approve')).searchParams.get('consentStatus')).toBe('TIMED_OUT');
    expect(await bankPage(first.body.data.redirectUrl)).toContain('closed (terminatedByTpp)');
    expect((await client.post('/api/v1/application/consent-url', { externalId })).body).toEqual({ data: { consentUrl: null } });

    const second = await select(client, externalId, 'LUMINOR_LV');
    expect((await client.post<Data<{ consents: number }>>('/api/sandbox/psd2/elapse', { minutes: 6 })).body.data.consents).toBe(1);
    expect(await bankPage(second.body.data.redirectUrl)).toContain('This consent request has expired.');
    expect((await answer(client, second.body.data.redirectUrl, 'approve')).searchParams.get('consentStatus')).toBe('TIMED_OUT');
    expect((await list(client, externalId)).body.data.failedAttempts).toBe(2);
  });

  it('a consent expired at the bank (our clock still within the limit) comes back timed out', async () => {
    const { client, externalId } = await seededAt(lv, 'provideBasViaOpenBanking');
    const selected = await select(client, externalId, 'SWEDBANK_LV');
    const consentIds = (await lv.database.db.query<{ provider_consent_id: string }>(
      "select c.provider_consent_id from psd2_consents c join applications a on a.id = c.application_id where a.external_id = $1 and c.status = 'PENDING'",
      [externalId],
    )).map((row) => row.provider_consent_id);
    const control = await fetch(`${lv.simulators.origin}/psd2/control/elapse`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ minutes: 6, consentIds }) });
    expect(await control.json()).toEqual({ aged: 1 });
    expect((await answer(client, selected.body.data.redirectUrl, 'approve')).searchParams.get('consentStatus')).toBe('TIMED_OUT');
  });

  it('choosing another bank abandons the open consent (cancelled here, terminated at the bank)', async () => {
    const { client, externalId } = await seededAt(lv, 'provideBasViaOpenBanking');
    const first = await select(client, externalId, 'SEB_LV');
    const second = await select(client, externalId, 'SWEDBANK_LV');
    expect(await bankPage(first.body.data.redirectUrl)).toContain('closed (terminatedByTpp)');
    expect((await answer(client, first.body.data.redirectUrl, 'approve')).searchParams.get('consentStatus')).toBe('CANCELLED');
    expect((await answer(client, second.body.data.redirectUrl, 'approve')).searchParams.get('consentStatus')).toBe('APPROVED');
    expect((await list(client, externalId)).body.data).toMatchObject({ failedAttempts: 1, lastConsent: { institutionId: 'SWEDBANK_LV', status: 'APPROVED' } });
  });

  it('refuses a sixth consent after five failed ones, and a bank of another country', async () => {
    const { client, externalId } = await seededAt(lv, 'provideBasViaOpenBanking');
    expect((await select(client, externalId, 'LHV_EE')).body.error?.fieldErrors).toEqual({ institutionId: [MESSAGES.choiceInvalid] });
    for (let attempt = 0; attempt < 5; attempt++) {
      const selected = await select(client, externalId, 'SWEDBANK_LV');
      await answer(client, selected.body.data.redirectUrl, 'refuse');
    }
    const refused = await select(client, externalId, 'SWEDBANK_LV');
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('RATE_LIMITED');
    expect((await list(client, externalId)).body.data.failedAttempts).toBe(5);
  });

  it('is started only on the bank statement step', async () => {
    const { client, externalId } = await seededAt(lv, 'checkAnswers');
    expect((await select(client, externalId)).body.error?.code).toBe('STEP_OUT_OF_ORDER');
  });

  it('the callback answers only our own state: not a guess, not the consent id', async () => {
    const { client, externalId } = await seededAt(lv, 'provideBasViaOpenBanking');
    await select(client, externalId);
    const [row] = await lv.database.db.query<{ id: string; provider_consent_id: string }>(
      'select c.id, c.provider_consent_id from psd2_consents c join applications a on a.id = c.application_id where a.external_id = $1',
      [externalId],
    );
    const stranger = lv.client();
    for (const state of ['A'.repeat(43), row?.id ?? '', row?.provider_consent_id ?? '', '']) {
      expect((await stranger.get(`${CALLBACK}?state=${encodeURIComponent(state)}`)).status).toBe(404);
    }
    expect((await list(client, externalId)).body.data.lastConsent?.status).toBe('PENDING');
  });
});

describe('the aggregator failing (issue 21): 503 PROVIDER_UNAVAILABLE, nothing changed, the next try works', () => {
  const fault = (t: TestApp, body: Record<string, unknown>) =>
    fetch(`${t.simulators.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ simulator: 'psd2', ...body }) });

  it.each([
    ['answers 500', { fault: 'status', status: 500 }],
    ['answers malformed JSON', { fault: 'malformed' }],
    ['never answers', { fault: 'hang' }],
    ['answers too late', { fault: 'slow', delayMs: 2_000 }],
  ])('creating the consent %s', async (_name, spoil) => {
    const t = lv.withEnv({ PSD2_TIMEOUT_MS: '500' });
    const { client, externalId } = await seededAt(t, 'provideBasViaOpenBanking');
    expect((await list(client, externalId)).status).toBe(200);
    await fault(t, { ...spoil, path: '/v1/consents' });
    const failed = await select(client, externalId);
    expect(failed.status).toBe(503);
    expect(failed.body.error?.code).toBe('PROVIDER_UNAVAILABLE');
    expect((await list(client, externalId)).body.data).toMatchObject({ lastConsent: null, failedAttempts: 0 });
    const retried = await select(client, externalId);
    expect(retried.status).toBe(200);
    expect((await answer(client, retried.body.data.redirectUrl, 'approve')).searchParams.get('consentStatus')).toBe('APPROVED');
  });

  it.each([
    ['answers 500', { fault: 'status', status: 500 }],
    ['answers malformed JSON', { fault: 'malformed' }],
    ['never answers', { fault: 'hang' }],
  ])('reading the transactions %s: the consent stays pending, and is read again when the step lists the banks', async (_name, spoil) => {
    const t = lv.withEnv({ PSD2_TIMEOUT_MS: '500' });
    const { client, externalId } = await seededAt(t, 'provideBasViaOpenBanking');
    const selected = await select(client, externalId, 'SEB_LV');
    await fault(t, { ...spoil, path: '/transactions' });
    expect((await answer(client, selected.body.data.redirectUrl, 'approve')).searchParams.get('consentStatus')).toBe('PENDING');
    const [row] = await t.database.db.query<{ statements: unknown[] }>(
      'select c.statements from psd2_consents c join applications a on a.id = c.application_id where a.external_id = $1',
      [externalId],
    );
    expect(row?.statements).toEqual([]);
    const listed = (await list(client, externalId)).body.data;
    expect(listed).toMatchObject({ lastConsent: { institutionId: 'SEB_LV', status: 'APPROVED' }, failedAttempts: 0 });
    expect(listed.enrolled.map((bank) => bank.id)).toEqual(['SEB_LV']);
  });

  it('the bank list failing with no list kept yet: 503, then the list', async () => {
    const t = lv.withEnv({ PSD2_TIMEOUT_MS: '500' });
    const { client, externalId } = await seededAt(t, 'provideBasViaOpenBanking');
    await fault(t, { fault: 'status', status: 502, path: '/v1/aspsps' });
    const failed = await list(client, externalId);
    expect(failed.status).toBe(503);
    expect(failed.body.error?.code).toBe('PROVIDER_UNAVAILABLE');
    expect((await list(client, externalId)).body.data.available).toHaveLength(4);
  });
});

describe('production without PSD2_URL: open banking is not offered', () => {
  it('tells the app so, lists no bank, refuses a consent plainly (never a 501), and lets the person upload statements', async () => {
    const production = lv.withEnv({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: freshSecret() });
    expect(production.providers.psd2).toBeNull();
    const config = await production.client().get<Data<RuntimeConfig>>('/api/v1/runtime-config');
    expect(config.body.data.providers?.openBanking).toBe(false);
    const { client, externalId, task } = await seededAt(lv, 'provideBasViaOpenBanking');
    const person = production.client();
    person.useCookie(client.sessionCookie);
    expect((await list(person, externalId)).body.data).toMatchObject({ available: [], enrolled: [], lastConsent: null });
    const refused = await select(person, externalId);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('PROCESS_NOT_AVAILABLE');
    // The manual upload is the way left, whatever its flag.
    const manual = await person.post<Data<TaskResponse>>(stepPath(externalId), {
      taskDefinitionKey: 'provideBasViaOpenBanking',
      version: task.version,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
      variables: { uploadBasManually: true },
    });
    expect(manual.body.data.taskDefinitionKey).toBe('uploadBankAccountStatementDocuments');
  });
});

describe('the bank statement steps, as the server checks them (decision 152)', () => {
  const empty = { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} };

  it('refuses going on without an enrolled bank, and the manual upload where its flag is off', async () => {
    const { client, externalId, task } = await seededAt(lv, 'provideBasViaOpenBanking');
    const none = await client.post<ApiErrorBody>(stepPath(externalId), { taskDefinitionKey: 'provideBasViaOpenBanking', version: task.version, application: empty, variables: {} });
    expect(none.status).toBe(422);
    expect(none.body.error.fieldErrors).toEqual({ institutions: [MESSAGES.required] });
    const manual = await client.post<ApiErrorBody>(stepPath(externalId), {
      taskDefinitionKey: 'provideBasViaOpenBanking',
      version: task.version,
      application: empty,
      variables: { uploadBasManually: true },
    });
    expect(manual.status).toBe(422);
    expect(manual.body.error.fieldErrors).toEqual({ 'variables.uploadBasManually': [MESSAGES.choiceInvalid] });
  });

  it('with the flag on, goes to the manual upload, which is not sent without a statement', async () => {
    const flagged = lv.withEnv({ FEATURE_FLAGS: 'manualBankStatementUpload' });
    const { client, externalId, task } = await seededAt(flagged, 'provideBasViaOpenBanking');
    const manual = await client.post<Data<TaskResponse>>(stepPath(externalId), {
      taskDefinitionKey: 'provideBasViaOpenBanking',
      version: task.version,
      application: empty,
      variables: { uploadBasManually: true },
    });
    expect(manual.body.data).toMatchObject({ taskDefinitionKey: 'uploadBankAccountStatementDocuments', previousTaskDefinitionKey: 'provideBasViaOpenBanking' });
    const upload = { taskDefinitionKey: 'uploadBankAccountStatementDocuments', version: manual.body.data.version, application: empty, variables: {} };
    const without = await client.post<ApiErrorBody>(stepPath(externalId), upload);
    expect(without.status).toBe(422);
    expect(without.body.error.fieldErrors).toEqual({ documents: [MESSAGES.required] });
    const file = new FormData();
    file.append('documentPurpose', 'BANK_STATEMENT');
    file.append('file', new File([new TextEncoder().encode('%PDF-1.7\n%%EOF\n')], 'march.pdf'));
    expect((await client.post(`/api/v1/application-process/${externalId}/document`, file)).status).toBe(200);
    const sent = await client.post<Data<TaskResponse>>(stepPath(externalId), upload);
    expect(sent.body.data.taskDefinitionKey).toBe('reviewApproved');
  });

  it('Latvia resets the statements on every other step update; Estonia keeps them (section 4)', async () => {
    for (const [t, resets] of [
      [lv, true],
      [ee, false],
    ] as const) {
      const { client, externalId, task } = await seededAt(t, 'checkAnswers');
      // A statement uploaded earlier (uploads are taken only at their step: decision 179).
      const [application] = await t.database.db.query<{ id: string }>('select id::text as id from applications where external_id = $1', [externalId]);
      const content = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
      await insertDocument(t.database.db, {
        id: randomUUID(),
        applicationId: application!.id,
        role: 'APPLICANT',
        purpose: 'BANK_STATEMENT',
        fileName: 'march.pdf',
        size: content.byteLength,
        sha256: createHash('sha256').update(content).digest('hex'),
        detectedType: 'pdf',
        content,
        now: t.now(),
      });
      const sent = await client.post<Data<TaskResponse>>(stepPath(externalId), { taskDefinitionKey: 'checkAnswers', version: task.version, application: empty, variables: {} });
      expect(sent.status).toBe(200);
      // Estonia's application has ended (its decision): the database tells what is kept.
      const kept = await t.database.db.query<{ id: string }>(
        'select d.id from documents d join applications a on a.id = d.application_id where a.external_id = $1 and d.removed_at is null',
        [externalId],
      );
      expect(kept).toHaveLength(resets ? 0 : 1);
      const [row] = await t.database.db.query<{ data: { shouldResubmitBankAccountStatements?: boolean } }>('select data from applications where external_id = $1', [externalId]);
      expect(row?.data.shouldResubmitBankAccountStatements === true).toBe(resets);
    }
  });
});
