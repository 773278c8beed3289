/**
 * Decision 122: what a step's rules need from the stored application reaches the server's contract
 * context, so the server enforces them, and the client builds the same context from the task
 * response (less what it is never sent: the applicant's full personal code).
 * - the real-estate owners against the applicant (section 5, Estonia): the applicant's own code,
 *   a "parent" younger and a "child" older are refused on the row's field;
 * - a US citizen's first tax residency is the USA (section 5), on both sides;
 * - a housing loan combining loans with the home asks the refinanced loan's interest rate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { RuntimeConfigSchema } from '../../core/wire/config.schema';
import { ProductDataSchema } from '../../core/wire/pricing.schema';
import type { ProductTable } from '../../core/domain/product-data';
import { clientContractContext } from '../../src/steps/_kit/contract-context';
import realEstate from '../../src/steps/submitRealEstateInfo/contract';
import { MESSAGES } from '../../core/validation/messages';
import { serverContractContext } from '../../server/applications/application-process.service';
import type { ApplicationRow } from '../../server/applications/application-repository';
import { listPersons } from '../../server/applications/person-repository';
import { loadProductTable } from '../../server/pricing/pricing-repository';
import type { ApiClient } from './support/api-client';
import { startTestApp, type TestApp } from './support/test-app';
import { MARI, createApplicationStep, exampleSubmission, stepPath, walk } from './support/payloads';
import { environmentFlagService } from '../../server/features/flag-service';

type Data<T> = { data: T };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ FEATURE_FLAGS: 'realEstateInHousingFlow' });
});
afterAll(() => t.database.dispose());

/** An application of this product (and purpose) past its create step. */
async function started(client: ApiClient, productName: string, loanPurpose?: string): Promise<TaskResponse> {
  const created = await client.post<Data<TaskResponse>>('/api/v1/application-process', {
    application: { creditConditions: { productName, loanAmount: 120000, loanPeriod: 240, ...(loanPurpose ? { loanPurpose } : {}) }, languageCode: 'est' },
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${created.text}`);
  const step = createApplicationStep(created.body.data.version);
  const conditions = (step.application.applicationUpdates as { creditConditions: Record<string, unknown> }).creditConditions;
  conditions['productName'] = productName;
  conditions['loanPeriod'] = 240;
  conditions['loanAmount'] = productName === 'HOUSING_LOAN' ? 120000 : 30000;
  // A housing loan's amount is its price less the own contribution (section 5).
  if (productName === 'HOUSING_LOAN') Object.assign(conditions, { price: 150000, selfFinancingAmount: 30000 });
  const sent = await client.post<Data<TaskResponse>>(stepPath(created.body.data.externalId), step);
  if (sent.status !== 200) throw new Error(`create step answered ${sent.status}: ${sent.text}`);
  return sent.body.data;
}

/** The walk's answers: the loan kept as it is on the personal details, no co-applicant, these background answers. */
const answers = (productName: string, background: Record<string, unknown> = {}) => ({
  submitPersonalInfo: { productName },
  submitBackgroundData: { hasCoApplicant: 'no', ...background },
});

describe('the real-estate owners against the applicant (section 5)', () => {
  // Mari, the applicant: 38001085718, born 8 January 1980.
  const SPOUSE = '48105121239';
  const BORN_2010 = '61003157893';
  const BORN_1955 = '35501014562';

  it('refuses the applicant’s own code, a younger "parent" and an older "child", each on that owner’s personal code', async () => {
    const client = t.client();
    const { task } = await walk(client, await started(client, 'REAL_ESTATE_LOAN'), { until: 'submitRealEstateInfo', values: answers('REAL_ESTATE_LOAN') });
    expect(task.taskDefinitionKey).toBe('submitRealEstateInfo');
    const cases = [
      { owners: [{ personalCode: SPOUSE, relation: 'SPOUSE' }, { personalCode: MARI.personalCode, relation: 'CHILD' }], row: 1, message: MESSAGES.relatedPersonSameAsApplicant },
      { owners: [{ personalCode: BORN_2010, relation: 'PARENT' }], row: 0, message: MESSAGES.relatedPersonParentNotOlder },
      { owners: [{ personalCode: SPOUSE, relation: 'SPOUSE' }, { personalCode: BORN_1955, relation: 'CHILD' }], row: 1, message: MESSAGES.relatedPersonChildNotYounger },
    ];
    for (const { owners, row, message } of cases) {
      const submission = exampleSubmission('submitRealEstateInfo', task.version, {
        productName: 'REAL_ESTATE_LOAN',
        values: { submitRealEstateInfo: { collateralOwner: 'WITH_OTHER_OWNERS', otherOwners: owners } },
      });
      const refused = await client.post<ApiErrorBody>(stepPath(task.externalId), submission);
      expect(refused.status).toBe(422);
      const path = `applicationUpdates.realEstate.otherOwners.${row}.personalCode`;
      expect(refused.body.error.fieldErrors).toEqual({ [path]: [message] });
      // The form shows it on that row's personal code.
      expect(realEstate.fieldOfPath(path, { domain: 'retail-banking-ee' })).toBe(`otherOwners.${row}.personalCode`);
    }
    // A parent older and a child younger than the applicant are accepted.
    const fine = exampleSubmission('submitRealEstateInfo', task.version, {
      productName: 'REAL_ESTATE_LOAN',
      values: { submitRealEstateInfo: { collateralOwner: 'WITH_OTHER_OWNERS', otherOwners: [{ personalCode: BORN_1955, relation: 'PARENT' }, { personalCode: BORN_2010, relation: 'CHILD' }] } },
    });
    const accepted = await client.post<Data<TaskResponse>>(stepPath(task.externalId), fine);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.taskDefinitionKey).toBe('submitBankDetailsAndIdentificationDocumentInfo');
  });
});

describe('a US citizen’s first tax residency (section 5)', () => {
  it('is the USA on the server, from the citizenships answered on the background step; the reply tells the person theirs', async () => {
    const client = t.client();
    const { task } = await walk(client, await started(client, 'REAL_ESTATE_LOAN'), {
      until: 'submitBankDetailsAndIdentificationDocumentInfo',
      values: answers('REAL_ESTATE_LOAN', { citizenship: 'EE', addDualCitizenship: true, dualCitizenship: 'US' }),
    });
    expect(task.taskDefinitionKey).toBe('submitBankDetailsAndIdentificationDocumentInfo');
    const own = task.application.relatedPersons.persons.find((person) => person.role === 'APPLICANT');
    expect(own?.declaredData?.citizenships).toEqual(['EE', 'US']);
    // Estonia first, as for anyone else: refused on the first row's country.
    const estonianFirst = exampleSubmission(task.taskDefinitionKey, task.version, { productName: 'REAL_ESTATE_LOAN' });
    const refused = await client.post<ApiErrorBody>(stepPath(task.externalId), estonianFirst);
    expect(refused.status).toBe(422);
    expect(refused.body.error.fieldErrors).toEqual({ 'personUpdates.0.declaredData.taxResidencies.0.countryCode': [MESSAGES.taxResidencyFirstFixed] });
    // The USA first, with the payer code asked there: accepted.
    const usFirst = exampleSubmission(task.taskDefinitionKey, task.version, { productName: 'REAL_ESTATE_LOAN', citizenships: ['EE', 'US'] });
    expect((usFirst.application.personUpdates[0] as { declaredData: { taxResidencies: { countryCode: string }[] } }).declaredData.taxResidencies[0]?.countryCode).toBe('US');
    const accepted = await client.post<Data<TaskResponse>>(stepPath(task.externalId), usFirst);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.taskDefinitionKey).toBe('checkAnswers');
  });
});

describe('a housing loan combining loans with the home (decision 122)', () => {
  it('asks the real-estate step with the refinanced loan’s interest rate, and the server requires it', async () => {
    const client = t.client();
    const { task } = await walk(client, await started(client, 'HOUSING_LOAN', 'COMBINING_LOANS_AND_PURCHASING_HOME'), { until: 'submitRealEstateInfo', values: answers('HOUSING_LOAN') });
    expect(task.taskDefinitionKey).toBe('submitRealEstateInfo');
    expect(task.application.creditConditions.loanPurpose).toBe('COMBINING_LOANS_AND_PURCHASING_HOME');
    // Without the rate (as for a housing loan for another purpose): refused on the rate.
    const without = exampleSubmission(task.taskDefinitionKey, task.version, { productName: 'HOUSING_LOAN' });
    const refused = await client.post<ApiErrorBody>(stepPath(task.externalId), without);
    expect(refused.status).toBe(422);
    expect(refused.body.error.fieldErrors).toEqual({ 'applicationUpdates.realEstate.existingContractInterestRate': [MESSAGES.required] });
    const withRate = exampleSubmission(task.taskDefinitionKey, task.version, { productName: 'HOUSING_LOAN', loanPurpose: 'COMBINING_LOANS_AND_PURCHASING_HOME' });
    expect(withRate.application.applicationUpdates).toMatchObject({ realEstate: { existingContractInterestRate: 4.5 } });
    const accepted = await client.post<Data<TaskResponse>>(stepPath(task.externalId), withRate);
    expect(accepted.status).toBe(200);
  });

  it('is not asked for a housing loan for another purpose', async () => {
    const client = t.client();
    const { task } = await walk(client, await started(client, 'HOUSING_LOAN', 'PURCHASING_HOME'), { until: 'submitRealEstateInfo', values: answers('HOUSING_LOAN') });
    const sent = exampleSubmission(task.taskDefinitionKey, task.version, { productName: 'HOUSING_LOAN', loanPurpose: 'COMBINING_LOANS_AND_PURCHASING_HOME' });
    const accepted = await client.post<Data<TaskResponse>>(stepPath(task.externalId), sent);
    expect(accepted.status).toBe(200);
    const stored = await t.database.db.query<{ data: { realEstate?: Record<string, unknown> } }>('select data from applications where external_id = $1', [task.externalId]);
    expect(stored[0]?.data.realEstate).not.toHaveProperty('existingContractInterestRate');
  });
});

describe('the client’s contract context and the server’s, for the same stored application', () => {
  it('agree on the product, its data and the prefill the rules read; only the server knows the applicant’s code', async () => {
    const client = t.client();
    const { task } = await walk(client, await started(client, 'HOUSING_LOAN', 'COMBINING_LOANS_AND_BUILDING_HOME'), {
      until: 'submitBankDetailsAndIdentificationDocumentInfo',
      values: answers('HOUSING_LOAN', { citizenship: 'US' }), // dual Finnish, as in the example
    });
    expect(task.taskDefinitionKey).toBe('submitBankDetailsAndIdentificationDocumentInfo');
    // The client: what the app holds after reading the runtime configuration, the product's data and the task response.
    const continued = await client.post<Data<TaskResponse>>(`/api/v1/application-process/${task.externalId}/continue?role=applicant`);
    const config = v.parse(RuntimeConfigSchema, (await client.get<Data<unknown>>('/api/v1/runtime-config')).body.data);
    const productName = continued.body.data.application.creditConditions.productName ?? '';
    const pricing = await client.post<Data<unknown>>('/api/v2/pricing-conditions', { productName });
    const products = { [productName]: v.parse(ProductDataSchema, pricing.body.data) } as unknown as ProductTable;
    const onClient = clientContractContext({
      domain: config.businessDomain,
      locale: 'et',
      role: 'APPLICANT',
      start: {},
      application: continued.body.data.application,
      products,
      features: config.features,
      allowedLocales: config.allowedLocales,
    });
    // The server: what it reads from its database when the step is submitted.
    const [row] = await t.database.db.query<ApplicationRow>('select id::text as id, external_id, business_domain, product_name, data, version, process_state, task_key, process_done, step_count from applications where external_id = $1', [task.externalId]);
    if (!row) throw new Error('no application row');
    const persons = await listPersons(t.database.db, row.id);
    const onServer = serverContractContext({ config: t.config, flags: environmentFlagService(t.config) }, row, persons, 'APPLICANT', undefined, await loadProductTable(t.database.db, t.config.businessDomain));

    expect(onClient.domain).toBe(onServer.domain);
    expect(onClient.productName).toBe(onServer.productName);
    expect(onClient.productName).toBe('HOUSING_LOAN');
    expect(onClient.products?.HOUSING_LOAN).toEqual(onServer.products?.HOUSING_LOAN);
    expect([...(onClient.flags ?? [])].sort()).toEqual([...(onServer.flags ?? [])].sort());
    for (const key of ['productName', 'loanAmount', 'loanPeriod', 'loanPurpose', 'citizenships', 'allowedLocales']) {
      expect(onClient.prefill?.[key], key).toEqual(onServer.prefill?.[key]);
    }
    expect(onServer.prefill?.['citizenships']).toEqual(['US', 'FI']);
    expect(onServer.prefill?.['loanPurpose']).toBe('COMBINING_LOANS_AND_BUILDING_HOME');
    expect(onClient.prefill?.['customerAdministrator'] === true).toBe(onServer.prefill?.['customerAdministrator'] === true);
    // Decision 122: the full code stays on the server.
    expect(onServer.prefill?.['applicantPersonalCode']).toBe(MARI.personalCode);
    expect(onClient.prefill).not.toHaveProperty('applicantPersonalCode');
    expect(JSON.stringify(continued.body.data)).not.toContain(MARI.personalCode);
  });
});
