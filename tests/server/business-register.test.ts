/**
 * Issue 24 (decision 181): the business register behind businessData. The adapter speaks the
 * register's company API to its simulator; the step's server hook refuses a code the register does
 * not know and a company in liquidation on the registration code, and keeps the register's name,
 * legal form and industry for a company found; the look-up endpoint prefills the form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import contract from '../../src/steps/businessData/contract';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { CompanyLookup } from '../../core/wire/business-register.schema';
import { MESSAGES } from '../../core/validation/messages';
import { createBusinessRegisterAdapter } from '../../server/providers/business-register/business-register.adapter';
import { simulatedCompany } from '../../server/providers/business-register/business-register.simulator';
import { registeredCompany } from '../../server/companies/business-data-step-hooks';
import { countryOfApplication } from '../../core/domain/business-domains';
import type { ApiClient } from './support/api-client';
import { exampleSubmission, stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

let base: TestApp;
let t: TestApp;
beforeAll(async () => {
  base = await startTestApp();
  t = base.withEnv({ BUSINESS_DOMAIN: 'corporate-banking', COUNTRY_CODE: 'EE' });
});
afterAll(() => base.database.dispose());

async function corporateApplication(client: ApiClient): Promise<TaskResponse> {
  const created = await client.post<Data<TaskResponse>>('/api/v1/application-process', { application: { creditConditions: { productName: 'OPERATING_LOAN' }, languageCode: 'est' } });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${created.text}`);
  return created.body.data;
}

const businessData = (version: number, values: Record<string, unknown> = {}) =>
  exampleSubmission('businessData', version, { domain: 'corporate-banking', values: { businessData: values } });

async function fault(app: TestApp, body: Record<string, unknown>): Promise<void> {
  await fetch(`${app.simulators.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('the business register adapter and its simulator', () => {
  const register = () => createBusinessRegisterAdapter({ baseUrl: `${t.simulators.origin}/business-register`, apiKey: '', timeoutMs: 5000 });

  it('answers a seeded company with its name, legal form, industry and status', async () => {
    expect(await register().lookUp('EE', '10137319')).toEqual({ countryCode: 'EE', registrationCode: '10137319', name: 'Päikese Pagarid OÜ', legalForm: 'OÜ', industryCode: 'C', status: 'ACTIVE' });
    expect(await register().lookUp('LV', '40103999999')).toMatchObject({ status: 'IN_LIQUIDATION' });
    expect(await register().lookUp('LT', '303999999')).toMatchObject({ status: 'IN_LIQUIDATION' });
  });

  it('answers any other well-formed code with the same active company every time', async () => {
    const first = await register().lookUp('LT', '304567891');
    expect(first).toMatchObject({ countryCode: 'LT', registrationCode: '304567891', status: 'ACTIVE' });
    expect(first?.name).toMatch(/ (UAB|AB)$/);
    expect(await register().lookUp('LT', '304567891')).toEqual(first);
    expect(simulatedCompany('LT', '304567891')).toEqual(first);
  });

  it('knows no code that is not well-formed for the country, nor one ending in 0000', async () => {
    expect(await register().lookUp('EE', '12340000')).toBeNull();
    expect(await register().lookUp('EE', '1234567')).toBeNull();
    expect(await register().lookUp('LV', '10137319')).toBeNull();
    expect(await register().lookUp('EE', 'AB/../x')).toBeNull();
  });
});

describe('businessData on the server', () => {
  it('keeps the register\'s name, legal form and industry for a company it knows, and goes on', async () => {
    const client = t.client();
    const created = await corporateApplication(client);
    expect(created.taskDefinitionKey).toBe('businessData');
    const sent = await client.post<Data<TaskResponse>>(stepPath(created.externalId), businessData(created.version, { registrationCode: '10137319', businessName: 'Sun Bakers', industryCode: 'G' }));
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data.taskDefinitionKey).toBe('submitFinancialData');
    expect(sent.body.data.application.company).toMatchObject({ registrationCode: '10137319', businessName: 'Päikese Pagarid OÜ', countryCode: 'EE', legalForm: 'OÜ' });
    const representative = sent.body.data.application.relatedPersons.persons.find((person) => person.role === 'APPLICANT');
    expect(representative).toMatchObject({ languageCode: 'est', declaredData: { firstName: 'Mari', surname: 'Maasikas' } });
  });

  it('refuses a code the register does not know, on the registration code, and stays on the step', async () => {
    const client = t.client();
    const created = await corporateApplication(client);
    const sent = await client.post<ApiErrorBody>(stepPath(created.externalId), businessData(created.version, { registrationCode: '12340000' }));
    expect(sent.status).toBe(422);
    expect(sent.body.error.fieldErrors).toEqual({ 'applicationUpdates.company.registrationCode': [MESSAGES.companyNotInRegister] });
    const again = await client.post<Data<TaskResponse>>(`/api/v1/application-process/${created.externalId}/continue?role=applicant`);
    expect(again.body.data).toMatchObject({ taskDefinitionKey: 'businessData', version: created.version });
  });

  it('refuses a company in liquidation with its own message', async () => {
    const client = t.client();
    const created = await corporateApplication(client);
    const sent = await client.post<ApiErrorBody>(stepPath(created.externalId), businessData(created.version, { registrationCode: '12345678' }));
    expect(sent.status).toBe(422);
    expect(sent.body.error.fieldErrors).toEqual({ 'applicationUpdates.company.registrationCode': [MESSAGES.companyInLiquidation] });
  });

  it('answers 503 PROVIDER_UNAVAILABLE when the register fails, and keeps the step', async () => {
    const client = t.client();
    const created = await corporateApplication(client);
    await fault(t, { simulator: 'business-register', fault: 'status', status: 500 });
    const sent = await client.post<ApiErrorBody>(stepPath(created.externalId), businessData(created.version, { registrationCode: '10137319' }));
    expect(sent.status).toBe(503);
    expect(sent.body.error.code).toBe('PROVIDER_UNAVAILABLE');
    const retried = await client.post<Data<TaskResponse>>(stepPath(created.externalId), businessData(created.version, { registrationCode: '10137319' }));
    expect(retried.status, retried.text).toBe(200);
  });

  it('checks the representative\'s personal code with the same rules as the personal code check', async () => {
    const client = t.client();
    const created = await corporateApplication(client);
    const submission = businessData(created.version);
    (submission.application.personUpdates[0] as Record<string, unknown>)['personalCode'] = '38001085719';
    const sent = await client.post<ApiErrorBody>(stepPath(created.externalId), submission);
    expect(sent.status).toBe(422);
    expect(sent.body.error.fieldErrors?.['personUpdates.0.personalCode']).toEqual([MESSAGES.personalCodeInvalid]);
    const check = await client.post<Data<{ valid: boolean }>>('/api/v1/validate/personalCode', { personalCode: '38001085719', countryCode: 'EE' });
    expect(check.body.data.valid).toBe(false);
  });

  it('lets a public applicant apply in the configured country only', async () => {
    const client = t.client();
    const created = await corporateApplication(client);
    const submission = businessData(created.version);
    (submission.application.applicationUpdates['company'] as Record<string, unknown>)['countryCode'] = 'LV';
    const sent = await client.post<ApiErrorBody>(stepPath(created.externalId), submission);
    expect(sent.status).toBe(422);
    expect(sent.body.error.fieldErrors?.['applicationUpdates.company.countryCode']).toEqual([MESSAGES.choiceInvalid]);
  });

  it('lets a customer administrator of Latvia apply for a Latvian company, with their own section', async () => {
    const token = (await t.client().post<Data<{ token: string }>>('/api/sandbox/token', { sub: 'lv-administrator', userGroups: ['customer-administrator-latvia'] })).body.data.token;
    const client = t.client();
    const headers = { authorization: `Bearer ${token}` };
    const created = (await client.post<Data<TaskResponse>>('/api/v1/application-process', { application: { creditConditions: { productName: 'OPERATING_LOAN' } } }, { headers })).body.data;
    // Built as the administrator's form builds it: Latvia the only country, their section asked.
    const context = { domain: 'corporate-banking' as const, locale: 'en' as const, prefill: { userGroups: ['customer-administrator-latvia'], customerAdministrator: true, configuredCountry: 'EE' } };
    const values = { ...contract.example!(context), productName: 'SMALL_LOAN_BUSINESS' };
    expect(values).toMatchObject({ countryCode: 'LV', channel: 'CALL_CENTER', customerIdentified: true, languageCode: 'lav' });
    const wire = v.parse(contract.formSchema(context) as v.GenericSchema, values);
    const lvSubmission = { taskDefinitionKey: 'businessData', version: created.version, application: contract.toPayload(wire as never, context), variables: {} };
    const sent = await client.post<Data<TaskResponse>>(stepPath(created.externalId), lvSubmission, { headers });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data.application.company).toMatchObject({ countryCode: 'LV', businessName: 'Rīgas Maiznīca SIA', legalForm: 'SIA' });
  });
});

describe('the application\'s country (ContractContext.country)', () => {
  it('is the company\'s once given, else the configured one', () => {
    expect(countryOfApplication('corporate-banking', { company: { countryCode: 'LT' } }, 'EE')).toBe('LT');
    expect(countryOfApplication('corporate-banking', { company: { countryCode: 'XX' } }, 'EE')).toBe('EE');
    expect(countryOfApplication('corporate-banking', {}, 'LV')).toBe('LV');
    // A retail application is its domain's, whatever it holds.
    expect(countryOfApplication('retail-banking-lt', { company: { countryCode: 'EE' } }, 'LT')).toBe('LT');
  });

  it('refuses to take a company unchecked where no register is connected (production without one)', async () => {
    await expect(registeredCompany(null, 'EE', '10137319')).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
  });
});

describe('POST /api/v1/business-register/lookup', () => {
  it('answers the register\'s name and field of activity for a code, and not found for an unknown one', async () => {
    const found = await t.client().post<Data<CompanyLookup>>('/api/v1/business-register/lookup', { registrationCode: ' 40003222222 ', countryCode: 'LV' });
    expect(found.body.data).toEqual({ found: true, businessName: 'Daugavas Loģistika AS', legalForm: 'AS', industryCode: 'H', status: 'ACTIVE' });
    const unknown = await t.client().post<Data<CompanyLookup>>('/api/v1/business-register/lookup', { registrationCode: '12340000', countryCode: 'EE' });
    expect(unknown.body.data).toEqual({ found: false });
  });

  it('refuses a request without a country (422)', async () => {
    const reply = await t.client().post<ApiErrorBody>('/api/v1/business-register/lookup', { registrationCode: '10137319' });
    expect(reply.status).toBe(422);
  });
});
