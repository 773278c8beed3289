/**
 * Decision 183: the corporate financial data on the server. The company's collaterals and
 * liabilities are checked with the step's own contract and stored under `company`; whether the
 * liabilities are asked is the application's fact `company.hasLiabilities` (the business-data
 * step's answer), which the server passes to the contract and the task response shows the client
 * (decisions 119 and 122).
 *
 * No corporate process exists on this branch yet (issue 24, engineer D's part), so neither the
 * sandbox seeder nor `POST .../step` can place an application at this step: the application of the
 * corporate domain is seeded at the step in the test database, and the submission service's own
 * pieces run on it in order (its contract context, the contract's server schema, applyStep, the
 * task response). Once the process exists, the same payloads go through `POST .../step`.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDotPath } from 'valibot';
import contract from '../../src/steps/submitFinancialData/contract';
import { clientContractContext } from '../../src/steps/_kit/contract-context';
import { TaskResponseSchema } from '../../core/wire/application.schema';
import { MESSAGES } from '../../core/validation/messages';
import { serverContractContext } from '../../server/applications/application-process.service';
import { AppliedPayloadSchema, applyStep } from '../../server/applications/apply-step';
import { findApplicationById, insertApplication, overwriteApplication, type ApplicationRow } from '../../server/applications/application-repository';
import { insertPerson, listPersons } from '../../server/applications/person-repository';
import { toTaskResponse } from '../../server/applications/task-response';
import { loadProductTable } from '../../server/pricing/pricing-repository';
import { startTestApp, type TestApp } from './support/test-app';
import { environmentFlagService } from '../../server/features/flag-service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BUSINESS_DOMAIN: 'corporate-banking' });
});
afterAll(() => t.database.dispose());

/** A corporate application at submitFinancialData whose business data said `company`. */
async function seeded(company: Record<string, unknown>): Promise<ApplicationRow> {
  const now = t.now();
  return t.database.db.transaction(async (tx) => {
    const application = await insertApplication(tx, {
      externalId: randomUUID(),
      owner: { kind: 'subject', id: `corporate-${randomUUID()}` },
      businessDomain: 'corporate-banking',
      productName: 'OPERATING_LOAN',
      data: {
        currency: 'EUR',
        creditConditions: { productName: 'OPERATING_LOAN', loanAmount: 250000, loanPeriod: 60, loanPurpose: null, interestRate: 15.9, monthlyPaymentDay: 15 },
        initialCreditConditions: { loanAmount: 250000, loanPeriod: 60 },
        source: { channel: 'WEB', applicationOrigin: 'WEB', countryCode: 'EE' },
        sourceMetaData: {},
        customData: {},
        company: { registrationCode: '12345678', businessName: 'Example OÜ', countryCode: 'EE', ...company },
      },
      processState: {},
      taskKey: 'submitFinancialData',
      now,
    });
    await insertPerson(tx, application.id, { role: 'APPLICANT', languageCode: 'est', personalCode: null, declaredData: {}, consents: {} }, now);
    return application;
  });
}

/** What the server makes of a submission's `application` part on this application: its contract's verdict. */
async function check(application: ApplicationRow, submitted: unknown) {
  const persons = await listPersons(t.database.db, application.id);
  const products = await loadProductTable(t.database.db, 'corporate-banking');
  const context = serverContractContext({ config: t.config, flags: environmentFlagService(t.config) }, application, persons, 'APPLICANT', undefined, products, t.now());
  return { context, products, result: v.safeParse(contract.payloadSchema(context), submitted) };
}

function fieldErrorsOf(issues: readonly v.BaseIssue<unknown>[] | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues ?? []) (out[getDotPath(issue) ?? ''] ??= []).push(issue.message);
  return out;
}

const NEXT_YEAR = new Date().getFullYear() + 1;
const PREMISES = { asset: { type: 'PREMISES', marketValue: 240000, address: { countryCode: 'EE', streetAddress: 'Pärnu mnt 10', administrativeAreaLevel1: 'Tallinn' } }, additionalInfoText: 'Office building' };
const VEHICLES = { asset: { type: 'VEHICLES', marketValue: 18500 } };
const LOAN = { type: 'BUSINESS_LOAN', creditor: 'Example Bank', declaredAmount: 50000, declaredMonthlyPayment: 1250, endDate: `${NEXT_YEAR}-06-15` };
const submission = (company: Record<string, unknown>) => ({ applicationUpdates: { company }, personUpdates: [], addRelations: [], customData: {} });

describe('the corporate financial data on the server (decision 183)', () => {
  it('passes the company’s has-liabilities answer to the contract, and shows it to the client, whose context agrees', async () => {
    for (const hasLiabilities of [true, false]) {
      const application = await seeded({ hasLiabilities });
      const { context, products } = await check(application, submission({}));
      expect(context.prefill?.['hasLiabilities']).toBe(hasLiabilities);
      const persons = await listPersons(t.database.db, application.id);
      const reply = v.parse(TaskResponseSchema, toTaskResponse({ application, persons, relations: [], draft: undefined, previousTask: null, taskKey: 'submitFinancialData' }));
      expect(reply.application.company).toMatchObject({ hasLiabilities });
      const client = clientContractContext({ domain: 'corporate-banking', locale: 'et', role: 'APPLICANT', start: {}, application: reply.application, products, features: {}, allowedLocales: ['et', 'en'] });
      expect(client.prefill?.['hasLiabilities']).toBe(hasLiabilities);
    }
    // A company whose business data has not answered it shows no answer (and the liabilities are asked).
    const plain = await seeded({});
    const persons = await listPersons(t.database.db, plain.id);
    expect(toTaskResponse({ application: plain, persons, relations: [], draft: undefined, previousTask: null }).application.company).toMatchObject({ hasLiabilities: null });
  });

  it('checks the collaterals and liabilities and stores them under the company, only what each type asks', async () => {
    const application = await seeded({ hasLiabilities: true });
    const guarantee = { type: 'GUARANTEE', creditor: 'Example Leasing', declaredAmount: 20000, declaredMonthlyPayment: 99, endDate: `${NEXT_YEAR}-12-01` };
    const { result, products } = await check(application, submission({ collaterals: [PREMISES, { ...VEHICLES, asset: { ...VEHICLES.asset, address: PREMISES.asset.address } }], liabilities: [LOAN, guarantee] }));
    expect(result.issues ?? []).toEqual([]);
    // What a type does not ask is not kept: a vehicle's address, a guarantee's monthly payment.
    const { declaredMonthlyPayment: _dropped, ...guaranteeKept } = guarantee;
    expect(result.output).toEqual(submission({ collaterals: [PREMISES, VEHICLES], liabilities: [LOAN, guaranteeKept] }));
    const stored = await t.database.db.transaction(async (tx) => {
      const applied = await applyStep(
        tx,
        { applicationId: application.id, businessDomain: 'corporate-banking', data: application.data, submitterRole: 'APPLICANT', products },
        v.parse(AppliedPayloadSchema, result.output),
        t.now(),
      );
      await overwriteApplication(tx, application.id, { data: applied.data, productName: applied.productName, stepCount: 2, processDone: false });
      return findApplicationById(tx, application.id);
    });
    expect((stored?.data as { company: unknown }).company).toEqual({
      registrationCode: '12345678',
      businessName: 'Example OÜ',
      countryCode: 'EE',
      hasLiabilities: true,
      collaterals: [PREMISES, VEHICLES],
      liabilities: [LOAN, guaranteeKept],
    });
  });

  it('refuses what the rules refuse, at the row’s field: a surety in Estonia, a sixth collateral, a missing market value, a liability with no end date', async () => {
    const application = await seeded({ hasLiabilities: true });
    const surety = await check(application, submission({ collaterals: [PREMISES, { asset: { type: 'SURETY', name: 'PRIVATE_PERSONS_SURETY' } }], liabilities: [LOAN] }));
    expect(fieldErrorsOf(surety.result.issues)).toEqual({ 'applicationUpdates.company.collaterals.1.asset.type': [MESSAGES.choiceInvalid] });
    const six = await check(application, submission({ collaterals: Array.from({ length: 6 }, () => VEHICLES), liabilities: [LOAN] }));
    expect(fieldErrorsOf(six.result.issues)).toEqual({ 'applicationUpdates.company.collaterals': [expect.stringContaining(MESSAGES.rowsTooMany)] });
    const { endDate: _none, ...noEnd } = LOAN;
    const missing = await check(application, submission({ collaterals: [{ asset: { type: 'LAND', address: PREMISES.asset.address } }], liabilities: [noEnd] }));
    expect(fieldErrorsOf(missing.result.issues)).toEqual({
      'applicationUpdates.company.collaterals.0.asset.marketValue': [MESSAGES.required],
      'applicationUpdates.company.liabilities.0.endDate': [MESSAGES.required],
    });
    // Each maps back to the row's field in the form.
    expect(contract.fieldOfPath('applicationUpdates.company.collaterals.0.asset.marketValue', missing.context)).toBe('collaterals.0.marketValue');
    expect(contract.fieldOfPath('applicationUpdates.company.liabilities.0.endDate', missing.context)).toBe('liabilities.0.endDate.day');
    // A company with liabilities lists at least one.
    const none = await check(application, submission({ collaterals: [] }));
    expect(fieldErrorsOf(none.result.issues)).toEqual({ 'applicationUpdates.company.liabilities': [expect.stringContaining(MESSAGES.rowsTooFew)] });
  });

  it('asks no liabilities of a company that has none: rows sent anyway are dropped and the stored list is emptied', async () => {
    const application = await seeded({ hasLiabilities: false, liabilities: [LOAN] });
    const { result } = await check(application, submission({ collaterals: [], liabilities: [LOAN, { type: 'nonsense' }] }));
    expect(result.issues ?? []).toEqual([]);
    expect(result.output).toEqual(submission({ collaterals: [], liabilities: [] }));
  });
});
