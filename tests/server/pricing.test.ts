/**
 * Issue 10 on the real app with PGlite: the product data seeded at start-up and its calls, the
 * partner calls, the calculation, and the entrances that create applications (upsale, current
 * account, partner links).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { LoanCalculation } from '../../core/wire/pricing.schema';
import type { ProductData } from '../../core/domain/product-data';
import { productTableOf } from '../support/product-data';
import type { ApiClient } from './support/api-client';
import { MARI, continuePath, stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };

const create = (client: ApiClient, application: Record<string, unknown>) => client.post<Data<TaskResponse> & ApiErrorBody>('/api/v1/application-process', { application });

describe('POST /api/v2/pricing-conditions (section 7)', () => {
  it('answers each product of the domain with the data the bank seeded', async () => {
    const client = t.client();
    const table = productTableOf('retail-banking-ee');
    for (const productName of ['SMALL_LOAN', 'CAR_LOAN', 'HOUSING_LOAN', 'CREDIT_CARD_VISA_CLASSIC', 'CURRENT_ACCOUNT', 'COMP_HIRE_PURCHASE'] as const) {
      const reply = await client.post<Data<ProductData>>('/api/v2/pricing-conditions', { productName });
      expect(reply.status, productName).toBe(200);
      expect(reply.body.data).toEqual(table[productName]);
    }
  });

  it('answers a product the domain does not offer, or no product, as not found', async () => {
    const client = t.client();
    expect((await client.post('/api/v2/pricing-conditions', { productName: 'OPERATING_LOAN' })).status).toBe(404);
    expect((await client.post('/api/v2/pricing-conditions', { productName: 'NO_SUCH_LOAN' })).status).toBe(404);
    const lithuania = t.withEnv({ BUSINESS_DOMAIN: 'retail-banking-lt' });
    expect((await lithuania.client().post('/api/v2/pricing-conditions', { productName: 'CURRENT_ACCOUNT' })).status).toBe(404);
    expect((await client.post('/api/v2/pricing-conditions', {})).status).toBe(422);
  });

  it('answers corporate banking’s products with the defaults of section 9', async () => {
    const corporate = t.withEnv({ BUSINESS_DOMAIN: 'corporate-banking', COUNTRY_CODE: 'LT' });
    const reply = await corporate.client().post<Data<ProductData>>('/api/v2/pricing-conditions', { productName: 'SMALL_LOAN_BUSINESS' });
    expect(reply.body.data).toMatchObject({
      minAmount: 1000,
      baseAmount: 250000,
      maxAmount: 10000000,
      minPeriod: 1,
      basePeriod: 60,
      maxPeriod: 360,
      maintenanceFee: 1.5,
      interestRate: 15.9,
      contractConclusionFee: 0,
    });
    // Also where Estonia is configured: the company's country (chosen on businessData) decides, and a
    // bank's staff may apply for a Lithuanian company there; the step refuses it for an Estonian one.
    const estonia = t.withEnv({ BUSINESS_DOMAIN: 'corporate-banking', COUNTRY_CODE: 'EE' });
    expect((await estonia.client().post('/api/v2/pricing-conditions', { productName: 'SMALL_LOAN_BUSINESS' })).status).toBe(200);
    expect((await estonia.client().post('/api/v2/pricing-conditions', { productName: 'SMALL_LOAN' })).status).toBe(404);
  });
});

describe('partner calls (section 7, on the /api/ base)', () => {
  it('answers a partner’s goods with the partner’s terms over the bank’s product', async () => {
    const reply = await t.client().post<Data<{ partner: { id: string; name: string }; goodsName: string; product: ProductData }>>('/api/partner-api/product-data', {
      regCode: '10000002',
      goodsName: 'laptop',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.partner).toEqual({ id: 'partner-elektroonika', name: 'Elektroonikapood AS' });
    expect(reply.body.data.product).toMatchObject({
      productName: 'COMP_HIRE_PURCHASE',
      minAmount: 150,
      maxAmount: 3000,
      maxPeriod: 24,
      basePeriod: 12,
      interestRate: 0,
      contractConclusionFee: 9.9,
      contractConclusionFeeRate: null,
      maintenanceFee: 1.5,
    });
  });

  it('knows no goods a partner does not sell, nor an unknown partner', async () => {
    const client = t.client();
    expect((await client.post('/api/partner-api/product-data', { regCode: '10000002', goodsName: 'sofa' })).status).toBe(404);
    expect((await client.post('/api/partner-api/product-data', { regCode: '99999999', goodsName: 'laptop' })).status).toBe(404);
  });

  it('says whether a partner can sign digitally', async () => {
    const client = t.client();
    expect((await client.post<Data<{ canSignDigitally: boolean }>>('/api/partner/parameters', { id: 'partner-autoplaza' })).body.data).toEqual({ canSignDigitally: true });
    expect((await client.post<Data<{ canSignDigitally: boolean }>>('/api/partner/parameters', { id: 'partner-elektroonika' })).body.data).toEqual({ canSignDigitally: false });
    expect((await client.post('/api/partner/parameters', { id: 'nobody' })).status).toBe(404);
  });

  it('a partner registered in the sandbox is seen by its own session only', async () => {
    const mine = t.client();
    const registered = await mine.post<Data<{ id: string }>>('/api/sandbox/partners', {
      regCode: 'TEST-1',
      returnAddresses: ['https://shop.test.example/back'],
      products: [{ goodsName: 'bike', productName: 'REG_HIRE_PURCHASE', overrides: { maxAmount: 2500 } }],
    });
    expect(registered.status).toBe(201);
    expect((await mine.post<Data<{ product: ProductData }>>('/api/partner-api/product-data', { regCode: 'TEST-1', goodsName: 'bike' })).body.data.product.maxAmount).toBe(2500);
    expect((await mine.post<Data<{ canSignDigitally: boolean }>>('/api/partner/parameters', { id: registered.body.data.id })).status).toBe(200);
    expect((await t.client().post('/api/partner-api/product-data', { regCode: 'TEST-1', goodsName: 'bike' })).status).toBe(404);
  });
});

describe('POST /api/v1/loan/calculate (section 7)', () => {
  const calculate = (body: Record<string, unknown>) => t.client().post<Data<LoanCalculation[]> & ApiErrorBody>('/api/v1/loan/calculate', body);
  const base = { currency: 'EUR', productType: 'CONSUMER_LOAN', maturity: 36, administrationFee: 3, amount: 3000, interestRate: 15.9 };

  it('answers every figure, the contract fee by its rate clamped to its bounds (section 9), the APR with all fees', async () => {
    // 2.5 % of 3000 is 75, within [35, 200]: the reference case of tests/domain/pricing.test.ts.
    const reply = await calculate({ ...base, conclusionFeeRate: 2.5, minConclusionFee: 35, maxConclusionFee: 200 });
    expect(reply.status).toBe(200);
    expect(reply.body.data[0]).toEqual({
      monthlyPayment: 108.32,
      totalRepaymentAmount: 3899.67,
      totalAmountTransferredToAccount: 2925,
      contractConclusionFee: 75,
      monthlyFee: 3,
      totalCostOfCredit: 974.67,
      annualPercentageRate: 21.63,
    });
  });

  it.each([
    ['at the minimum', 1, 35, 200, 35],
    ['below the minimum', 0.5, 35, 200, 35],
    ['at the maximum', 200 / 30, 35, 200, 200],
    ['beyond the maximum', 10, 35, 200, 200],
  ])('clamps the fee %s', async (_, rate, min, max, expected) => {
    const reply = await calculate({ ...base, conclusionFeeRate: rate, minConclusionFee: min, maxConclusionFee: max });
    expect(reply.body.data[0]?.contractConclusionFee).toBe(expected);
  });

  it('takes the fixed fee without a rate, and none without either', async () => {
    expect((await calculate({ ...base, conclusionFee: 49 })).body.data[0]?.contractConclusionFee).toBe(49);
    expect((await calculate(base)).body.data[0]?.contractConclusionFee).toBe(0);
  });

  it('prices hire purchase on the loan sum, dated from its effective date to the payment day', async () => {
    const reply = await calculate({
      currency: 'EUR',
      productType: 'HIRE_PURCHASE',
      maturity: 24,
      administrationFee: 1.5,
      conclusionFee: 19,
      conclusionFeeFromAmount: false,
      amount: 1500,
      interestFromLoanSum: 9.9,
      effectiveDate: '2026-01-20',
      monthlyPaymentDay: 15,
    });
    expect(reply.body.data[0]).toMatchObject({ monthlyPayment: 76.38, totalRepaymentAmount: 1852.12, totalAmountTransferredToAccount: 1500, annualPercentageRate: 24.04 });
  });

  it('dates hire purchase from today when no effective date is given, with payment day 15', async () => {
    const reply = await calculate({ currency: 'EUR', productType: 'HIRE_PURCHASE', maturity: 12, administrationFee: 0, amount: 1200, interestFromLoanSum: 0 });
    expect(reply.body.data[0]).toMatchObject({ monthlyPayment: 100, annualPercentageRate: 0 });
  });

  it('refuses hire purchase without its interest on the loan sum, and a loan without its rate', async () => {
    expect((await calculate({ currency: 'EUR', productType: 'HIRE_PURCHASE', maturity: 12, administrationFee: 0, amount: 1200, interestRate: 5 })).status).toBe(422);
    expect((await calculate({ currency: 'EUR', productType: 'CONSUMER_LOAN', maturity: 12, administrationFee: 0, amount: 1200 })).status).toBe(422);
    expect((await calculate({ ...base, effectiveDate: '2026-02-30' })).status).toBe(422);
  });
});

describe('application creation prices every offer itself (section 3)', () => {
  it('takes the product data’s rate, never one from the link, and keeps a purpose the product is lent for', async () => {
    const reply = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN', interestRate: 1, loanPurpose: 'TRAVELING' }, campaignCode: ' spring24 ' });
    expect(reply.body.data.application.creditConditions).toMatchObject({ interestRate: 13.9, loanPurpose: 'TRAVELING', loanAmount: 3000, loanPeriod: 36 });
    expect(reply.body.data.application.campaignCode).toBe('SPRING24');
  });

  it('leaves out a purpose the product is not lent for, and a campaign code that breaks its rules', async () => {
    const reply = await create(t.client(), { creditConditions: { productName: 'CAR_LOAN', loanPurpose: 'WEDDING' }, campaignCode: 'no spaces!' });
    expect(reply.body.data.application.creditConditions.loanPurpose).toBeNull();
    expect(reply.body.data.application.campaignCode).toBeNull();
  });

  it('gives a card a limit and no period', async () => {
    const reply = await create(t.client(), { creditConditions: { productName: 'CREDIT_CARD_VISA_GOLD' } });
    expect(reply.body.data.application.creditConditions).toMatchObject({ loanAmount: 3000, loanPeriod: null, interestRate: 16.9 });
  });
});

describe('partner parameters of a link (section 3)', () => {
  const ALL = {
    processData: { webShopRedirectUri: 'https://shop.autoplaza.example/checkout/solis-return?order=77', webShopApplicationReferenceId: 'ORDER-77' },
    regCode: '10000001',
    goodsName: 'car',
    goodsPrice: 18500,
    seller: { businessName: 'Autoplaza', legalName: 'Autoplaza OÜ', regCode: '10000001', phoneNumber: '+37255555555' },
  };

  it('stores every parameter under the name the spec gives it, with the partner’s product and the price as the amount', async () => {
    const reply = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN' }, partner: ALL });
    expect(reply.status).toBe(201);
    const application = reply.body.data.application;
    expect(application).toMatchObject({
      processData: ALL.processData,
      goodsName: 'car',
      goodsPrice: 18500,
      seller: ALL.seller,
      source: { channel: 'PARTNER_HOSTED_FLOW', partner: { id: 'partner-autoplaza', regCode: '10000001', redirectUrl: ALL.processData.webShopRedirectUri } },
      creditConditions: { productName: 'CAR_HIRE_PURCHASE', loanAmount: 18500, interestRate: 5.9 },
    });
  });

  it('includes only the parameters present', async () => {
    const reply = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN' }, partner: { regCode: '10000001', seller: { businessName: 'Autoplaza' } } });
    const application = reply.body.data.application;
    expect(application.seller).toEqual({ businessName: 'Autoplaza' });
    expect(application.processData).toBeNull();
    expect(application.goodsPrice).toBeNull();
  });

  it.each([
    ['another host', 'https://evil.example/checkout/solis-return'],
    ['another path', 'https://shop.autoplaza.example/elsewhere'],
    ['another scheme', 'http://shop.autoplaza.example/checkout/solis-return'],
    ['credentials', 'https://user:pw@shop.autoplaza.example/checkout/solis-return'],
    ['not a URL', 'javascript:alert(1)'],
  ])('refuses a redirect URI on %s: no application is made', async (_, uri) => {
    const client = t.client();
    const reply = await create(client, { creditConditions: { productName: 'SMALL_LOAN' }, partner: { regCode: '10000001', processData: { webShopRedirectUri: uri } } });
    expect(reply.status).toBe(422);
    expect(reply.body.error.fieldErrors).toEqual({ 'application.partner.processData.webShopRedirectUri': ['validation.messages.redirectUriNotRegistered'] });
    expect((await client.get<Data<{ externalId: string | null }>>('/api/v1/application/previous-external-id')).body.data.externalId).toBeNull();
  });

  it('believes no declared channel: a partner channel without a registered partner, or a broker’s, is refused (decision 188)', async () => {
    const claimed = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN' }, source: { channel: 'PARTNER_HOSTED_FLOW' } });
    expect(claimed.status).toBe(422);
    expect(claimed.body.error.fieldErrors).toEqual({ 'application.source.channel': ['validation.messages.choiceInvalid'] });
    const broker = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN' }, source: { channel: 'BROKER_API' } });
    expect(broker.status).toBe(422);
    const web = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN' }, source: { channel: 'WEB' } });
    expect(web.body.data.application.source).toMatchObject({ channel: 'WEB', applicationOrigin: 'WEB' });
  });

  it('refuses an unknown partner, and a redirect URI without a partner', async () => {
    const unknown = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN' }, partner: { regCode: '99999999' } });
    expect(unknown.body.error.fieldErrors).toEqual({ 'application.partner.regCode': ['validation.messages.partnerUnknown'] });
    const orphan = await create(t.client(), { creditConditions: { productName: 'SMALL_LOAN' }, partner: { processData: { webShopRedirectUri: 'https://shop.autoplaza.example/checkout/solis-return' } } });
    expect(orphan.status).toBe(422);
  });

  it('stores the redirect URL on continue when none is stored yet, and only a registered one (section 4)', async () => {
    const client = t.client();
    const created = await create(client, { creditConditions: { productName: 'SMALL_LOAN' }, partner: { regCode: '10000001' } });
    const externalId = created.body.data.externalId;
    const foreign = await client.post<Data<TaskResponse>>(continuePath(externalId), { webShopRedirectUri: 'https://evil.example/' });
    expect(foreign.status).toBe(200);
    expect(foreign.body.data.application.processData).toBeNull();
    const registered = 'https://shop.autoplaza.example/checkout/solis-return?order=1';
    const stored = await client.post<Data<TaskResponse>>(continuePath(externalId), { webShopRedirectUri: registered });
    expect(stored.body.data.application.processData?.webShopRedirectUri).toBe(registered);
    expect(stored.body.data.version).toBe(2);
    const again = await client.post<Data<TaskResponse>>(continuePath(externalId), { webShopRedirectUri: 'https://shop.autoplaza.example/checkout/solis-return?order=2' });
    expect(again.body.data.application.processData?.webShopRedirectUri).toBe(registered);
  });

  it('checks a partner application’s step against the partner’s terms', async () => {
    const client = t.client();
    const created = await create(client, { creditConditions: { productName: 'SMALL_LOAN' }, partner: { regCode: '10000002', goodsName: 'laptop', goodsPrice: 899 } });
    expect(created.body.data.application.creditConditions).toMatchObject({ productName: 'COMP_HIRE_PURCHASE', loanAmount: 899, interestRate: 0 });
    const submit = (loanAmount: number) =>
      client.post<ApiErrorBody>(stepPath(created.body.data.externalId), {
        taskDefinitionKey: 'createApplicationStep',
        version: 1,
        application: {
          applicationUpdates: { creditConditions: { productName: 'COMP_HIRE_PURCHASE', loanAmount, loanPeriod: 12 } },
          personUpdates: [{ role: 'APPLICANT', languageCode: 'est', personalCode: MARI.personalCode, declaredData: { firstName: 'Mari', surname: 'Maasikas', email: MARI.email, phoneNumber: MARI.phoneNumber }, consents: { dataProcessing: true, marketing: false } }],
          addRelations: [],
          customData: {},
        },
        variables: {},
      });
    // The bank's own maximum is 5000; the partner's is 3000.
    const refused = await submit(4000);
    expect(refused.status).toBe(422);
    expect(refused.body.error.fieldErrors).toEqual({ 'applicationUpdates.creditConditions.loanAmount': ['validation.messages.amountOutOfRange?minEur=150&maxEur=3000'] });
    expect((await submit(899)).status).toBe(200);
  });
});

describe('upsale (section 4: /start and product selection)', () => {
  it('answers the loyalty segment: product selection for a customer the bank knows nothing about, the sandbox’s in test mode', async () => {
    const client = t.client();
    expect((await client.get<Data<{ segment: string | null }>>('/api/v1/application-process/upsale/loyalty-segment')).body.data).toEqual({ segment: 'LOYALTY_SEGMENT_TWO' });
    await client.post('/api/sandbox/loyalty-segment', { segment: 'LOYALTY_SEGMENT_ONE' });
    expect((await client.get<Data<{ segment: string | null }>>('/api/v1/application-process/upsale/loyalty-segment')).body.data).toEqual({ segment: 'LOYALTY_SEGMENT_ONE' });
    expect((await t.client().get<Data<{ segment: string | null }>>('/api/v1/application-process/upsale/loyalty-segment')).body.data.segment).toBe('LOYALTY_SEGMENT_TWO');
  });

  it('makes an upsale application with the chosen product, amount, period and purpose', async () => {
    const reply = await t.client().post<Data<TaskResponse>>('/api/v1/application-process/upsale', {
      application: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 4200, loanPeriod: 48, loanPurpose: 'WEDDING' }, languageCode: 'est' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ taskDefinitionKey: 'createApplicationStep', application: { changeType: 'UPSALE', creditConditions: { productName: 'SMALL_LOAN', loanAmount: 4200, loanPeriod: 48, loanPurpose: 'WEDDING' } } });
  });

  it('without a product starts with the product choice, which the applicant may return to', async () => {
    const client = t.client();
    const reply = await client.post<Data<TaskResponse>>('/api/v1/application-process/upsale', { application: { creditConditions: {} } });
    expect(reply.body.data.taskDefinitionKey).toBe('chooseProduct');
    const chosen = await client.post<Data<TaskResponse>>(stepPath(reply.body.data.externalId), {
      taskDefinitionKey: 'chooseProduct',
      version: 1,
      application: {
        applicationUpdates: { creditConditions: { productName: 'CAR_LOAN', loanAmount: 20000, loanPeriod: 72, loanPurpose: 'PURCHASING_MOTOR_VEHICLES' } },
        personUpdates: [],
        addRelations: [],
        customData: {},
      },
      variables: {},
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toMatchObject({
      taskDefinitionKey: 'createApplicationStep',
      previousTaskDefinitionKey: 'chooseProduct',
      application: { creditConditions: { productName: 'CAR_LOAN', loanAmount: 20000, loanPeriod: 72, loanPurpose: 'PURCHASING_MOTOR_VEHICLES', interestRate: 8.9 } },
    });
  });

  it('checks a product choice against the product data: bounds and purposes', async () => {
    const client = t.client();
    const reply = await client.post<Data<TaskResponse>>('/api/v1/application-process/upsale', { application: { creditConditions: {} } });
    const refused = await client.post<ApiErrorBody>(stepPath(reply.body.data.externalId), {
      taskDefinitionKey: 'chooseProduct',
      version: 1,
      application: {
        applicationUpdates: { creditConditions: { productName: 'CAR_LOAN', loanAmount: 60000, loanPeriod: 72, loanPurpose: 'WEDDING' } },
        personUpdates: [],
        addRelations: [],
        customData: {},
      },
      variables: {},
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fieldErrors).toEqual({
      'applicationUpdates.creditConditions.loanPurpose': ['validation.messages.loanPurposeNotOffered'],
      'applicationUpdates.creditConditions.loanAmount': ['validation.messages.amountOutOfRange?minEur=3000&maxEur=50000'],
    });
  });

  it('makes a business customer’s application at its business-data step, with the default operating loan (issue 24)', async () => {
    const corporate = t.withEnv({ BUSINESS_DOMAIN: 'corporate-banking' });
    const reply = await corporate.client().post<{ data: TaskResponse }>('/api/v1/application-process/upsale', { application: { creditConditions: {} } });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ taskDefinitionKey: 'businessData', application: { creditConditions: { productName: 'OPERATING_LOAN' } } });
  });
});

describe('POST /api/current-account (section 7)', () => {
  it('makes a current-account application with the campaign code, channel and tracking, answered by its externalId', async () => {
    const client = t.client();
    const reply = await client.post<Data<{ externalId: string }>>('/api/current-account', { campaignCode: 'konto2026', channel: 'WEB', metaData: { tracking: { source: 'news' } } });
    expect(reply.status).toBe(201);
    const task = await client.post<Data<TaskResponse>>(continuePath(reply.body.data.externalId));
    expect(task.body.data).toMatchObject({
      taskDefinitionKey: 'createApplicationStep',
      application: { campaignCode: 'KONTO2026', creditConditions: { productName: 'CURRENT_ACCOUNT', loanAmount: null, loanPeriod: null }, source: { channel: 'WEB' } },
    });
  });

  it('is not offered where the domain has no current account', async () => {
    const lithuania = t.withEnv({ BUSINESS_DOMAIN: 'retail-banking-lt' });
    expect((await lithuania.client().post('/api/current-account', { channel: 'WEB' })).status).toBe(404);
    expect((await t.client().post('/api/current-account', {})).status).toBe(422);
  });
});
