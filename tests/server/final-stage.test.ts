/**
 * Issue 22 on the reference API (docs/decisions/173): the decision engine's final stage and the
 * refinancing loan's checks, each path end to end over HTTP as an applicant meets it, with the
 * back office's real durations and the test clock moved past them. No sandbox control forces an
 * outcome: the engine's and the underwriter's own rules decide, the statements come from the PSD2
 * aggregator's simulator through the bank's page (as in open-banking.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { StepSubmission } from '../../core/wire/process.schema';
import { isValidIban } from '../../core/validation/general/iban';
import type { ApiClient } from './support/api-client';
import { continuePath, createApplication, createApplicationStep, exampleSubmission, stepPath, walk } from './support/payloads';
import { startTestApp, TEST_ORIGIN, type TestApp } from './support/test-app';
import { openJson } from '../../server/crypto/data-cipher';

type Data<T> = { data: T };

/** The back office as the demonstration runs it (decision 172's defaults), the statement analysis at once. */
const SECONDS = { UNDERWRITER_REVIEW: 12, REFINANCING_CHECK: 8, REFINANCING_PAYOFF: 8 } as const;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    UNDERWRITER_REVIEW_SECONDS: String(SECONDS.UNDERWRITER_REVIEW),
    REFINANCING_CHECK_SECONDS: String(SECONDS.REFINANCING_CHECK),
    REFINANCING_PAYOFF_SECONDS: String(SECONDS.REFINANCING_PAYOFF),
    STATEMENT_ANALYSIS_SECONDS: '0',
    FEATURE_FLAGS: 'incomeFromAbroad',
  });
});
afterAll(() => t.database.dispose());

interface Loan {
  productName: string;
  loanAmount: number;
  loanPeriod: number;
  loanPurpose?: string;
}

/** An application of `loan` past its create step. */
async function started(client: ApiClient, loan: Loan): Promise<TaskResponse> {
  const created = await createApplication(client);
  const submission = createApplicationStep(created.version);
  const step: StepSubmission = {
    ...submission,
    application: { ...submission.application, applicationUpdates: { creditConditions: { ...loan } } },
  };
  const sent = await client.post<Data<TaskResponse>>(stepPath(created.externalId), step);
  if (sent.status !== 200) throw new Error(`create step answered ${sent.status}: ${sent.text}`);
  return sent.body.data;
}

/**
 * The applicant's own part answered with the examples, `financial` instead of theirs where given, up
 * to the offer (or `until`, or a page that waits or ends).
 * The bank asks whether each income comes from abroad (its flag is on here): no income is, unless
 * `fromAbroad`.
 */
async function applied(client: ApiClient, loan: Loan, options: { financial?: Record<string, unknown>; fromAbroad?: boolean; until?: string } = {}): Promise<TaskResponse> {
  const values = {
    // The loan chosen first stays the loan (the examples' personal details would switch to a small loan).
    submitPersonalInfo: { productName: loan.productName },
    submitBackgroundData: { hasCoApplicant: 'no' },
    ...(options.financial ? { submitFinancialData: options.financial } : {}),
  };
  const { task: atFinancial } = await walk(client, await started(client, loan), { values, until: 'submitFinancialData' });
  const submission = exampleSubmission('submitFinancialData', atFinancial.version, { values });
  const declared = (submission.application.personUpdates[0] as { declaredData: { incomes: Record<string, unknown>[] } }).declaredData;
  declared.incomes = declared.incomes.map((income) => ({ ...income, fromAbroad: options.fromAbroad === true }));
  const sent = await client.post<Data<TaskResponse>>(stepPath(atFinancial.externalId), submission);
  if (sent.status !== 200) throw new Error(`submitFinancialData answered ${sent.status}: ${sent.text}`);
  const { task } = await walk(client, sent.body.data, { values, until: options.until ?? 'reviewApproved' });
  return task;
}

const financial = (incomes: Record<string, unknown>[], liabilities: Record<string, unknown>[] = []) => ({
  incomes,
  noObligations: liabilities.length === 0,
  liabilities,
});

const look = async (client: ApiClient, task: TaskResponse) => (await client.post<Data<TaskResponse>>(continuePath(task.externalId))).body.data;

async function send(client: ApiClient, task: TaskResponse, values?: Record<string, unknown>): Promise<TaskResponse> {
  const submission = exampleSubmission(task.taskDefinitionKey, task.version, {
    productName: task.application.creditConditions.productName ?? undefined,
    loanAmount: task.application.creditConditions.loanAmount ?? undefined,
    loanPeriod: task.application.creditConditions.loanPeriod ?? undefined,
    ...(values ? { values: { [task.taskDefinitionKey]: values } } : {}),
  });
  const reply = await client.post<Data<TaskResponse>>(stepPath(task.externalId), submission);
  if (reply.status !== 200) throw new Error(`${task.taskDefinitionKey} answered ${reply.status}: ${reply.text}`);
  return reply.body.data;
}

/**
 * The applicant shares statements on the simulated bank's page (the first bank listed, approved)
 * and goes on with them: the provideBasViaOpenBanking step sent.
 */
async function shareStatements(client: ApiClient, task: TaskResponse): Promise<TaskResponse> {
  expect(task.taskDefinitionKey).toBe('provideBasViaOpenBanking');
  const banks = await client.get<Data<{ available: { id: string }[] }>>(`/api/v1/psd2/list-institutions?externalId=${task.externalId}`);
  const bank = banks.body.data.available[0]?.id ?? '';
  const selected = await client.post<Data<{ redirectUrl: string }>>('/api/v1/psd2/select-institution', { externalId: task.externalId, institutionId: bank, userLanguage: 'et' });
  expect(selected.status).toBe(200);
  const atBank = await fetch(selected.body.data.redirectUrl, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'approve' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  const callback = new URL(atBank.headers.get('location') ?? '');
  expect(callback.origin).toBe(TEST_ORIGIN);
  expect((await client.get(`${callback.pathname}${callback.search}`)).status).toBe(303);
  const current = await look(client, task);
  const reply = await client.post<Data<TaskResponse>>(stepPath(task.externalId), {
    taskDefinitionKey: 'provideBasViaOpenBanking',
    version: current.version,
    application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
    variables: {},
  });
  if (reply.status !== 200) throw new Error(`provideBasViaOpenBanking answered ${reply.status}: ${reply.text}`);
  return reply.body.data;
}

/** Waits on the page as the back office works: a look just before the check is due moves nothing; just after, it has moved. */
async function waitedFor(client: ApiClient, task: TaskResponse, seconds: number): Promise<TaskResponse> {
  t.advance(seconds - 1);
  const before = await look(client, task);
  expect(before).toMatchObject({ taskDefinitionKey: task.taskDefinitionKey, awaitingCheck: task.awaitingCheck, version: task.version });
  t.advance(1);
  return look(client, task);
}

async function storedData(externalId: string): Promise<Record<string, unknown>> {
  const [row] = await t.database.db.query<{ data: Record<string, unknown> }>('select data from applications where external_id = $1', [externalId]);
  return row?.data ?? {};
}

const CAR_LOAN: Loan = { productName: 'CAR_LOAN', loanAmount: 20000, loanPeriod: 60 };
const SALARY = (amount: string) => ({ source: 'SALARY', monthlyAmount: amount });

describe('an accepted offer above 15 000 €: the bank’s additional checks, then the FINAL decision', () => {
  it('statements shared, the underwriter confirms the income: the final offer, accepted, on to the contract', async () => {
    const client = t.client();
    const offer = await applied(client, CAR_LOAN, { financial: financial([SALARY('2100')]) });
    expect(offer).toMatchObject({ taskDefinitionKey: 'reviewApproved', awaitingCheck: null });
    expect(offer.application.decision).toMatchObject({ outcome: 'POSITIVE', offer: { amount: 20000, variant: 'ADDITIONAL_CHECK' } });

    // Accepted for less: the additional checks come first, starting with the statements.
    const statements = await send(client, offer, { offerAnswer: 'ACCEPT', offerAmount: '18000', offerPeriod: '60' });
    expect(statements).toMatchObject({ taskDefinitionKey: 'provideBasViaOpenBanking', awaitingCheck: null, previousTaskDefinitionKey: null });
    const waiting = await shareStatements(client, statements);
    expect(waiting).toMatchObject({ taskDefinitionKey: 'viewAdditionalDataSubmitted', awaitingCheck: 'UNDERWRITER_REVIEW', previousTaskDefinitionKey: null });

    const final = await waitedFor(client, waiting, SECONDS.UNDERWRITER_REVIEW);
    expect(final).toMatchObject({ taskDefinitionKey: 'reviewApproved', awaitingCheck: null });
    // The FINAL decision on the accepted amount: the final offer's variant, its bounds the accepted terms.
    expect(final.application.decision).toMatchObject({ outcome: 'POSITIVE', offer: { amount: 18000, period: 60, variant: 'FINAL', bounds: { maxAmount: 18000, minPeriod: 60 } } });
    const review = (await storedData(final.externalId))['underwriterReview'];
    expect(review).toMatchObject({ verdict: 'APPROVE', amount: 18000, incomes: [{ role: 'APPLICANT', declared: 2100, confirmed: 2100, reason: 'INCOME_CONFIRMED' }] });

    // Decision 174: the card a car loan cross-sells is offered with the final loan; declined, the loan goes on.
    const card = await send(client, final, { offerAnswer: 'ACCEPT', offerAmount: '18000', offerPeriod: '60' });
    expect(card).toMatchObject({ taskDefinitionKey: 'viewCreditCardOffer', awaitingCheck: null });
    const contract = await send(client, card, { offerAnswer: 'DECLINE' });
    expect(contract).toMatchObject({ taskDefinitionKey: 'viewContractAndChooseSigningMethod', application: { creditConditions: { loanAmount: 18000, loanPeriod: 60 } } });
  });

  it('a declared income the statements show less than half of: NEGATIVE_FINAL, the negative thank-you page, no contract', async () => {
    const client = t.client();
    const offer = await applied(client, CAR_LOAN, { financial: financial([SALARY('20000')]) });
    expect(offer.application.decision).toMatchObject({ outcome: 'POSITIVE', offer: { variant: 'ADDITIONAL_CHECK' } });
    const waiting = await shareStatements(client, await send(client, offer));
    expect(waiting).toMatchObject({ taskDefinitionKey: 'viewAdditionalDataSubmitted', awaitingCheck: 'UNDERWRITER_REVIEW' });
    const refused = await waitedFor(client, waiting, SECONDS.UNDERWRITER_REVIEW);
    expect(refused).toMatchObject({ taskDefinitionKey: 'viewNegativeThankYouPage', awaitingCheck: null, application: { decision: { outcome: 'NEGATIVE_FINAL' } } });
    expect((await storedData(refused.externalId))['underwriterReview']).toMatchObject({ verdict: 'REFUSE', reasons: ['INCOME_MISSTATED'] });
    // The decision ends the flow: nothing more is sent.
    const again = await client.post(stepPath(refused.externalId), exampleSubmission('viewNegativeThankYouPage', refused.version));
    expect(again.status).toBe(409);
  });

  it('an offer of 15 000 € goes on to the contract as before (after the card its product cross-sells)', async () => {
    const client = t.client();
    const offer = await applied(client, { ...CAR_LOAN, loanAmount: 15000 }, { financial: financial([SALARY('2100')]) });
    expect(offer.application.decision).toMatchObject({ offer: { variant: 'INITIAL' } });
    const card = await send(client, offer);
    expect(card.taskDefinitionKey).toBe('viewCreditCardOffer');
    expect((await send(client, card, { offerAnswer: 'DECLINE' })).taskDefinitionKey).toBe('viewContractAndChooseSigningMethod');
  });

  it('the underwriter not answering within the bank’s promise: a loan specialist takes it on, and the page stops waiting', async () => {
    // A promise of ten minutes and an underwriter who would take fifteen (the session stays alive between looks).
    const slow = t.withEnv({ UNDERWRITER_REVIEW_SECONDS: '900', UNDERWRITER_REVIEW_TIMEOUT_SECONDS: '600' });
    const client = slow.client();
    const offer = await applied(client, CAR_LOAN, { financial: financial([SALARY('2100')]) });
    const waiting = await shareStatements(client, await send(client, offer));
    expect(waiting.awaitingCheck).toBe('UNDERWRITER_REVIEW');
    slow.advance(599);
    expect(await look(client, waiting)).toMatchObject({ taskDefinitionKey: 'viewAdditionalDataSubmitted', awaitingCheck: 'UNDERWRITER_REVIEW' });
    slow.advance(1);
    const handedOver = await look(client, waiting);
    expect(handedOver).toMatchObject({ taskDefinitionKey: 'viewAdditionalDataSubmitted', awaitingCheck: null, application: { decision: { outcome: 'POSITIVE' } } });
    // The check is closed: when its answer would have come, nothing moves any more.
    slow.advance(400);
    expect(await look(client, waiting)).toMatchObject({ taskDefinitionKey: 'viewAdditionalDataSubmitted', awaitingCheck: null, version: handedOver.version });
    const [check] = await t.database.db.query<{ answer: unknown; overdue: boolean }>(
      `select c.answer, c.overdue_at is not null as overdue from back_office_checks c join applications a on a.id = c.application_id where a.external_id = $1 and c.kind = 'UNDERWRITER_REVIEW'`,
      [waiting.externalId],
    );
    expect({ ...check, answer: openJson('back_office_checks.answer', check!.answer) }).toEqual({ answer: { handedOver: true }, overdue: true });
  });
});

describe('an undecided application: the underwriter reviews it, then the FINAL decision', () => {
  it('a tight case the underwriter approves: the final offer, accepted, on to the contract', async () => {
    const client = t.client();
    // 500 € income and 200 € rent: a 1000 € loan takes 47 % of it, above the engine's 40 %, within the underwriter's 50 %.
    const undecided = await applied(client, { productName: 'SMALL_LOAN', loanAmount: 1000, loanPeriod: 36 }, { financial: financial([SALARY('500')], [{ type: 'RENT', creditor: 'Korteriühistu', monthlyPayment: '200' }]) });
    expect(undecided).toMatchObject({ taskDefinitionKey: 'readUndecidedDecision', awaitingCheck: 'UNDERWRITER_REVIEW', application: { decision: { outcome: 'UNDECIDED' } } });
    const final = await waitedFor(client, undecided, SECONDS.UNDERWRITER_REVIEW);
    expect(final).toMatchObject({ taskDefinitionKey: 'reviewApproved', awaitingCheck: null, previousTaskDefinitionKey: null });
    expect(final.application.decision).toMatchObject({ outcome: 'POSITIVE', offer: { amount: 1000, variant: 'FINAL' } });
    expect((await send(client, final)).taskDefinitionKey).toBe('viewContractAndChooseSigningMethod');
  });

  it('income from abroad the statements show far less of: the negative decision, final', async () => {
    const client = t.client();
    const statements = await applied(client, { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 }, {
      financial: financial([SALARY('12000')]),
      fromAbroad: true,
      until: 'provideBasViaOpenBanking',
    });
    // Decision 152: income from abroad is shown with statements before the decision, which leaves it to a person.
    const undecided = await shareStatements(client, statements);
    expect(undecided).toMatchObject({ taskDefinitionKey: 'readUndecidedDecision', awaitingCheck: 'UNDERWRITER_REVIEW', application: { decision: { outcome: 'UNDECIDED' } } });
    const refused = await waitedFor(client, undecided, SECONDS.UNDERWRITER_REVIEW);
    expect(refused).toMatchObject({ taskDefinitionKey: 'readNegativeDecision', awaitingCheck: null, application: { decision: { outcome: 'NEGATIVE_FINAL' } } });
  });

  it('the same with statements that show it: approved at the FINAL stage', async () => {
    const client = t.client();
    const statements = await applied(client, { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 }, {
      financial: financial([SALARY('2000')]),
      fromAbroad: true,
      until: 'provideBasViaOpenBanking',
    });
    const undecided = await shareStatements(client, statements);
    expect(undecided.awaitingCheck).toBe('UNDERWRITER_REVIEW');
    const final = await waitedFor(client, undecided, SECONDS.UNDERWRITER_REVIEW);
    expect(final).toMatchObject({ taskDefinitionKey: 'reviewApproved', application: { decision: { outcome: 'POSITIVE', offer: { variant: 'FINAL' } } } });
  });
});

describe('a refinancing loan: the lenders’ check before the decision, their payoff before the contract', () => {
  const REFINANCING: Loan = { productName: 'REFINANCING_LOAN', loanAmount: 3000, loanPeriod: 36, loanPurpose: 'COMBINING_LOANS' };
  const owes = (monthlyPayment: string, outstandingAmount: string) =>
    financial([SALARY('2100')], [{ type: 'CONSUMER_LOAN', creditor: 'Näidispank AS', monthlyPayment, outstandingAmount }]);

  it('confirmed: the decision, the offer (not below what pays the loans off), accepted, the payoff, then the contract', async () => {
    const client = t.client();
    const checking = await applied(client, REFINANCING, { financial: owes('120', '2400') });
    expect(checking).toMatchObject({ taskDefinitionKey: 'viewAdditionalDataSubmitted', awaitingCheck: 'REFINANCING_CHECK', previousTaskDefinitionKey: null });
    expect(checking.application.decision).toBeNull();
    const offer = await waitedFor(client, checking, SECONDS.REFINANCING_CHECK);
    expect(offer).toMatchObject({ taskDefinitionKey: 'reviewApproved', awaitingCheck: null });
    expect(offer.application.decision).toMatchObject({ outcome: 'POSITIVE', offer: { amount: 3000, variant: 'INITIAL', bounds: { minAmount: 2400, maxAmount: 3000 } } });
    expect((await storedData(offer.externalId))['refinancingCheck']).toMatchObject({ verdict: 'CONFIRMED', obligations: [{ creditor: 'Näidispank AS', outstandingAmount: 2400, confirmed: true }] });
    // Less than what pays the loans off is refused, as any amount outside the bounds.
    const below = await client.post(stepPath(offer.externalId), exampleSubmission('reviewApproved', offer.version, { values: { reviewApproved: { offerAnswer: 'ACCEPT', offerAmount: '2300', offerPeriod: '36' } } }));
    expect(below.status).toBe(422);

    const payoff = await send(client, offer);
    expect(payoff).toMatchObject({ taskDefinitionKey: 'viewAdditionalDataSubmitted', awaitingCheck: 'REFINANCING_PAYOFF' });
    const contract = await waitedFor(client, payoff, SECONDS.REFINANCING_PAYOFF);
    expect(contract).toMatchObject({ taskDefinitionKey: 'viewContractAndChooseSigningMethod', awaitingCheck: null });
    const collected = (await storedData(contract.externalId))['refinancingPayoff'] as { payoffs: { iban: string }[] };
    expect(collected).toMatchObject({ totalPayoff: 2400, toApplicant: 600, payoffs: [{ creditor: 'Näidispank AS', type: 'CONSUMER_LOAN', amount: 2400 }] });
    expect(isValidIban(collected.payoffs[0]?.iban ?? '')).toBe(true);
  });

  it('a loan the lender does not confirm: NEGATIVE_REFINANCING on the negative decision page', async () => {
    const client = t.client();
    // 10 € a month never repays 9000 € within the register's ten years: not the lender's figures.
    const checking = await applied(client, { ...REFINANCING, loanAmount: 10000 }, { financial: owes('10', '9000') });
    expect(checking).toMatchObject({ taskDefinitionKey: 'viewAdditionalDataSubmitted', awaitingCheck: 'REFINANCING_CHECK' });
    const refused = await waitedFor(client, checking, SECONDS.REFINANCING_CHECK);
    expect(refused).toMatchObject({ taskDefinitionKey: 'readNegativeDecision', awaitingCheck: null, application: { decision: { outcome: 'NEGATIVE_REFINANCING' } } });
    expect((await storedData(refused.externalId))['refinancingCheck']).toMatchObject({ verdict: 'MISMATCH' });
  });
});
