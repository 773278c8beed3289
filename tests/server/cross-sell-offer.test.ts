/**
 * Issue 22, the credit card offered with a loan on the reference API (decision 174), live: no sandbox
 * control decides anything. The rules approve the small loan; its product data names the Visa Classic
 * card, so the engine decides the card for the applicant with the loan's monthly cost in the debt
 * service and keeps it apart from the loan's decision. Once the loan's offer is accepted the process
 * shows ViewCreditCardOffer; accepted, the card is signed with the loan in the cross-sell modal (two
 * contracts with cross-sell signing on); declined, the loan goes on alone. No card page when the card
 * is not affordable, nor for a loan whose product data names no card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { TaskResponse } from '../../core/wire/application.schema';
import { ContractDetailsSchema } from '../../core/wire/contract.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { SigningStatusResponse, StartSigningResponse } from '../../core/wire/signing.schema';
import type { ProductData } from '../../core/domain/product-data';
import { offerOf } from '../../server/decisions/decision-rules';
import type { ApiClient } from './support/api-client';
import { CREATE_REQUEST, createApplicationStep, stepPath, walk } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';
import { freshSecret } from './support/secrets';
import { productTableOf } from '../support/product-data';

type Data<T> = { data: T };

const TABLE = productTableOf('retail-banking-ee');
const CARD = TABLE.CREDIT_CARD_VISA_CLASSIC as ProductData;

let t: TestApp;
/** `npm start` as it is: a demonstration, no sandbox controls, the simulators answer for outside parties. */
let live: TestApp;
let liveWithCrossSellSigning: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const demonstration = { SOLIS_MODE: 'demonstration', EMBED_TOKEN_SECRET: freshSecret() };
  live = t.withEnv(demonstration);
  liveWithCrossSellSigning = t.withEnv({ ...demonstration, FEATURE_FLAGS: 'crossSellSigning' });
});
afterAll(() => t.database.dispose());

const FINANCES = {
  /** The examples' applicant: 2 270,50 € a month, a consumer loan of 120 € a month. */
  comfortable: undefined,
  /** 1 000 € a month and 220 € of obligations: the loan fits in 40 %, not even the card's 300 € minimum beside it. */
  stretched: {
    incomes: [{ source: 'SALARY', monthlyAmount: '1000' }],
    noObligations: false,
    liabilities: [{ type: 'CONSUMER_LOAN', creditor: 'Example Bank', monthlyPayment: '220', outstandingAmount: '2400' }],
  },
  /** 100 € a month and 45 € of obligations: the rules refuse even the loan's minimum. */
  refused: {
    incomes: [{ source: 'SALARY', monthlyAmount: '100' }],
    noObligations: false,
    liabilities: [{ type: 'CONSUMER_LOAN', creditor: 'Example Bank', monthlyPayment: '45', outstandingAmount: '1000' }],
  },
} as const;

/** A loan of `productName` applied for by the examples' applicant, walked by the rules to its offer page. */
async function atLoanOffer(client: ApiClient, options: { productName?: string; finances?: keyof typeof FINANCES } = {}): Promise<TaskResponse> {
  const productName = options.productName ?? 'SMALL_LOAN';
  const conditions = { productName, loanAmount: 5000, loanPeriod: 36 };
  const created = await client.post<Data<TaskResponse>>('/api/v1/application-process', { application: { ...CREATE_REQUEST.application, creditConditions: conditions } });
  expect(created.status).toBe(201);
  const step = createApplicationStep(created.body.data.version);
  Object.assign((step.application.applicationUpdates as { creditConditions: Record<string, unknown> }).creditConditions, conditions);
  const sent = await client.post<Data<TaskResponse>>(stepPath(created.body.data.externalId), step);
  expect(sent.status).toBe(200);
  const finances = FINANCES[options.finances ?? 'comfortable'];
  const { task } = await walk(client, sent.body.data, {
    until: 'reviewApproved',
    values: { submitPersonalInfo: { productName }, submitBackgroundData: { hasCoApplicant: 'no' }, ...(finances ? { submitFinancialData: finances } : {}) },
  });
  expect(task).toMatchObject({ taskDefinitionKey: 'reviewApproved', application: { decision: { outcome: 'POSITIVE' } } });
  return task;
}

function answer(task: TaskResponse, customData: Record<string, unknown>) {
  return { taskDefinitionKey: task.taskDefinitionKey, version: task.version, application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData }, variables: {} };
}

async function send(client: ApiClient, task: TaskResponse, customData: Record<string, unknown>): Promise<TaskResponse> {
  const reply = await client.post<Data<TaskResponse> & ApiErrorBody>(stepPath(task.externalId), answer(task, customData));
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data;
}

const acceptLoan = (client: ApiClient, task: TaskResponse) => send(client, task, { offerAnswer: 'ACCEPT', offerAmount: 5000, offerPeriod: task.application.creditConditions.loanPeriod });

async function storedData(externalId: string): Promise<Record<string, unknown>> {
  const [row] = await t.database.db.query<{ data: Record<string, unknown> }>('select data from applications where external_id = $1', [externalId]);
  if (!row) throw new Error('no application');
  return row.data;
}

async function contractDetails(client: ApiClient, externalId: string) {
  const reply = await client.get<Data<unknown>>(`/api/v2/application/${externalId}/contract/default/unsigned/details`);
  expect(reply.status).toBe(200);
  return v.parse(ContractDetailsSchema, reply.body.data);
}

/** The Smart-ID signing of the next unsigned contract, confirmed by the person on the simulator's phone page (decision 167). */
async function signOnThePhone(app: TestApp, client: ApiClient, externalId: string): Promise<void> {
  const started = await client.post<Data<StartSigningResponse>>(`/api/v1/application/${externalId}/signing`, { method: 'SMART_ID' });
  expect(started.status).toBe(200);
  const code = started.body.data.verificationCode!;
  const index = await (await fetch(`${app.simulators.origin}/`)).text();
  const link = [...index.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a><\/li>/g)].find((match) => match[2]!.includes(`verification code ${code}`));
  if (!link) throw new Error(`the simulators list no request with code ${code}`);
  expect((await fetch(link[1]!.replace(/&#38;/g, '&'), { method: 'POST', body: new URLSearchParams({ endResult: 'OK' }) })).status).toBe(200);
  expect((await client.post<Data<SigningStatusResponse>>(`/api/v1/application/${externalId}/signing/status`)).body.data.status).toBe('SIGNED_CONTRACT');
}

describe('a loan whose product data names a card (decision 174)', () => {
  it('the engine decides the card with the loan: its base limit, shown apart from the loan’s offer', async () => {
    const client = live.client();
    const task = await atLoanOffer(client);
    const card = offerOf(CARD, CARD.baseAmount, 12);
    expect(task.application.decision).toMatchObject({
      offer: { productName: 'SMALL_LOAN', amount: 5000 },
      crossSellOffer: { ...card, variant: 'INITIAL', bounds: { minAmount: CARD.minAmount, maxAmount: CARD.baseAmount, minPeriod: 12, maxPeriod: 12 } },
    });
    const data = await storedData(task.externalId);
    // Apart from the loan's decision, which stays as the engine gave it.
    expect(data['decision']).not.toHaveProperty('crossSellOffer');
    expect(data['decision']).toMatchObject({ outcome: 'POSITIVE', offer: { productName: 'SMALL_LOAN', amount: 5000 } });
    expect(data['crossSellOffer']).toMatchObject({ productName: 'CREDIT_CARD_VISA_CLASSIC', outcome: 'POSITIVE', reasons: [], stage: 'INITIAL', offer: { amount: CARD.baseAmount } });
    expect(data['contractData']).toEqual({ showCreditCardOffer: true });
  });

  it('accepted with the loan and cross-sell signing on: both contracts, each signed on the Smart-ID phone page, then the contract-signed page', async () => {
    const client = liveWithCrossSellSigning.client();
    const loanOffer = await atLoanOffer(client);
    const cardPage = await acceptLoan(client, loanOffer);
    expect(cardPage).toMatchObject({ taskDefinitionKey: 'viewCreditCardOffer', previousTaskDefinitionKey: null, application: { decision: { crossSellOffer: { productName: 'CREDIT_CARD_VISA_CLASSIC' } } } });
    const loanAccepted = await storedData(cardPage.externalId);
    expect(loanAccepted).toMatchObject({ offer: { offeredProductName: 'SMALL_LOAN', amount: 5000 }, offerAnswer: { answer: 'ACCEPTED' } });
    expect(loanAccepted).not.toHaveProperty('creditCardOfferAccepted');

    const contract = await send(client, cardPage, { offerAnswer: 'ACCEPT' });
    expect(contract.taskDefinitionKey).toBe('viewContractAndChooseSigningMethod');
    const data = await storedData(contract.externalId);
    expect(data).toMatchObject({ creditCardOfferAccepted: true, crossSellOffer: { answer: { answer: 'ACCEPTED' } } });
    // The loan's offer and conditions are the loan's still.
    expect(data).toMatchObject({ offer: { offeredProductName: 'SMALL_LOAN', amount: 5000 }, creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000 } });

    const details = await contractDetails(client, contract.externalId);
    expect(details.contractsInfo.map(({ productName, amount }) => ({ productName, amount }))).toEqual([
      { productName: 'SMALL_LOAN', amount: 5000 },
      { productName: 'CREDIT_CARD_VISA_CLASSIC', amount: CARD.baseAmount },
    ]);
    const signing = await send(client, contract, { signingMethod: 'SMART_ID' });
    expect(signing.taskDefinitionKey).toBe('viewContractConditions');
    await signOnThePhone(liveWithCrossSellSigning, client, signing.externalId);
    expect((await contractDetails(client, signing.externalId)).contractsInfo.map((info) => info.signed)).toEqual([true, false]);
    await signOnThePhone(liveWithCrossSellSigning, client, signing.externalId);
    expect((await contractDetails(client, signing.externalId)).signed).toBe(true);
    expect((await send(client, signing, {})).taskDefinitionKey).toBe('viewContractSigned');
  });

  it('with cross-sell signing off, the card accepted: only the loan’s contract is signed online (decision 160)', async () => {
    const client = live.client();
    const cardPage = await acceptLoan(client, await atLoanOffer(client));
    const contract = await send(client, cardPage, { offerAnswer: 'ACCEPT' });
    expect((await storedData(contract.externalId))['creditCardOfferAccepted']).toBe(true);
    expect((await contractDetails(client, contract.externalId)).contractsInfo.map((info) => info.productName)).toEqual(['SMALL_LOAN']);
  });

  it('declined: only the card is declined; the loan goes on to its one contract, also with cross-sell signing on', async () => {
    const client = liveWithCrossSellSigning.client();
    const cardPage = await acceptLoan(client, await atLoanOffer(client));
    const contract = await send(client, cardPage, { offerAnswer: 'DECLINE' });
    expect(contract.taskDefinitionKey).toBe('viewContractAndChooseSigningMethod');
    const data = await storedData(contract.externalId);
    expect(data).toMatchObject({ creditCardOfferAccepted: false, crossSellOffer: { answer: { answer: 'DECLINED' } }, offerAnswer: { answer: 'ACCEPTED' }, offer: { offeredProductName: 'SMALL_LOAN' } });
    expect((await contractDetails(client, contract.externalId)).contractsInfo.map((info) => info.productName)).toEqual(['SMALL_LOAN']);
  });

  it('the loan’s offer declined: the thank-you page, no card asked', async () => {
    const client = live.client();
    const declined = await send(client, await atLoanOffer(client), { offerAnswer: 'DECLINE' });
    expect(declined.taskDefinitionKey).toBe('viewThankYouPage');
  });

  it('the card page offers its standard information; its answer is only accept or decline', async () => {
    const client = live.client();
    const cardPage = await acceptLoan(client, await atLoanOffer(client));
    const pdf = await client.get(`/api/v2/application/${cardPage.externalId}/offer/pre-contract-information`);
    expect(pdf.status).toBe(200);
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    const refused = await client.post<ApiErrorBody>(stepPath(cardPage.externalId), answer(cardPage, { offerAnswer: 'MAYBE' }));
    expect(refused.status).toBe(422);
  });

  it('not affordable beside the loan, even at the card’s minimum: no card is offered and the loan goes straight to its contract', async () => {
    const client = live.client();
    const task = await atLoanOffer(client, { finances: 'stretched' });
    expect(task.application.decision).not.toHaveProperty('crossSellOffer');
    const data = await storedData(task.externalId);
    expect(data['crossSellOffer']).toMatchObject({ outcome: 'NOT_OFFERED', reasons: ['DSTI_ABOVE_APPROVAL_LIMIT'], offer: null });
    expect(data['contractData']).toEqual({ showCreditCardOffer: false });
    expect((await acceptLoan(client, task)).taskDefinitionKey).toBe('viewContractAndChooseSigningMethod');
  });
});

describe('a loan whose product data names no card', () => {
  it('a renovation loan: no card decided, no card page', async () => {
    const client = live.client();
    const task = await atLoanOffer(client, { productName: 'RENOVATION_LOAN' });
    expect(task.application.decision).not.toHaveProperty('crossSellOffer');
    const data = await storedData(task.externalId);
    expect(data).not.toHaveProperty('crossSellOffer');
    expect(data).not.toHaveProperty('contractData');
    expect((await acceptLoan(client, task)).taskDefinitionKey).toBe('viewContractAndChooseSigningMethod');
  });

  it('a decision the sandbox forced against the rules (test mode) decides the loan alone', async () => {
    const client = t.client();
    await client.post('/api/sandbox/decision', { outcome: 'POSITIVE' });
    const task = await atLoanOffer(client, { finances: 'refused' });
    expect(task.application.decision).not.toHaveProperty('crossSellOffer');
    expect(await storedData(task.externalId)).not.toHaveProperty('crossSellOffer');
  });
});
