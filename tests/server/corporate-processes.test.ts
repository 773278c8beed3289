/**
 * Issue 24 on the reference API (docs/decisions/184-corporate-processes.md): every corporate product,
 * in each country that offers it (section 1: no small business loan in Estonia), from its creation to a
 * contract signed by the company's representative: businessData, the leasing's steps for a leasing,
 * the corporate financial data, the check of the answers, the corporate rules' decision, the offer
 * (a leasing's with its residual as the last payment), the company's contract and its signing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountryCode } from '../../core/domain/business-domains';
import { productsOf, productTypeOf } from '../../core/domain/products';
import type { ApprovedOffer } from '../../core/domain/offers';
import type { TaskResponse } from '../../core/wire/application.schema';
import { startTestApp, type TestApp } from './support/test-app';
import { listPersons } from '../../server/applications/person-repository';
import { COMPANIES, REPRESENTATIVES, acceptAndSign, applyAsCompany, businessData, createCorporate, send } from './support/corporate';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { MESSAGES } from '../../core/validation/messages';

let base: TestApp;
beforeAll(async () => {
  base = await startTestApp();
});
afterAll(() => base.database.dispose());

const COUNTRIES: readonly CountryCode[] = ['EE', 'LV', 'LT'];
// Green leasing is behind its flag (section 5): on, so all ten products are offered.
const corporate = (country: CountryCode) => base.withEnv({ BUSINESS_DOMAIN: 'corporate-banking', COUNTRY_CODE: country, ALLOWED_LANGUAGES: undefined, FEATURE_FLAGS: 'greenLeasing' });

async function storedData(t: TestApp, externalId: string): Promise<Record<string, unknown>> {
  const [row] = await t.database.db.query<{ data: Record<string, unknown> }>('select data from applications where external_id = $1', [externalId]);
  if (!row) throw new Error('no application');
  return row.data;
}

const RUNS = COUNTRIES.flatMap((country) => productsOf('corporate-banking', country).map((product) => [product.productName, country] as const));

describe('a company applies online (issue 24)', () => {
  it('offers every corporate product in the countries section 1 names', () => {
    expect(RUNS).toHaveLength(29);
    expect(RUNS.filter(([product]) => product === 'SMALL_LOAN_BUSINESS').map(([, country]) => country)).toEqual(['LV', 'LT']);
  });

  it.each(RUNS)('%s in %s: created at businessData, decided, offered, signed by the representative', async (productName, country) => {
    const t = corporate(country);
    const client = t.client();
    const leasing = productTypeOf(productName) === 'LEASING';
    const { shown, task: offered } = await applyAsCompany(t, client, productName, country);
    expect(shown).toEqual([
      'businessData',
      ...(leasing ? ['submitLeasingData'] : []),
      'submitFinancialData',
      ...(leasing ? ['uploadLeasingDocuments'] : []),
      'checkAnswers',
      'reviewApproved',
    ]);
    expect(offered.application.decision?.outcome).toBe('POSITIVE');
    const offer = offered.application.decision?.offer as ApprovedOffer;
    // Corporate pricing (section 9): 15.9 % a year, a maintenance fee of 1.5 € a month, no other fees.
    expect(offer).toMatchObject({ productName, interestRate: 15.9, monthlyFee: 1.5, contractConclusionFee: 0, variant: 'INITIAL' });
    if (leasing) {
      const vat = country === 'EE' ? 1.24 : 1.21;
      const price = Math.round(30000 * vat * 100) / 100;
      // Financed: the price with its VAT (typed without it, financed) less 10 % down; 20 % residual with the last payment.
      expect(offer).toMatchObject({ amount: Math.round(price * 0.9 * 100) / 100, period: 60, residual: Math.round(price * 0.2 * 100) / 100 });
      expect(offer.bounds).toEqual({ minAmount: offer.amount, maxAmount: offer.amount, minPeriod: 60, maxPeriod: 60 });
    } else {
      expect(offer).toMatchObject({ amount: 50000, period: 60 });
      expect(offer.residual).toBeUndefined();
    }

    const signed = await acceptAndSign(client, offered);
    expect(signed).toMatchObject({ taskDefinitionKey: 'viewContractSigned' });
    const data = await storedData(t, signed.externalId);
    expect(data['contractsInfo']).toEqual([expect.objectContaining({ productName, signing: expect.objectContaining({ method: 'SMART_ID' }) })]);
    expect(data['offer']).toMatchObject({ offeredProductName: productName, amount: offer.amount, ...(leasing ? { residual: offer.residual } : {}) });
    // The representative is the application's APPLICANT, whose personal code is the signer's.
    const [row] = await t.database.db.query<{ id: string }>('select id::text as id from applications where external_id = $1', [signed.externalId]);
    const persons = await listPersons(t.database.db, row!.id);
    expect(persons.map((person) => [person.role, person.personal_code])).toEqual([['APPLICANT', REPRESENTATIVES[country].personalCode]]);
    expect(data['company']).toMatchObject({ ...COMPANIES[country], countryCode: country, registerStatus: 'ACTIVE' });
  }, 60_000);
});

describe('the corporate process’s other ends', () => {
  it('refuses a product the domain does not offer, and starts any corporate product at businessData', async () => {
    const t = corporate('EE');
    const refused = await t.client().post('/api/v1/application-process', { application: { creditConditions: { productName: 'SMALL_LOAN' } } });
    expect(refused.status).toBe(422);
    // The company's country is chosen on businessData: a small business loan may be started from the Estonian configuration.
    const started: TaskResponse = await createCorporate(t.client(), 'SMALL_LOAN_BUSINESS', 'EE');
    expect(started).toMatchObject({ taskDefinitionKey: 'businessData', previousTaskDefinitionKey: null });
  });

  it('refuses a product the company’s country does not offer once businessData names the country (no small business loan in Estonia)', async () => {
    const estonian = corporate('EE').client();
    const created = await createCorporate(estonian, 'SMALL_LOAN_BUSINESS', 'EE');
    const reply = await estonian.post<ApiErrorBody>(`/api/v1/application-process/${created.externalId}/step`, businessData(created, 'SMALL_LOAN_BUSINESS', 'EE'));
    expect(reply.status).toBe(422);
    expect(reply.body.error.fieldErrors).toEqual({ 'applicationUpdates.creditConditions.productName': [MESSAGES.choiceInvalid] });
    // A Latvian company may have it.
    const latvian = corporate('LV').client();
    const started = await createCorporate(latvian, 'SMALL_LOAN_BUSINESS', 'LV');
    expect((await send(latvian, started, businessData(started, 'SMALL_LOAN_BUSINESS', 'LV'))).taskDefinitionKey).toBe('submitFinancialData');
  });

  it('ends at the negative decision for a company in liquidation', async () => {
    const t = corporate('LV');
    const { task } = await applyAsCompany(t, t.client(), 'OPERATING_LOAN', 'LV', { registerStatus: 'IN_LIQUIDATION' });
    expect(task.taskDefinitionKey).toBe('readNegativeDecision');
    expect((await storedData(t, task.externalId))['decision']).toMatchObject({ outcome: 'NEGATIVE_INITIAL', reasons: ['COMPANY_NOT_ACTIVE'] });
  });

  it('leaves a loan its profit barely covers to a person (undecided)', async () => {
    const t = corporate('LT');
    // 50 000 € over 60 months at 15.9 %: about 14 600 € a year, with the leasing's 5 400 € against a profit of 22 000 €.
    const { task } = await applyAsCompany(t, t.client(), 'INVESTMENT_LOAN', 'LT', { answers: { expectedProfit: 22000 } });
    expect(task.taskDefinitionKey).toBe('readUndecidedDecision');
    expect((await storedData(t, task.externalId))['decision']).toMatchObject({ outcome: 'UNDECIDED', reasons: ['DSCR_BELOW_APPROVAL_LIMIT'] });
  });

  it('refuses a mortgage loan without real estate to secure it', async () => {
    const t = corporate('EE');
    const { task } = await applyAsCompany(t, t.client(), 'MORTGAGE_LOAN', 'EE', { answers: { hasLiabilities: false }, finances: { collaterals: [], liabilities: [] } });
    expect(task.taskDefinitionKey).toBe('readNegativeDecision');
    expect((await storedData(t, task.externalId))['decision']).toMatchObject({ reasons: ['NO_COLLATERAL'] });
  });

  it('ends at the thank-you page when the offer is declined', async () => {
    const t = corporate('EE');
    const client = t.client();
    const { task } = await applyAsCompany(t, client, 'CAR_LEASING_BUSINESS', 'EE');
    const reply = await client.post<{ data: TaskResponse }>(`/api/v1/application-process/${task.externalId}/step`, {
      taskDefinitionKey: 'reviewApproved',
      version: task.version,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: { offerAnswer: 'DECLINE' } },
      variables: {},
    });
    expect(reply.body.data.taskDefinitionKey).toBe('viewThankYouPage');
  });

  it('follows the sandbox’s forced outcome in test mode', async () => {
    const t = corporate('LV');
    const client = t.client();
    await client.startSession();
    expect((await client.post('/api/sandbox/decision', { outcome: 'NEGATIVE_INITIAL' })).status).toBe(200);
    const { task } = await applyAsCompany(t, client, 'CREDIT_LINE', 'LV');
    expect(task.taskDefinitionKey).toBe('readNegativeDecision');
    expect((await storedData(t, task.externalId))['decision']).toMatchObject({ outcome: 'NEGATIVE_INITIAL', reasons: ['FORCED_BY_SANDBOX'] });
  });

  it('offers the representative the e-signatures of the company’s country, never a payment or a post office', async () => {
    for (const [country, methods] of [
      ['EE', ['SMART_ID', 'MOBILE_SIGNATURE']],
      ['LV', ['SMART_ID']],
      ['LT', ['SMART_ID', 'MOBILE_SIGNATURE']],
    ] as const) {
      const t = corporate(country);
      const client = t.client();
      const { task } = await applyAsCompany(t, client, 'OPERATING_LOAN', country);
      const offer = task.application.decision?.offer as ApprovedOffer;
      const contract = await client.post<{ data: TaskResponse }>(`/api/v1/application-process/${task.externalId}/step`, {
        taskDefinitionKey: 'reviewApproved',
        version: task.version,
        application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: { offerAnswer: 'ACCEPT', offerAmount: offer.amount, offerPeriod: offer.period } },
        variables: {},
      });
      expect(contract.body.data.taskDefinitionKey).toBe('viewContractAndChooseSigningMethod');
      const details = await client.get<{ data: { signingChoices: string[] } }>(`/api/v2/application/${task.externalId}/contract/default/unsigned/details`);
      expect(details.body.data.signingChoices, country).toEqual(methods);
    }
  }, 60_000);
});
