/**
 * Issue 13 on the reference API: section 7's psd2 and consent calls with the sandbox PSD2 aggregator
 * (docs/decisions/153-open-banking.md), the bank statement steps the server checks itself
 * (decision 152) and Latvia's reset of the statements on each step update (section 4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { InstitutionList } from '../../core/wire/open-banking.schema';
import { MESSAGES } from '../../core/validation/messages';
import type { ApiClient } from './support/api-client';
import { stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

const LIST = '/api/v1/psd2/list-institutions';
const SELECT = '/api/v1/psd2/select-institution';
const CONSENT_PAGE = '/api/sandbox/psd2/consent';

let lv: TestApp;
let ee: TestApp;
beforeAll(async () => {
  lv = await startTestApp({ BUSINESS_DOMAIN: 'retail-banking-lv' });
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

/** The bank page's form answer; answers where the browser is sent back to. */
async function answer(client: ApiClient, redirectUrl: string, action: 'approve' | 'refuse' | 'cancel'): Promise<URL> {
  const consent = new URL(redirectUrl).searchParams.get('consent') ?? '';
  const reply = await client.call('POST', CONSENT_PAGE, {
    body: new URLSearchParams({ consent, action }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(reply.status).toBe(303);
  return new URL(reply.headers.get('location') ?? '');
}

describe('GET /api/v1/psd2/list-institutions', () => {
  it("lists the country's banks with BIC and logo, none enrolled yet", async () => {
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

describe('a consent at the sandbox bank', () => {
  it('approved: the bank is enrolled with its accounts, the reference is given, and the step goes on with it', async () => {
    const { client, externalId, task } = await seededAt(lv, 'provideBasViaOpenBanking');
    const selected = await select(client, externalId);
    expect(selected.status).toBe(200);
    const page = new URL(selected.body.data.redirectUrl);
    expect(page.pathname).toBe(CONSENT_PAGE);
    expect((await client.post('/api/v1/application/consent-url', { externalId })).body).toEqual({ data: { consentUrl: selected.body.data.redirectUrl } });

    const html = await client.get(`${page.pathname}${page.search}`);
    expect(html.status).toBe(200);
    expect(html.text).toContain('Citadele (PARXLV22)');
    expect(html.text).toContain('<html lang="en">');

    const back = await answer(client, selected.body.data.redirectUrl, 'approve');
    expect(back.pathname).toBe('/');
    expect(back.searchParams.get('externalId')).toBe(externalId);
    expect(back.searchParams.get('consentStatus')).toBe('APPROVED');
    expect(back.searchParams.get('lang')).toBe('lv');

    const listed = (await list(client, externalId)).body.data;
    expect(listed.enrolled.map((bank) => bank.id)).toEqual(['CITADELE_LV']);
    expect(listed.enrolled[0]?.accounts).toHaveLength(2);
    expect(listed.enrolled[0]?.accounts[0]?.iban).toMatch(/^LV\d{2}PARX\d{13}$/);
    expect(listed.available.map((bank) => bank.id)).not.toContain('CITADELE_LV');
    expect(listed.lastConsent).toEqual({ institutionId: 'CITADELE_LV', status: 'APPROVED' });
    const reference = await client.get<Data<{ reference: string | null }>>(`/api/v1/application/consent-reference?externalId=${externalId}`);
    expect(reference.body.data.reference).toMatch(/^CONSENT-[0-9A-F]{12}$/);

    const sent = await client.post<Data<TaskResponse>>(stepPath(externalId), {
      taskDefinitionKey: 'provideBasViaOpenBanking',
      version: task.version,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
      variables: {},
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.taskDefinitionKey).toBe('reviewApproved');
    const [row] = await lv.database.db.query<{ data: { requiredDocuments: unknown } }>('select data from applications where external_id = $1', [externalId]);
    expect(row?.data.requiredDocuments).toEqual([{ type: 'INCOME', documentType: 'BANK_STATEMENT', source: 'EBAS', role: 'APPLICANT' }]);
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
  });

  it('times out after five idle minutes, as at the provider; the sandbox control moves the idle time on', async () => {
    const { client, externalId } = await seededAt(lv, 'provideBasViaOpenBanking');
    const first = await select(client, externalId);
    lv.advance(4 * 60);
    // Still open after four minutes: opening the page is activity.
    expect((await client.get(new URL(first.body.data.redirectUrl).pathname + new URL(first.body.data.redirectUrl).search)).text).toContain('Approve');
    lv.advance(5 * 60 + 1);
    expect((await answer(client, first.body.data.redirectUrl, 'approve')).searchParams.get('consentStatus')).toBe('TIMED_OUT');
    expect((await client.post('/api/v1/application/consent-url', { externalId })).body).toEqual({ data: { consentUrl: null } });

    const second = await select(client, externalId, 'LUMINOR_LV');
    expect((await client.post<Data<{ consents: number }>>('/api/sandbox/psd2/elapse', { minutes: 6 })).body.data.consents).toBe(1);
    const page = await client.get(new URL(second.body.data.redirectUrl).pathname + new URL(second.body.data.redirectUrl).search);
    expect(page.text).toContain('no longer open (timed out)');
    expect((await list(client, externalId)).body.data.failedAttempts).toBe(2);
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

  it("shows the bank's page to nobody but the person who started it", async () => {
    const { client, externalId } = await seededAt(lv, 'provideBasViaOpenBanking');
    const selected = await select(client, externalId);
    const url = new URL(selected.body.data.redirectUrl);
    const stranger = lv.client();
    await stranger.startSession();
    expect((await stranger.get(url.pathname + url.search)).status).toBe(404);
    const posted = await stranger.call('POST', CONSENT_PAGE, {
      body: new URLSearchParams({ consent: url.searchParams.get('consent') ?? '', action: 'approve' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(404);
    expect((await list(client, externalId)).body.data.lastConsent?.status).toBe('PENDING');
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
      const file = new FormData();
      file.append('documentPurpose', 'BANK_STATEMENT');
      file.append('file', new File([new TextEncoder().encode('%PDF-1.7\n%%EOF\n')], 'march.pdf'));
      expect((await client.post(`/api/v1/application-process/${externalId}/document`, file)).status).toBe(200);
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
