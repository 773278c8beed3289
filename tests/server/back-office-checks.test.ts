/**
 * Issue 22 on the reference API (docs/decisions/172): the bank's back office analyses the statements
 * shared through open banking before it decides. The applicant's task waits for the check
 * (`awaitingCheck`); a look before the patience ends stays, after it the page says the analysis takes
 * time, and once the check is due its answer leads to the decision, whether someone looks (a continue)
 * or not (the running server's sweep). The seconds come from the environment; the test moves the
 * app's clock. A partner's applicant with the shop's return address goes back to the shop instead,
 * and the decision is made and told without them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import { appDepsOf } from '../../server/app';
import { settleDueChecks } from '../../server/checks/back-office.service';
import type { ApiClient } from './support/api-client';
import { MARI, continuePath, stepPath } from './support/payloads';
import { startTestApp, TEST_ORIGIN, type TestApp } from './support/test-app';
import { openJson } from '../../server/crypto/data-cipher';
import { STATEMENT_FINDINGS_SEALED } from '../../server/checks/statement-analysis';

type Data<T> = { data: T };

const CHECK_SECONDS = 30;
const PATIENCE_SECONDS = 10;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    BUSINESS_DOMAIN: 'retail-banking-lv',
    STATEMENT_ANALYSIS_SECONDS: String(CHECK_SECONDS),
    STATEMENT_ANALYSIS_PATIENCE_SECONDS: String(PATIENCE_SECONDS),
  });
});
afterAll(() => t.database.dispose());

/** The running server's sweep, as main.ts runs it, on this app's configuration and clock. */
function sweep(app: TestApp = t): Promise<number> {
  return settleDueChecks(appDepsOf({ config: app.config, db: app.database.db, clock: app.now, providers: app.providers }));
}

/** The person approves a consent at the simulated bank; the bank sends the browser back through our callback. */
async function shareStatements(client: ApiClient, externalId: string, institutionId: string, language = 'lv'): Promise<void> {
  const selected = await client.post<Data<{ redirectUrl: string }>>('/api/v1/psd2/select-institution', { externalId, institutionId, userLanguage: language });
  if (selected.status !== 200) throw new Error(`select answered ${selected.status}: ${selected.text}`);
  const atBank = await fetch(selected.body.data.redirectUrl, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'approve' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  const callback = new URL(atBank.headers.get('location') ?? '');
  expect(`${callback.origin}${callback.pathname}`).toBe(`${TEST_ORIGIN}/api/v1/psd2/callback`);
  expect((await client.get(`${callback.pathname}${callback.search}`)).status).toBe(303);
}

const goOn = (taskDefinitionKey: string, version: number) => ({
  taskDefinitionKey,
  version,
  application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
  variables: {},
});

async function seeded(app: TestApp, client: ApiClient, body: Record<string, unknown>): Promise<TaskResponse> {
  const reply = await client.post<Data<TaskResponse>>('/api/sandbox/applications', { productName: 'SMALL_LOAN', previousTasks: ['checkAnswers'], ...body });
  if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
  // The seeded applicant declares no income: the outcome is set, the waiting is what is tested.
  await client.post('/api/sandbox/decision', { outcome: 'POSITIVE' });
  return reply.body.data;
}

/** An applicant at the statements step who shares them through open banking and sends the step on. */
async function afterOpenBanking(app: TestApp = t, body: Record<string, unknown> = {}): Promise<{ client: ApiClient; externalId: string; sent: TaskResponse }> {
  const client = app.client();
  const task = await seeded(app, client, { taskDefinitionKey: 'provideBasViaOpenBanking', ...body });
  await shareStatements(client, task.externalId, app.config.businessDomain === 'retail-banking-ee' ? 'LHV_EE' : 'CITADELE_LV');
  const sent = await client.post<Data<TaskResponse>>(stepPath(task.externalId), goOn('provideBasViaOpenBanking', task.version));
  if (sent.status !== 200) throw new Error(`the statements step answered ${sent.status}: ${sent.text}`);
  return { client, externalId: task.externalId, sent: sent.body.data };
}

const look = async (client: ApiClient, externalId: string, role = 'applicant') =>
  (await client.post<Data<TaskResponse>>(continuePath(externalId).replace('role=applicant', `role=${role}`))).body.data;

async function storedData(externalId: string): Promise<Record<string, unknown>> {
  const [row] = await t.database.db.query<{ data: Record<string, unknown> }>('select data from applications where external_id = $1', [externalId]);
  return row?.data ?? {};
}

async function checksOf(externalId: string) {
  return t.database.db.query<{ kind: string; answered_at: Date | null; overdue_at: Date | null }>(
    'select c.kind, c.answered_at, c.overdue_at from back_office_checks c join applications a on a.id = c.application_id where a.external_id = $1 order by c.id',
    [externalId],
  );
}

describe('the statement analysis after open banking', () => {
  it('shows "being processed" while the bank analyses, "takes time" after the patience, and the offer once answered', async () => {
    const { client, externalId, sent } = await afterOpenBanking();
    expect(sent).toMatchObject({ taskDefinitionKey: 'viewBankStatementsBeingProcessed', awaitingCheck: 'STATEMENT_ANALYSIS', previousTaskDefinitionKey: null });
    expect(sent.application.decision ?? null).toBeNull();

    t.advance(PATIENCE_SECONDS - 1);
    expect(await look(client, externalId)).toMatchObject({ taskDefinitionKey: 'viewBankStatementsBeingProcessed', awaitingCheck: 'STATEMENT_ANALYSIS' });

    t.advance(1);
    const late = await look(client, externalId);
    expect(late).toMatchObject({ taskDefinitionKey: 'viewProcessingTakesTime', awaitingCheck: 'STATEMENT_ANALYSIS' });
    // Nothing is submitted on a waiting page.
    const refused = await client.post(stepPath(externalId), goOn('viewProcessingTakesTime', late.version));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await look(client, externalId)).taskDefinitionKey).toBe('viewProcessingTakesTime');

    t.advance(CHECK_SECONDS - PATIENCE_SECONDS);
    const decided = await look(client, externalId);
    expect(decided).toMatchObject({ taskDefinitionKey: 'reviewApproved', awaitingCheck: null, application: { decision: { outcome: 'POSITIVE' } } });
    expect(await checksOf(externalId)).toEqual([{ kind: 'STATEMENT_ANALYSIS', answered_at: expect.any(Date), overdue_at: expect.any(Date) }]);
  });

  it('keeps what the analysis found with the application, never in the task reply', async () => {
    const { client, externalId } = await afterOpenBanking();
    t.advance(CHECK_SECONDS);
    const decided = await look(client, externalId);
    expect(decided.taskDefinitionKey).toBe('reviewApproved');
    expect(JSON.stringify(decided)).not.toContain('statementAnalysis');
    const analysis = (await storedData(externalId))['statementAnalysis'] as {
      status: string;
      period: { from: string; to: string };
      persons: { role: string; accounts: number; monthsCovered: number; monthlyIncome: number; incomeSources: { name: string; months: number }[]; monthlyObligationPayments: number }[];
    };
    expect(analysis.status).toBe('ANSWERED');
    // What was found names payers (issue 23): sealed at rest, opened with the app's keys.
    expect(JSON.stringify(analysis.persons)).not.toContain('Employer UAB');
    for (const table of ['psd2_consents', 'back_office_checks', 'applications']) {
      const rows = await t.database.db.query<{ row: string }>(`select t::text as row from ${table} t`);
      expect(rows.filter((row) => row.row.includes('Employer UAB')), table).toEqual([]);
    }
    analysis.persons = openJson(STATEMENT_FINDINGS_SEALED, analysis.persons);
    const now = t.now();
    expect(analysis.period.to).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7));
    // The simulated bank: two accounts, each with a salary from the same employer every month, rent and bills, no loans.
    expect(analysis.persons).toHaveLength(1);
    const [applicant] = analysis.persons;
    expect(applicant).toMatchObject({ role: 'APPLICANT', accounts: 2, monthsCovered: 4, monthlyObligationPayments: 0 });
    expect(applicant?.incomeSources).toEqual([expect.objectContaining({ name: 'Employer UAB', months: 4 })]);
    expect(applicant?.monthlyIncome).toBeGreaterThanOrEqual(2400);
  });

  it('is answered by the sweep when nobody looks, once it is due', async () => {
    const { client, externalId } = await afterOpenBanking();
    await sweep();
    expect(await checksOf(externalId)).toEqual([{ kind: 'STATEMENT_ANALYSIS', answered_at: null, overdue_at: null }]);
    t.advance(CHECK_SECONDS);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    // An answer due after the page's promise came too late (decision 173): the check records it was overdue.
    expect(await checksOf(externalId)).toEqual([{ kind: 'STATEMENT_ANALYSIS', answered_at: expect.any(Date), overdue_at: expect.any(Date) }]);
    const [row] = await t.database.db.query<{ task_key: string }>('select task_key from applications where external_id = $1', [externalId]);
    expect(row?.task_key).toBe('reviewApproved');
    expect(await look(client, externalId)).toMatchObject({ taskDefinitionKey: 'reviewApproved', awaitingCheck: null });
  });

  it('goes straight to the decision where the back office takes no time', async () => {
    const atOnce = t.withEnv({ STATEMENT_ANALYSIS_SECONDS: '0' });
    const { externalId, sent } = await afterOpenBanking(atOnce);
    expect(sent).toMatchObject({ taskDefinitionKey: 'reviewApproved', awaitingCheck: null, application: { decision: { outcome: 'POSITIVE' } } });
    expect(await checksOf(externalId)).toEqual([{ kind: 'STATEMENT_ANALYSIS', answered_at: expect.any(Date), overdue_at: null }]);
    expect(((await storedData(externalId))['statementAnalysis'] as { status: string }).status).toBe('ANSWERED');
  });

  it('is answered once: two looks at the same moment do not decide twice', async () => {
    const { client, externalId } = await afterOpenBanking();
    t.advance(CHECK_SECONDS);
    const [first, second] = await Promise.all([look(client, externalId), look(client, externalId)]);
    expect(first?.taskDefinitionKey).toBe('reviewApproved');
    expect(second?.taskDefinitionKey).toBe('reviewApproved');
    expect(first?.version).toBe(second?.version);
    expect(await checksOf(externalId)).toHaveLength(1);
    expect(((await storedData(externalId))['decision'] as { outcome: string }).outcome).toBe('POSITIVE');
    // The sweep, and a third look, change nothing more.
    await sweep();
    expect(await checksOf(externalId)).toHaveLength(1);
    expect((await look(client, externalId)).version).toBe(first?.version);
  });
});

describe('with a co-borrower', () => {
  it('both persons see the bank at work after the co-borrower shares their statements, and both see the decision', async () => {
    const ee = t.withEnv({ BUSINESS_DOMAIN: 'retail-banking-ee' });
    const applicant = ee.client();
    const task = await seeded(ee, applicant, {
      taskDefinitionKey: 'coBorrower.provideBasViaOpenBanking',
      productName: 'HOUSING_LOAN',
      previousTasks: ['createApplicationStep', 'submitPersonalInfo', 'submitBackgroundData', 'checkAnswers', 'submitInitialDataCoBorrower', 'coBorrower.checkAnswers'],
      application: {
        applicationUpdates: { coApplicant: { firstName: 'Jaan', surname: 'Tamm', email: 'jaan.tamm@example.com' } },
        personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { firstName: 'Mari' } }],
      },
      coBorrower: { personUpdates: [{ personalCode: '37605030299', declaredData: { employmentType: 'EMPLOYED_PRIVATE' } }] },
    });
    expect(task.taskDefinitionKey).toBe('viewWaitingPage');
    const outbox = await applicant.get<Data<{ messages: { body: { link: string } }[] }>>(`/api/sandbox/outbox/${task.externalId}`);
    const coBorrower = ee.client();
    expect((await coBorrower.post('/api/v1/invitations/accept', { token: outbox.body.data.messages[0]?.body.link.split('/').pop() })).status).toBe(200);
    const theirs = await look(coBorrower, task.externalId, 'coborrower');
    expect(theirs.taskDefinitionKey).toBe('provideBasViaOpenBanking');
    await shareStatements(coBorrower, task.externalId, 'LHV_EE', 'et');
    const sent = await coBorrower.post<Data<TaskResponse>>(stepPath(task.externalId), goOn('provideBasViaOpenBanking', theirs.version));
    expect(sent.status).toBe(200);
    // Nobody's turn: each has sent their part, so neither is told the other has not finished.
    expect(sent.body.data).toMatchObject({ taskDefinitionKey: 'viewBankStatementsBeingProcessed', awaitingCheck: 'STATEMENT_ANALYSIS' });
    expect(await look(applicant, task.externalId)).toMatchObject({ taskDefinitionKey: 'viewBankStatementsBeingProcessed', awaitingCheck: 'STATEMENT_ANALYSIS' });

    // Back is no way out of the bank's work.
    expect(sent.body.data.previousTaskDefinitionKey).toBeNull();

    t.advance(CHECK_SECONDS);
    // The co-borrower's look answers the check: the offer is the applicant's to answer, the co-borrower waits for it.
    expect(await look(coBorrower, task.externalId, 'coborrower')).toMatchObject({ taskDefinitionKey: 'viewWaitingPage', awaitingCheck: null });
    expect(await look(applicant, task.externalId)).toMatchObject({ taskDefinitionKey: 'reviewApproved', application: { decision: { outcome: 'POSITIVE' } } });
  });
});

describe('return to merchant (decisions 147 and 172)', () => {
  const RETURN = 'https://shop.statements.example/back';

  async function partnerApplicant(regCode: string, webShopRedirectUri?: string) {
    const client = t.client();
    expect((await client.post('/api/sandbox/partners', { regCode, returnAddresses: [RETURN] })).status).toBe(201);
    const task = await seeded(t, client, {
      taskDefinitionKey: 'provideBasViaOpenBanking',
      partner: { regCode, processData: { ...(webShopRedirectUri ? { webShopRedirectUri } : {}), webShopApplicationReferenceId: 'ORDER-7' }, seller: { businessName: 'Statement Shop' } },
      application: { personUpdates: [{ role: 'APPLICANT', declaredData: { firstName: 'Līga', email: 'liga@example.com' } }] },
    });
    await shareStatements(client, task.externalId, 'SWEDBANK_LV');
    const sent = await client.post<Data<TaskResponse>>(stepPath(task.externalId), goOn('provideBasViaOpenBanking', task.version));
    expect(sent.status).toBe(200);
    return { client, externalId: task.externalId, sent: sent.body.data };
  }

  it('sends the shop’s customer back to the shop after the statements; the bank decides meanwhile and tells them both', async () => {
    const { client, externalId, sent } = await partnerApplicant('STATEMENTS-1', RETURN);
    // The page does not wait: the applicant goes back to the shop.
    expect(sent).toMatchObject({ taskDefinitionKey: 'viewReturnToMerchant', awaitingCheck: null, application: { processData: { webShopRedirectUri: RETURN } } });
    t.advance(PATIENCE_SECONDS);
    expect(await look(client, externalId)).toMatchObject({ taskDefinitionKey: 'viewReturnToMerchant', awaitingCheck: null });

    t.advance(CHECK_SECONDS);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const outbox = await client.get<Data<{ messages: { kind: string; recipient: string; body: Record<string, unknown> }[] }>>(`/api/sandbox/outbox/${externalId}`);
    expect(outbox.body.data.messages).toEqual([
      { kind: 'decisionToApplicant', recipient: 'liga@example.com', body: { outcome: 'POSITIVE', link: `/?externalId=${externalId}` } },
      { kind: 'decisionToShop', recipient: 'STATEMENTS-1', body: { status: 'APPROVED', orderReference: 'ORDER-7' } },
    ]);
    // Back from the e-mail's link: the offer, as for anyone.
    expect(await look(client, externalId)).toMatchObject({ taskDefinitionKey: 'reviewApproved', application: { decision: { outcome: 'POSITIVE' } } });
  });

  it('sends no one to an address the partner no longer registers (issue 25, decision 189): the bank’s page instead', async () => {
    const client = t.client();
    expect((await client.post('/api/sandbox/partners', { regCode: 'STATEMENTS-3', returnAddresses: [RETURN] })).status).toBe(201);
    const task = await seeded(t, client, { taskDefinitionKey: 'provideBasViaOpenBanking', partner: { regCode: 'STATEMENTS-3', processData: { webShopRedirectUri: RETURN } } });
    // The shop moved its checkout: its data now names another return address.
    expect((await client.post('/api/sandbox/partners', { regCode: 'STATEMENTS-3', returnAddresses: ['https://shop.statements.example/new-checkout'] })).status).toBe(201);
    await shareStatements(client, task.externalId, 'SWEDBANK_LV');
    const sent = await client.post<Data<TaskResponse>>(stepPath(task.externalId), goOn('provideBasViaOpenBanking', task.version));
    expect(sent.body.data).toMatchObject({ taskDefinitionKey: 'viewBankStatementsBeingProcessed', awaitingCheck: 'STATEMENT_ANALYSIS' });
  });

  it('a partner’s applicant without a return address waits on the bank’s page like anyone', async () => {
    const { sent } = await partnerApplicant('STATEMENTS-2');
    expect(sent).toMatchObject({ taskDefinitionKey: 'viewBankStatementsBeingProcessed', awaitingCheck: 'STATEMENT_ANALYSIS' });
  });
});
