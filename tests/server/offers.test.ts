/**
 * Issue 12's offers on the reference API (docs/decisions/131-offer-bounds-and-variants.md): a positive
 * decision stores its offer with the application, shows ReviewApproved (ViewCreditCardOffer for a
 * card), and the server re-checks an accepted amount and period against the approved offer's bounds,
 * computes the offer itself and stores it (section 3: offer, personalOffer); only the application's
 * owner may answer it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { ProductData } from '../../core/domain/product-data';
import { MESSAGES, messageWithValues } from '../../core/validation/messages';
import { offerOf } from '../../server/decisions/decision-rules';
import type { ApiClient } from './support/api-client';
import { startTestApp, type TestApp } from './support/test-app';
import { continuePath, createApplication, createApplicationStep, stepPath, walk } from './support/payloads';
import { productTableOf } from '../support/product-data';

type Data<T> = { data: T };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

const SMALL_LOAN = productTableOf('retail-banking-ee').SMALL_LOAN as ProductData;

/** An application of this session seeded at its offer page with a positive decision for `loanAmount` over `loanPeriod`. */
async function seededOffer(client: ApiClient, options: { taskDefinitionKey?: string; productName?: string; loanAmount?: number; loanPeriod?: number; decisionStage?: string } = {}) {
  const reply = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: options.taskDefinitionKey ?? 'reviewApproved',
    productName: options.productName ?? 'SMALL_LOAN',
    previousTasks: ['checkAnswers'],
    application: { applicationUpdates: { creditConditions: { loanAmount: options.loanAmount ?? 5000, loanPeriod: options.loanPeriod ?? 36 } } },
    decision: 'POSITIVE',
    ...(options.decisionStage ? { decisionStage: options.decisionStage } : {}),
  });
  if (reply.status !== 201) throw new Error(`seeding answered ${reply.status}: ${reply.text}`);
  return reply.body.data;
}

function answer(task: TaskResponse, customData: Record<string, unknown>) {
  return { taskDefinitionKey: task.taskDefinitionKey, version: task.version, application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData }, variables: {} };
}

async function storedData(externalId: string): Promise<Record<string, unknown>> {
  const [row] = await t.database.db.query<{ data: Record<string, unknown> }>('select data from applications where external_id = $1', [externalId]);
  if (!row) throw new Error('no application');
  return row.data;
}

describe('the offer of a positive decision', () => {
  it('the rules approve the examples’ applicant: ReviewApproved shows the stored offer, its variant and bounds, with no way back', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const started = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(created.version, { loanAmount: 5000 }));
    const { task } = await walk(client, started.body.data, { until: 'reviewApproved', values: { submitBackgroundData: { hasCoApplicant: 'no' } } });
    expect(task).toMatchObject({ taskDefinitionKey: 'reviewApproved', previousTaskDefinitionKey: null });
    const offer = offerOf(SMALL_LOAN, 5000, task.application.creditConditions.loanPeriod ?? 0);
    expect(task.application.decision).toEqual({
      outcome: 'POSITIVE',
      offer: { ...offer, variant: 'INITIAL', bounds: { minAmount: 500, maxAmount: 5000, minPeriod: offer.period, maxPeriod: expect.any(Number) } },
      // Decision 174: the small loan's product data names the card offered with it (tests/server/cross-sell-offer.test.ts).
      crossSellOffer: expect.objectContaining({ productName: 'CREDIT_CARD_VISA_CLASSIC' }),
    });
    // The decision is kept with the application as soon as the process acted on it.
    expect((await storedData(task.externalId))['decision']).toMatchObject({ outcome: 'POSITIVE', offer: { amount: 5000 } });
    // A reload shows the offer again.
    const again = await client.post<Data<TaskResponse>>(continuePath(task.externalId));
    expect(again.body.data).toMatchObject({ taskDefinitionKey: 'reviewApproved', application: { decision: { offer: { amount: 5000 } } } });
  });

  it('an amount above 15 000 € is the additional-check variant; a seeded final stage the final one', async () => {
    const client = t.client();
    expect((await seededOffer(client, { loanAmount: 15000 })).application.decision).toMatchObject({ offer: { variant: 'INITIAL' } });
    expect((await seededOffer(client, { productName: 'CAR_LOAN', loanAmount: 20000, loanPeriod: 60 })).application.decision).toMatchObject({
      offer: { variant: 'ADDITIONAL_CHECK', amount: 20000 },
    });
    expect((await seededOffer(client, { decisionStage: 'FINAL' })).application.decision).toMatchObject({ offer: { variant: 'FINAL' } });
  });

  it('a credit card’s positive decision shows ViewCreditCardOffer', async () => {
    const client = t.client();
    const task = await seededOffer(client, { taskDefinitionKey: 'viewCreditCardOffer', productName: 'CREDIT_CARD_VISA_CLASSIC', loanAmount: 2000 });
    expect(task).toMatchObject({ taskDefinitionKey: 'viewCreditCardOffer', application: { decision: { outcome: 'POSITIVE', offer: { amount: 2000, interestRate: 19.9 } } } });
  });
});

describe('accepting the offer', () => {
  it('within the bounds: the server computes the offer and stores it (offer, personalOffer), ignoring any figure the client sends', async () => {
    const client = t.client();
    const task = await seededOffer(client);
    const sent = await client.post<Data<TaskResponse>>(stepPath(task.externalId), answer(task, { offerAnswer: 'ACCEPT', offerAmount: 4000, offerPeriod: 48, monthlyPayment: 1 }));
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ taskDefinitionKey: 'viewContractAndChooseSigningMethod', application: { creditConditions: { loanAmount: 4000, loanPeriod: 48 } } });
    const data = await storedData(task.externalId);
    const expected = offerOf(SMALL_LOAN, 4000, 48);
    expect(data['offer']).toMatchObject({
      offeredProductName: 'SMALL_LOAN',
      amount: 4000,
      period: 48,
      monthlyPayment: expected.monthlyPayment,
      annualPercentageRate: expected.annualPercentageRate,
      totalRepaymentAmount: expected.totalRepaymentAmount,
      totalAmountTransferredToAccount: expected.totalAmountTransferredToAccount,
    });
    expect(data['personalOffer']).toEqual({ type: 'indicative' });
    expect(data['customData']).not.toHaveProperty('monthlyPayment');
    // Answered once: the offer page cannot be sent again.
    expect((await client.post(stepPath(task.externalId), answer({ ...task, version: sent.body.data.version }, { offerAnswer: 'ACCEPT', offerAmount: 4000, offerPeriod: 48 }))).status).toBe(409);
  });

  it('at the bounds themselves, and a final offer is stored as final', async () => {
    const client = t.client();
    const task = await seededOffer(client, { decisionStage: 'FINAL' });
    const sent = await client.post<Data<TaskResponse>>(stepPath(task.externalId), answer(task, { offerAnswer: 'ACCEPT', offerAmount: 5000, offerPeriod: 72 }));
    expect(sent.status).toBe(200);
    expect(await storedData(task.externalId)).toMatchObject({ offer: { amount: 5000, period: 72 }, personalOffer: { type: 'final' } });
  });

  it.each([
    ['an amount above the approved one', { offerAmount: 5100, offerPeriod: 36 }, 'customData.offerAmount', messageWithValues(MESSAGES.amountOutOfRange, { minEur: 500, maxEur: 5000 })],
    ['an amount below the product’s minimum', { offerAmount: 400, offerPeriod: 36 }, 'customData.offerAmount', messageWithValues(MESSAGES.amountOutOfRange, { minEur: 500, maxEur: 5000 })],
    ['a period shorter than the approved one', { offerAmount: 5000, offerPeriod: 35 }, 'customData.offerPeriod', messageWithValues(MESSAGES.periodOutOfRange, { min: 36, max: 72 })],
    ['a period beyond the product’s longest', { offerAmount: 5000, offerPeriod: 73 }, 'customData.offerPeriod', messageWithValues(MESSAGES.periodOutOfRange, { min: 36, max: 72 })],
  ])('refuses %s with 422 on its field, and the offer stays to answer', async (_case, terms, path, message) => {
    const client = t.client();
    const task = await seededOffer(client);
    const refused = await client.post<ApiErrorBody>(stepPath(task.externalId), answer(task, { offerAnswer: 'ACCEPT', ...terms }));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { [path]: [message] } });
    const again = await client.post<Data<TaskResponse>>(continuePath(task.externalId));
    expect(again.body.data).toMatchObject({ taskDefinitionKey: 'reviewApproved', version: task.version });
    expect(await storedData(task.externalId)).not.toHaveProperty('offer');
  });

  it('refuses an acceptance without an amount and period', async () => {
    const client = t.client();
    const task = await seededOffer(client);
    const refused = await client.post<ApiErrorBody>(stepPath(task.externalId), answer(task, { offerAnswer: 'ACCEPT' }));
    expect(refused.status).toBe(422);
  });

  it('refuses another session: knowing the external id grants nothing (404), and nothing is stored', async () => {
    const owner = t.client();
    const task = await seededOffer(owner);
    const stranger = t.client();
    await stranger.startSession();
    const refused = await stranger.post<ApiErrorBody>(stepPath(task.externalId), answer(task, { offerAnswer: 'ACCEPT', offerAmount: 5000, offerPeriod: 36 }));
    expect(refused.status).toBe(404);
    expect(await storedData(task.externalId)).not.toHaveProperty('offer');
  });

  it('a credit card: the approved limit is taken whatever the client sends', async () => {
    const client = t.client();
    const task = await seededOffer(client, { taskDefinitionKey: 'viewCreditCardOffer', productName: 'CREDIT_CARD_VISA_CLASSIC', loanAmount: 2000 });
    const sent = await client.post<Data<TaskResponse>>(stepPath(task.externalId), answer(task, { offerAnswer: 'ACCEPT', offerAmount: 3000 }));
    expect(sent.status).toBe(200);
    expect(sent.body.data.taskDefinitionKey).toBe('viewContractAndChooseSigningMethod');
    expect(await storedData(task.externalId)).toMatchObject({ offer: { offeredProductName: 'CREDIT_CARD_VISA_CLASSIC', amount: 2000 }, creditCardOfferAccepted: true, personalOffer: { type: 'indicative' } });
  });
});

describe('declining the offer', () => {
  it.each([
    ['reviewApproved', 'SMALL_LOAN'],
    ['viewCreditCardOffer', 'CREDIT_CARD_VISA_GOLD'],
  ])('%s: ends at the thank-you page, with no offer stored', async (taskDefinitionKey, productName) => {
    const client = t.client();
    const task = await seededOffer(client, { taskDefinitionKey, productName, loanAmount: 3000 });
    const sent = await client.post<Data<TaskResponse>>(stepPath(task.externalId), answer(task, { offerAnswer: 'DECLINE' }));
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ taskDefinitionKey: 'viewThankYouPage', previousTaskDefinitionKey: null });
    const data = await storedData(task.externalId);
    expect(data).not.toHaveProperty('offer');
    expect(data['offerAnswer']).toMatchObject({ answer: 'DECLINED' });
  });
});
