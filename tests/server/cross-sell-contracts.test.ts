/**
 * Issue 12, cross-sell signing on the reference API (decision 160): a loan whose applicant accepted the
 * credit card offered alongside it gets two contracts when cross-sell signing is on (the loan's, then
 * the card's, each its own PDF), one otherwise; each is downloadable by the owner only; the step does
 * not go on until both are signed (date, method and file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { TaskResponse } from '../../core/wire/application.schema';
import { ContractDetailsSchema } from '../../core/wire/contract.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { SigningStatusResponse } from '../../core/wire/signing.schema';
import type { ApiClient } from './support/api-client';
import { MARI, stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };
type StoredInfo = { productName: string; signing: { dateTime: string | null; method: string | null; fileServiceId: string | null } };

let t: TestApp;
let flagged: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  flagged = t.withEnv({ FEATURE_FLAGS: 'crossSellSigning' });
});
afterAll(() => t.database.dispose());

async function atSigning(client: ApiClient, cardAccepted: boolean): Promise<TaskResponse> {
  const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: 'viewContractAndChooseSigningMethod',
    previousTasks: ['checkAnswers'],
    decision: 'POSITIVE',
    application: {
      applicationUpdates: { creditConditions: { loanAmount: 5000, loanPeriod: 36, monthlyPaymentDay: 20 }, ...(cardAccepted ? { creditCardOfferAccepted: true } : {}) },
      // Smart-ID asks for the applicant by their personal code (decision 167).
      personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { bankAccountNumber: 'EE382200221020145685' } }],
    },
  });
  if (seeded.status !== 201) throw new Error(`seed answered ${seeded.status}: ${seeded.text}`);
  const task = seeded.body.data;
  const chosen = await client.post<Data<TaskResponse>>(stepPath(task.externalId), {
    taskDefinitionKey: 'viewContractAndChooseSigningMethod',
    version: task.version,
    application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: { signingMethod: 'SMART_ID' } },
    variables: {},
  });
  expect(chosen.status).toBe(200);
  expect(chosen.body.data.taskDefinitionKey).toBe('viewContractConditions');
  return chosen.body.data;
}

async function storedContracts(externalId: string): Promise<StoredInfo[]> {
  const rows = await t.database.db.query<{ data: { contractsInfo?: StoredInfo[] } }>('select data from applications where external_id = $1', [externalId]);
  return rows[0]!.data.contractsInfo ?? [];
}

const complete = (client: ApiClient, task: TaskResponse) =>
  client.post<Data<TaskResponse> & ApiErrorBody>(stepPath(task.externalId), {
    taskDefinitionKey: 'viewContractConditions',
    version: task.version,
    application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
    variables: {},
  });

async function signWithSmartId(client: ApiClient, externalId: string): Promise<string> {
  expect((await client.post('/api/sandbox/signing/smart-id', { result: 'SIGNED_CONTRACT', runningPolls: 0 })).status).toBe(200);
  const started = await client.post(`/api/v1/application/${externalId}/signing`, { method: 'SMART_ID' });
  expect(started.status).toBe(200);
  return (await client.post<Data<SigningStatusResponse>>(`/api/v1/application/${externalId}/signing/status`)).body.data.status;
}

describe('cross-sell contracts', () => {
  it('with the card accepted and the flag on: the loan’s contract, then the card’s, each its own PDF', async () => {
    const client = flagged.client();
    const task = await atSigning(client, true);
    const contracts = await storedContracts(task.externalId);
    expect(contracts.map((contract) => contract.productName)).toEqual(['SMALL_LOAN', 'CREDIT_CARD_VISA_CLASSIC']);
    expect(contracts.every((contract) => contract.signing.dateTime === null && contract.signing.method === null)).toBe(true);
    const [loanId, cardId] = contracts.map((contract) => contract.signing.fileServiceId!);
    expect(loanId).not.toBe(cardId);
    const card = await client.get(`/api/v2/application/${task.externalId}/download-contract/${cardId}`);
    expect(card.status).toBe(200);
    expect(card.text.startsWith('%PDF-')).toBe(true);
    const productOf = async (id: string) => (await t.database.db.query<{ product_name: string }>('select product_name from contract_files where id = $1', [id]))[0]?.product_name;
    expect(await productOf(cardId!)).toBe('CREDIT_CARD_VISA_CLASSIC');
    expect(await productOf(loanId!)).toBe('SMALL_LOAN');
    expect((await client.get(`/api/v2/application/${task.externalId}/download-contract/${loanId}`)).status).toBe(200);
    // Another session gets the 404 of a missing file for either.
    const stranger = flagged.client();
    expect((await stranger.get(`/api/v2/application/${task.externalId}/download-contract/${cardId}`)).status).toBe(404);
    expect((await stranger.get(`/api/v2/application/${task.externalId}/download-contract/${loanId}`)).status).toBe(404);
  });

  it('with the flag off, or the card not accepted, only the loan’s contract is drawn up', async () => {
    const off = await atSigning(t.client(), true);
    expect((await storedContracts(off.externalId)).map((contract) => contract.productName)).toEqual(['SMALL_LOAN']);
    const notAccepted = await atSigning(flagged.client(), false);
    expect((await storedContracts(notAccepted.externalId)).map((contract) => contract.productName)).toEqual(['SMALL_LOAN']);
  });

  it('the contract details list both contracts (product, amount, card issuing fee, file, signed) and the payout account', async () => {
    const client = flagged.client();
    const task = await atSigning(client, true);
    const details = async () => {
      const answer = await client.get<Data<unknown>>(`/api/v2/application/${task.externalId}/contract/default/unsigned/details`);
      expect(answer.status).toBe(200);
      return v.parse(ContractDetailsSchema, answer.body.data);
    };
    const before = await details();
    const stored = await storedContracts(task.externalId);
    expect(before.contractsInfo.map(({ productName, fileServiceId, signed }) => ({ productName, fileServiceId, signed }))).toEqual([
      { productName: 'SMALL_LOAN', fileServiceId: stored[0]!.signing.fileServiceId, signed: false },
      { productName: 'CREDIT_CARD_VISA_CLASSIC', fileServiceId: stored[1]!.signing.fileServiceId, signed: false },
    ]);
    const [loan, card] = before.contractsInfo;
    expect(loan!.amount).toBe(before.figures.amount);
    expect(loan!.cardIssuingFee).toBeNull();
    expect(card!.amount).toBeGreaterThan(0);
    expect(typeof card!.cardIssuingFee).toBe('number');
    expect(before.payoutAccount).toBe('EE382200221020145685');
    expect(before.signed).toBe(false);
    expect(await signWithSmartId(client, task.externalId)).toBe('SIGNED_CONTRACT');
    const after = await details();
    expect(after.contractsInfo.map((info) => info.signed)).toEqual([true, false]);
    // One of two signed is not "signed": the step's machine waits for every contract.
    expect(after.signed).toBe(false);
    expect(await signWithSmartId(client, task.externalId)).toBe('SIGNED_CONTRACT');
    expect((await details()).signed).toBe(true);
    // Another session learns nothing of them.
    expect((await flagged.client().get(`/api/v2/application/${task.externalId}/contract/default/unsigned/details`)).status).toBe(404);
  });

  it('a payment signs one contract: with two it is refused, with one it starts (decision 162)', async () => {
    const payments = t.withEnv({ FEATURE_FLAGS: 'crossSellSigning,paymentSigning' });
    const start = (client: ApiClient, externalId: string) =>
      client.post<ApiErrorBody>(`/api/v1/application/${externalId}/signing`, { method: 'PAYMENT', selectedBankBic: 'HABALV22' });
    const twoClient = payments.client();
    const two = await atSigning(twoClient, true);
    const refused = await start(twoClient, two.externalId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SIGNING_NOT_AVAILABLE');
    const oneClient = payments.client();
    const one = await atSigning(oneClient, false);
    expect((await start(oneClient, one.externalId)).status).toBe(200);
  });

  it('the step does not go on until both contracts are signed, one Smart-ID signing each', async () => {
    const client = flagged.client();
    const task = await atSigning(client, true);
    expect((await complete(client, task)).status).toBe(409);
    expect(await signWithSmartId(client, task.externalId)).toBe('SIGNED_CONTRACT');
    const afterFirst = await storedContracts(task.externalId);
    expect(afterFirst[0]!.signing.method).toBe('SMART_ID');
    expect(afterFirst[1]!.signing.method).toBeNull();
    const early = await complete(client, task);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('STEP_OUT_OF_ORDER');
    expect(await signWithSmartId(client, task.externalId)).toBe('SIGNED_CONTRACT');
    const both = await storedContracts(task.externalId);
    expect(both.every((contract) => contract.signing.method === 'SMART_ID' && typeof contract.signing.dateTime === 'string')).toBe(true);
    const done = await complete(client, task);
    expect(done.status).toBe(200);
    expect(done.body.data.taskDefinitionKey).toBe('viewContractSigned');
  });
});
