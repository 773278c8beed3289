/**
 * Section 4 and 6 (decision 191): an embedded customer administrator's start initialises no products
 * and keeps the person's language: the interface stays in the administrator's language, and the
 * administrator's interface language is never written as the customer's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { embeddedMode, resetEmbeddedMode, startEmbeddedMode, startRulesOf } from '../../src/app/embedded';
import { createRequestOf } from '../../src/app/application-actors';
import { clientContractContext } from '../../src/steps/_kit/contract-context';
import createApplicationStep from '../../src/steps/createApplicationStep/contract';
import submitPersonalInfo from '../../src/steps/submitPersonalInfo/contract';
import businessData from '../../src/steps/businessData/contract';
import { initialLanguageAnswer } from '../../core/contract/person-language';
import type { ContractContext } from '../../core/contract/step-contract';
import type { Application } from '../../core/wire/application.schema';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const NOW = new Date('2030-01-01T00:00:00Z');
const token = (payload: object) => `${b64({ alg: 'HS256' })}.${b64(payload)}.c2lnbmF0dXJl`;
const history = () => ({ replaceState: () => undefined });

afterEach(() => resetEmbeddedMode());

describe('the start of an embedded customer administrator', () => {
  it('initialises no products and does not follow the person’s language; everyone else’s start does both', () => {
    const admin = token({ exp: NOW.getTime() / 1000 + 600, userGroups: ['loan-specialist'] });
    startEmbeddedMode({ pathname: '/', search: '', hash: `#token=${admin}` }, history() as never, NOW);
    expect(startRulesOf(embeddedMode())).toEqual({ initialiseProducts: false, followPersonLanguage: false });
    const customer = token({ exp: NOW.getTime() / 1000 + 600, userGroups: ['customers'] });
    startEmbeddedMode({ pathname: '/', search: '', hash: `#token=${customer}` }, history() as never, NOW);
    expect(startRulesOf(embeddedMode())).toEqual({ initialiseProducts: true, followPersonLanguage: true });
    resetEmbeddedMode();
    expect(startRulesOf(embeddedMode())).toEqual({ initialiseProducts: true, followPersonLanguage: true });
  });

  it('creates the application without the administrator’s interface language as the person’s', () => {
    const config = { fallbackLoanApplicationUrl: null };
    expect(createRequestOf({ start: { customerAdministrator: true }, languageCode: 'lv' }, config).application).not.toHaveProperty('languageCode');
    expect(createRequestOf({ start: {}, languageCode: 'lv' }, config).application).toMatchObject({ languageCode: 'lav' });
  });
});

describe('the language steps send for a customer administrator', () => {
  const applicant: ContractContext & { locale: 'lv' } = { domain: 'retail-banking-lv', locale: 'lv', role: 'APPLICANT', prefill: { allowedLocales: ['lv', 'ru'] } };
  const administrator = { ...applicant, prefill: { ...applicant.prefill, customerAdministrator: true } };

  it('createApplicationStep: the applicant’s interface language, never the administrator’s, and the server drops one sent', () => {
    const values = createApplicationStep.example!(applicant);
    const wire = (context: ContractContext & { locale: 'lv' }) => createApplicationStep.toPayload(v.parse(createApplicationStep.formSchema(context) as v.GenericSchema, values) as never, context);
    expect(wire(applicant).personUpdates?.[0]).toMatchObject({ languageCode: 'lav' });
    expect(wire(administrator).personUpdates?.[0]).not.toHaveProperty('languageCode');
    // A payload that carries one anyway (an older client): the server's reading leaves it out.
    const sent = wire(applicant);
    const read = v.parse(createApplicationStep.payloadSchema(administrator) as v.GenericSchema, sent) as { personUpdates?: Record<string, unknown>[] };
    expect(read.personUpdates?.[0]).not.toHaveProperty('languageCode');
  });

  it('SubmitPersonalInfo and businessData: the question starts with the person’s language, else empty, never the administrator’s', () => {
    expect(submitPersonalInfo.initialValues(applicant).languageCode).toBe('lav');
    expect(submitPersonalInfo.initialValues(administrator).languageCode).toBe('');
    expect(submitPersonalInfo.initialValues({ ...administrator, prefill: { ...administrator.prefill, personLanguage: 'rus' } }).languageCode).toBe('rus');
    const corporate = { domain: 'corporate-banking' as const, locale: 'ru' as const, role: 'APPLICANT', prefill: { configuredCountry: 'LV' } };
    expect(businessData.initialValues({ ...corporate, country: 'LV' }).languageCode).toBe('rus');
    expect(businessData.initialValues({ ...corporate, country: 'LV', prefill: { ...corporate.prefill, customerAdministrator: true } }).languageCode).toBe('');
    expect(businessData.initialValues({ ...corporate, country: 'LV', prefill: { ...corporate.prefill, customerAdministrator: true, personLanguage: 'lav' } }).languageCode).toBe('lav');
    expect(initialLanguageAnswer({ prefill: { customerAdministrator: true, personLanguage: 'est' } }, ['lav', 'rus'], 'lav')).toBe('');
  });

  it('the client’s contract context carries the person’s language', () => {
    const application = { relatedPersons: { persons: [{ role: 'APPLICANT', languageCode: 'rus', declaredData: {} }], relations: [] } } as unknown as Application;
    const context = clientContractContext({ domain: 'retail-banking-lv', locale: 'lv', role: 'APPLICANT', start: { customerAdministrator: true }, application, products: {}, features: {}, allowedLocales: ['lv', 'ru'] });
    expect(context.prefill).toMatchObject({ customerAdministrator: true, personLanguage: 'rus' });
  });
});
