/**
 * Issue 25, item 2, the partner's web channels (docs/decisions/189-partner-web-channels.md): the
 * channel of a partner's link is proven by the partner's goods in the product data file, never
 * declared; the partner short application ends on its own page; the partner's landing page makes
 * `PARTNER_LANDING_PAGE` with the partner's terms; a partner's `canSignDigitally` decides whether
 * Smart-ID, Mobile-ID and eParaksts are offered and started; the return address stays a registered one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ContractDetails } from '../../core/wire/contract.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { partnerLinkChannel } from '../../server/applications/partner-link-channel';
import type { ApiClient } from './support/api-client';
import { continuePath, createApplicationStep, stepPath, walk } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

const create = (client: ApiClient, application: Record<string, unknown>) => client.post<Data<TaskResponse> & ApiErrorBody>('/api/v1/application-process', { application });
/** The first page's answers for a partner's goods (the product the link decided, the partner's price). */
function partnerCreateStep(version: number, loanAmount: number): { application: { applicationUpdates: Record<string, unknown> } } {
  const step = createApplicationStep(version, { loanAmount }) as unknown as { application: { applicationUpdates: Record<string, unknown> } };
  step.application.applicationUpdates['creditConditions'] = { productName: 'COMP_HIRE_PURCHASE', loanAmount, loanPeriod: 12 };
  return step;
}
const detailsPath = (externalId: string) => `/api/v2/application/${externalId}/contract/default/unsigned/details`;
const choose = (client: ApiClient, task: TaskResponse, signingMethod: string) =>
  client.post<Data<TaskResponse> & ApiErrorBody>(stepPath(task.externalId), {
    taskDefinitionKey: 'viewContractAndChooseSigningMethod',
    version: task.version,
    application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: { signingMethod } },
    variables: {},
  });

/** An application of a partner's link, already at the contract after a positive decision. */
async function partnerAtContract(client: ApiClient, partner: Record<string, unknown>): Promise<TaskResponse> {
  const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: 'viewContractAndChooseSigningMethod',
    previousTasks: ['checkAnswers'],
    decision: 'POSITIVE',
    partner,
    application: { personUpdates: [{ role: 'APPLICANT', declaredData: { firstName: 'Kadri', surname: 'Kask' } }] },
  });
  if (seeded.status !== 201) throw new Error(`seed answered ${seeded.status}: ${seeded.text}`);
  return seeded.body.data;
}

describe('partnerLinkChannel', () => {
  it('is the partner’s goods’ channel for a proven partner, the hosted flow when the goods say none, nothing without a partner', () => {
    expect(partnerLinkChannel({ partner: undefined, channel: 'PARTNER_SHORT' })).toBeUndefined();
    expect(partnerLinkChannel({ partner: { id: 'p' } })).toBe('PARTNER_HOSTED_FLOW');
    expect(partnerLinkChannel({ partner: { id: 'p' }, channel: 'PARTNER_SHORT' })).toBe('PARTNER_SHORT');
    expect(partnerLinkChannel({ partner: { id: 'p' }, channel: 'PARTNER_LANDING_PAGE' })).toBe('PARTNER_LANDING_PAGE');
  });
});

describe('the channel of a partner’s link: proven by the partner’s goods, never declared', () => {
  it('makes a partner short application of goods the data file registers for the short flow', async () => {
    const created = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN' }, partner: { regCode: '10000002', goodsName: 'phone', goodsPrice: 600 } });
    expect(created.status).toBe(201);
    expect(created.body.data.application.source).toMatchObject({ channel: 'PARTNER_SHORT', partner: { id: 'partner-elektroonika', regCode: '10000002' } });
    expect(created.body.data.application.creditConditions).toMatchObject({ productName: 'COMP_HIRE_PURCHASE', loanAmount: 600, interestRate: 0 });
  });

  it('makes a landing-page application of goods the partner sells through the bank’s landing page, with the partner’s terms', async () => {
    const created = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 9000, loanPeriod: 36 }, partner: { regCode: '10000001', goodsName: 'used-car' } });
    expect(created.status).toBe(201);
    expect(created.body.data.application.source).toMatchObject({ channel: 'PARTNER_LANDING_PAGE', partner: { id: 'partner-autoplaza' } });
    // The partner's own terms: 6.9% and at most 15,000 for a used car.
    expect(created.body.data.application.creditConditions).toMatchObject({ productName: 'CAR_HIRE_PURCHASE', loanAmount: 9000, loanPeriod: 36, interestRate: 6.9 });
    const above = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 20000, loanPeriod: 36 }, partner: { regCode: '10000001', goodsName: 'used-car' } });
    expect(above.body.data.application.creditConditions.loanAmount).toBe(15000);
  });

  it('keeps the shop’s hosted flow for its other goods and for a link without goods, whatever channel the client names', async () => {
    const hosted = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN' }, source: { channel: 'PARTNER_SHORT' }, partner: { regCode: '10000002', goodsName: 'laptop', goodsPrice: 899 } });
    expect(hosted.body.data.application.source?.channel).toBe('PARTNER_HOSTED_FLOW');
    const landing = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN' }, source: { channel: 'PARTNER_LANDING_PAGE' }, partner: { regCode: '10000001' } });
    expect(landing.body.data.application.source?.channel).toBe('PARTNER_HOSTED_FLOW');
  });

  it('never believes a short application without a registered partner: the declared channel is refused (decision 188)', async () => {
    const declared = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN' }, source: { channel: 'PARTNER_SHORT' } });
    expect(declared.status).toBe(422);
    const unknown = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN' }, source: { channel: 'PARTNER_SHORT' }, partner: { regCode: '99999999', goodsName: 'phone' } });
    expect(unknown.status).toBe(422);
  });

  it('takes the channel of a partner registered in the sandbox for its goods (test mode)', async () => {
    const client = t.client();
    const registered = await client.post('/api/sandbox/partners', {
      regCode: 'SHORT-1',
      returnAddresses: ['https://shop.short.example/back'],
      products: [{ goodsName: 'kettle', productName: 'COMP_HIRE_PURCHASE', channel: 'PARTNER_SHORT' }],
    });
    expect(registered.status).toBe(201);
    const created = await create(client, { creditConditions: { productName: 'SMALL_LOAN' }, partner: { regCode: 'SHORT-1', goodsName: 'kettle', goodsPrice: 80 } });
    expect(created.body.data.application.source?.channel).toBe('PARTNER_SHORT');
  });
});

describe('the partner short application through its channel', () => {
  it('goes from the partner’s link to its own thank-you page, without statements or decision pages', async () => {
    const client = t.client();
    const created = await create(client, { creditConditions: { productName: 'SMALL_LOAN' }, partner: { regCode: '10000002', goodsName: 'phone', goodsPrice: 600 } });
    const sent = await client.post<Data<TaskResponse>>(stepPath(created.body.data.externalId), partnerCreateStep(created.body.data.version, 600));
    expect(sent.status).toBe(200);
    const { task, answered } = await walk(client, sent.body.data, { channel: 'PARTNER_SHORT', values: { submitBackgroundData: { hasCoApplicant: 'no', loanPeriod: '12' } } });
    expect(task.taskDefinitionKey).toBe('viewShortApplicationSubmitted');
    expect(answered).toEqual([
      'submitPersonalInfo',
      'submitBackgroundData',
      'submitEmployerInfo',
      'submitAddress',
      'submitFinancialData',
      'submitBankDetailsAndIdentificationDocumentInfo',
      'checkAnswers',
    ]);
    expect(answered).not.toContain('provideBasViaOpenBanking');
    expect(task.application.decision).toBeNull();
    expect(task.application.source?.channel).toBe('PARTNER_SHORT');
  });
});

describe('a partner’s canSignDigitally', () => {
  it('offers only the partner’s store when the partner does not let its customers sign digitally, and refuses a digital choice', async () => {
    const client = t.client();
    // Elektroonikapood AS: canSignDigitally false in server/pricing/pricing-data.json.
    const task = await partnerAtContract(client, { regCode: '10000002', goodsName: 'laptop', goodsPrice: 900 });
    const details = await client.get<Data<ContractDetails>>(detailsPath(task.externalId));
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({ signingChoices: ['PARTNER_STORE'], digitalSigning: false });
    for (const method of ['SMART_ID', 'MOBILE_SIGNATURE']) {
      const refused = await choose(client, task, method);
      expect(refused.status, method).toBe(422);
      expect(refused.body.error.fieldErrors).toEqual({ 'customData.signingMethod': ['validation.messages.choiceInvalid'] });
    }
    const store = await choose(client, task, 'PARTNER_STORE');
    expect(store.status).toBe(200);
    expect(store.body.data.taskDefinitionKey).toBe('decisionPartnerStoreChosenForContractSigning');
  });

  it('refuses to start Smart-ID, Mobile-ID or eParaksts for such a partner’s application', async () => {
    const client = t.client();
    const task = await partnerAtContract(client, { regCode: '10000002', goodsName: 'laptop', goodsPrice: 900 });
    for (const method of ['SMART_ID', 'MOBILE_SIGNATURE'] as const) {
      const refused = await client.post<ApiErrorBody>(`/api/v1/application/${task.externalId}/signing`, { method });
      expect(refused.status, method).toBe(409);
      expect(refused.body.error.code).toBe('SIGNING_NOT_AVAILABLE');
    }
    const esign = await client.post<ApiErrorBody>(`/api/v1/application/${task.externalId}/signing/eparaksts/authenticate`, { languageCode: 'est', signingMethod: 'EPARAKSTS' });
    expect(esign.status).toBe(409);
    expect(esign.body.error.code).toBe('SIGNING_NOT_AVAILABLE');
    expect(await t.database.db.query('select id from signing_transactions where application_id = (select id from applications where external_id = $1)', [task.externalId])).toHaveLength(0);
  });

  it('offers digital signing beside the store for a partner that allows it, and starts it', async () => {
    const client = t.client();
    // Autoplaza OÜ: canSignDigitally true.
    const task = await partnerAtContract(client, { regCode: '10000001', goodsName: 'car', goodsPrice: 9000 });
    const details = await client.get<Data<ContractDetails>>(detailsPath(task.externalId));
    expect(details.body.data).toMatchObject({ signingChoices: ['SMART_ID', 'MOBILE_SIGNATURE', 'PARTNER_STORE'], digitalSigning: true });
    expect((await choose(client, task, 'SMART_ID')).status).toBe(200);
    expect((await client.post(`/api/v1/application/${task.externalId}/signing`, { method: 'SMART_ID' })).status).toBe(200);
  });

  it('follows a sandbox partner’s setting (test mode) and leaves the bank’s own applications alone', async () => {
    const client = t.client();
    expect((await client.post('/api/sandbox/partners', { regCode: 'NODIGITAL-1', canSignDigitally: false, returnAddresses: [] })).status).toBe(201);
    const partners = await partnerAtContract(client, { regCode: 'NODIGITAL-1' });
    expect((await client.get<Data<ContractDetails>>(detailsPath(partners.externalId))).body.data.signingChoices).toEqual(['PARTNER_STORE']);
    const own = await client.post<Data<TaskResponse>>('/api/sandbox/applications', { taskDefinitionKey: 'viewContractAndChooseSigningMethod', previousTasks: ['checkAnswers'], decision: 'POSITIVE' });
    expect((await client.get<Data<ContractDetails>>(detailsPath(own.body.data.externalId))).body.data).toMatchObject({ signingChoices: ['SMART_ID', 'MOBILE_SIGNATURE'], digitalSigning: true });
  });
});

describe('the return address of return to merchant', () => {
  it('is never replaced: not by an unregistered one, not by another registered one, not through a step', async () => {
    const client = t.client();
    const first = 'https://www.elektroonikapood.example/order/return?order=1';
    const created = await create(client, { creditConditions: { productName: 'SMALL_LOAN' }, partner: { regCode: '10000002', goodsName: 'laptop', goodsPrice: 899, processData: { webShopRedirectUri: first } } });
    const externalId = created.body.data.externalId;
    expect(created.body.data.application.processData?.webShopRedirectUri).toBe(first);
    for (const other of ['https://evil.example/order/return', 'https://www.elektroonikapood.example/order/return?order=2']) {
      const again = await client.post<Data<TaskResponse>>(continuePath(externalId), { webShopRedirectUri: other });
      expect(again.body.data.application.processData?.webShopRedirectUri).toBe(first);
    }
    const step = partnerCreateStep(created.body.data.version, 899);
    step.application.applicationUpdates['processData'] = { webShopRedirectUri: 'https://evil.example/' };
    await client.post(stepPath(externalId), step);
    const stored = await t.database.db.query<{ data: { processData?: { webShopRedirectUri?: string } } }>('select data from applications where external_id = $1', [externalId]);
    expect(stored[0]!.data.processData?.webShopRedirectUri).toBe(first);
  });
});
