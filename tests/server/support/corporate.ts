/**
 * A company's application on the reference API (issue 24; docs/decisions/184-corporate-processes.md),
 * step by step with the wire payloads the helpers of issue 24 agreed on (businessData,
 * submitLeasingData, the corporate submitFinancialData, uploadLeasingDocuments), for the corporate
 * server tests.
 */
import type { TaskResponse } from '../../../core/wire/application.schema';
import type { CountryCode } from '../../../core/domain/business-domains';
import type { StepSubmission } from '../../../core/wire/process.schema';
import type { TestApp } from './test-app';
import type { ApiClient } from './api-client';
import { signWithSandboxSmartId, stepPath } from './payloads';

type Data<T> = { data: T };

/** A representative per country, with a personal code valid there (the create step's examples). */
export const REPRESENTATIVES: Readonly<
  Record<CountryCode, { firstName: string; surname: string; personalCode: string; email: string; phoneNumber: { code: string; number: string }; languageCode: string }>
> = {
  EE: { firstName: 'Mari', surname: 'Maasikas', personalCode: '38001085718', email: 'mari@kohvik.example', phoneNumber: { code: '+372', number: '51234567' }, languageCode: 'est' },
  LV: { firstName: 'Anna', surname: 'Bērziņa', personalCode: '320190-12345', email: 'anna@kafejnica.example', phoneNumber: { code: '+371', number: '21234567' }, languageCode: 'lav' },
  LT: { firstName: 'Ona', surname: 'Jonaitė', personalCode: '49403136526', email: 'ona@kavine.example', phoneNumber: { code: '+370', number: '61234567' }, languageCode: 'lit' },
};

export const COMPANIES: Readonly<Record<CountryCode, { registrationCode: string; businessName: string }>> = {
  // Active companies of the business register's simulator (docs/providers/business-register.md).
  EE: { registrationCode: '10137319', businessName: 'Päikese Pagarid OÜ' },
  LV: { registrationCode: '40103111111', businessName: 'Rīgas Maiznīca SIA' },
  LT: { registrationCode: '300111111', businessName: 'Vilniaus Duona UAB' },
};

/** What the company declares; a healthy small company by default (decision 184's rules approve it). */
export interface CompanyAnswers {
  loanAmount?: number;
  loanPeriod?: number;
  expectedProfit?: number;
  expectedTurnover?: number;
  hasLiabilities?: boolean;
}

function submission(task: TaskResponse, application: Partial<StepSubmission['application']>, variables: Record<string, unknown> = {}): StepSubmission {
  return {
    taskDefinitionKey: task.taskDefinitionKey,
    version: task.version,
    application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {}, ...application },
    variables,
  };
}

/** businessData (engineer A's step): the company, the loan from the calculator and the representative (the APPLICANT). */
export function businessData(task: TaskResponse, productName: string, country: CountryCode, answers: CompanyAnswers = {}): StepSubmission {
  const person = REPRESENTATIVES[country];
  return submission(task, {
    applicationUpdates: {
      creditConditions: { productName, loanAmount: answers.loanAmount ?? 50000, loanPeriod: answers.loanPeriod ?? 60, loanPurposeText: 'A second coffee roaster and a delivery van' },
      company: {
        ...COMPANIES[country],
        countryCode: country,
        industryCode: 'I',
        expectedProfit: answers.expectedProfit ?? 60000,
        expectedTurnover: answers.expectedTurnover ?? 400000,
        hasLiabilities: answers.hasLiabilities ?? true,
      },
    },
    personUpdates: [
      {
        role: 'APPLICANT',
        languageCode: person.languageCode,
        personalCode: person.personalCode,
        declaredData: { firstName: person.firstName, surname: person.surname, email: person.email, phoneNumber: person.phoneNumber },
      },
    ],
  });
}

/** A leasing's terms (engineer B's step): a car of 30 000 € without VAT, VAT financed, 10 % down, 20 % residual. */
export const LEASING_TERMS = {
  leaseType: 'FINANCIAL_LEASE',
  price: 30000,
  priceIncludesVat: false,
  period: 60,
  paymentMode: 'percent',
  downPayment: 10,
  residual: 20,
  vatPaymentMethod: 'IN_INSTALMENTS',
  assetYear: 2025,
} as const;

export function submitLeasingData(task: TaskResponse, terms: Record<string, unknown> = LEASING_TERMS): StepSubmission {
  return submission(task, { applicationUpdates: { leasing: terms } });
}

/** The collaterals and liabilities (engineer C's corporate form), as the agreed wire paths send them; addresses in the company's country. */
export function companyFinances(country: CountryCode) {
  return {
    collaterals: [
      { asset: { type: 'PREMISES', marketValue: 180000, address: { countryCode: country, streetAddress: 'Pikk 1', administrativeAreaLevel1: 'Tallinn' } }, additionalInfoText: 'The café' },
      { asset: { type: 'LAND', marketValue: 90000, address: { countryCode: country, streetAddress: 'Põllu 3', administrativeAreaLevel1: 'Tartu' } } },
    ],
    liabilities: [
      { type: 'BUSINESS_LEASING', creditor: 'Example Leasing', declaredAmount: 12000, declaredMonthlyPayment: 450, endDate: '2028-06-30' },
      { type: 'GUARANTEE', creditor: 'Example Bank', declaredAmount: 5000, endDate: '2027-12-31' },
    ],
  };
}

export const COMPANY_FINANCES = companyFinances('EE');

/**
 * submitFinancialData, corporate. Until C's corporate form replaces the retail one on merge, the
 * retail form's fields go along too (the representative's own income and no obligations): each form
 * reads only its own fields, so the same submission passes either.
 */
export function submitFinancialData(task: TaskResponse, finances: Record<string, unknown> = COMPANY_FINANCES): StepSubmission {
  return submission(task, {
    applicationUpdates: { company: finances },
    personUpdates: [{ role: 'APPLICANT', declaredData: { incomes: [{ source: 'BUSINESS', monthlyAmount: 3000 }], noObligations: true } }],
  });
}

/** A one-page PDF, the seller's offer. */
const SALE_OFFER_PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * uploadLeasingDocuments (engineer B's step): the seller's offer (SALE_OFFER) first, then the step.
 * The upload's own answer is B's to test (it is accepted once B's step takes documents).
 */
export async function uploadLeasingDocuments(client: ApiClient, task: TaskResponse): Promise<StepSubmission> {
  const form = new FormData();
  form.append('documentPurpose', 'SALE_OFFER');
  form.append('file', new File([SALE_OFFER_PDF], 'sale-offer.pdf', { type: 'application/pdf' }));
  await client.post(`/api/v1/application-process/${task.externalId}/document`, form);
  return submission(task, {});
}

/**
 * The business register's answer for the company, as businessData's server check stores it
 * (engineer A: `company.registerStatus`), written directly so the decision rules' input is this test's.
 */
export async function registerAnswers(t: TestApp, externalId: string, status: string): Promise<void> {
  await t.database.db.query(`update applications set data = jsonb_set(data, '{company,registerStatus}', to_jsonb($2::text)) where external_id = $1`, [externalId, status]);
}

/**
 * The collaterals and liabilities as the corporate submitFinancialData stores them (engineer C's form:
 * `company.collaterals`, `company.liabilities`), written directly as well, so the decision rules'
 * input is this test's whichever financial-data form the branch has.
 */
export async function financesStored(t: TestApp, externalId: string, finances: Record<string, unknown>): Promise<void> {
  await t.database.db.query(`update applications set data = jsonb_set(data, '{company}', coalesce(data->'company', '{}'::jsonb) || $2::jsonb) where external_id = $1`, [
    externalId,
    JSON.stringify(finances),
  ]);
}

export async function send(client: ApiClient, task: TaskResponse, body: StepSubmission): Promise<TaskResponse> {
  const reply = await client.post<Data<TaskResponse>>(stepPath(task.externalId), body);
  if (reply.status !== 200) throw new Error(`${task.taskDefinitionKey} answered ${reply.status}: ${reply.text}`);
  return reply.body.data;
}

export async function createCorporate(client: ApiClient, productName: string, country: CountryCode): Promise<TaskResponse> {
  const reply = await client.post<Data<TaskResponse>>('/api/v1/application-process', {
    application: { creditConditions: { productName, loanAmount: 50000, loanPeriod: 60 }, languageCode: REPRESENTATIVES[country].languageCode },
  });
  if (reply.status !== 201) throw new Error(`create answered ${reply.status}: ${reply.text}`);
  return reply.body.data;
}

/** Every step up to the decision: the tasks shown, and the last. */
export async function applyAsCompany(
  t: TestApp,
  client: ApiClient,
  productName: string,
  country: CountryCode,
  options: { answers?: CompanyAnswers; registerStatus?: string; leasing?: Record<string, unknown>; finances?: Record<string, unknown> } = {},
): Promise<{ shown: string[]; task: TaskResponse }> {
  let task = await createCorporate(client, productName, country);
  const shown = [task.taskDefinitionKey];
  const next = async (body: StepSubmission) => {
    task = await send(client, task, body);
    shown.push(task.taskDefinitionKey);
  };
  await next(businessData(task, productName, country, options.answers));
  await registerAnswers(t, task.externalId, options.registerStatus ?? 'ACTIVE');
  if (task.taskDefinitionKey === 'submitLeasingData') await next(submitLeasingData(task, options.leasing));
  await next(submitFinancialData(task, options.finances ?? companyFinances(country)));
  await financesStored(t, task.externalId, options.finances ?? companyFinances(country));
  if (task.taskDefinitionKey === 'uploadLeasingDocuments') await next(await uploadLeasingDocuments(client, task));
  await next(submission(task, {}));
  return { shown, task };
}

/** From the offer page to the signed contract: accepted as offered, signed by the representative with Smart-ID. */
export async function acceptAndSign(client: ApiClient, offered: TaskResponse, method = 'SMART_ID'): Promise<TaskResponse> {
  const offer = offered.application.decision?.offer as { amount: number; period: number } | undefined;
  if (!offer) throw new Error('no offer');
  let task = await send(client, offered, submission(offered, { customData: { offerAnswer: 'ACCEPT', offerAmount: offer.amount, offerPeriod: offer.period } }));
  task = await send(client, task, submission(task, { customData: { signingMethod: method } }));
  await signWithSandboxSmartId(client, task.externalId);
  return send(client, task, submission(task, {}));
}
