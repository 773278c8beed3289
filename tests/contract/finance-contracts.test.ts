/**
 * The retail data steps' contracts where what they ask depends on what the application already
 * knows (`prefill`: the chosen product, the person's citizenships, the applicant's personal code)
 * and on cross-row rules, which the generic test (contracts.test.ts) cannot set up: form and
 * server agree here too, with the problem on the same row's field.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ContractContext, StepContract, StepPayload } from '../../core/contract/step-contract';
import { getAt, parsePath, setAt } from '../../core/contract/paths';
import type { Locale } from '../../core/domain/languages';
import bankDetails from '../../src/steps/submitBankDetailsAndIdentificationDocumentInfo/contract';
import financialData from '../../src/steps/submitFinancialData/contract';
import realEstate from '../../src/steps/submitRealEstateInfo/contract';

const EE: ContractContext = { domain: 'retail-banking-ee', role: 'APPLICANT', flags: new Set() };

function sides(contract: StepContract, context: ContractContext, locale: Locale = 'en') {
  const formSchema = contract.formSchema({ ...context, locale });
  const payloadSchema = contract.payloadSchema(context);
  const example = contract.example?.(context) as Record<string, unknown>;
  const payloadOf = (values: Record<string, unknown>) => contract.toPayload(v.parse(formSchema, values) as never, { ...context, locale });
  return { formSchema, payloadSchema, example, payloadOf };
}

/** The server's problems with a payload, by the field its error map shows each on. */
function serverProblems(schema: v.GenericSchema<unknown, StepPayload>, payload: StepPayload, toField: (path: string) => string | undefined) {
  const result = v.safeParse(schema, payload);
  return Object.fromEntries((result.issues ?? []).map((issue) => [toField(v.getDotPath(issue) ?? '') ?? `(unmapped) ${v.getDotPath(issue)}`, issue.message]));
}

function withWire(payload: StepPayload, path: string, value: unknown): StepPayload {
  const copy = structuredClone(payload) as unknown as Record<string, unknown>;
  setAt(copy, parsePath(path), value);
  return copy as unknown as StepPayload;
}

describe('bank details: the tax residency block (section 5)', () => {
  it('fixes the first residency to the USA for a US citizen and asks the payer code there, on both sides', () => {
    const context: ContractContext = { ...EE, prefill: { citizenships: ['EE', 'US'] } };
    const { example, formSchema, payloadSchema } = sides(bankDetails as StepContract, context);
    expect((bankDetails.initialValues({ ...context, locale: 'en' }).taxResidencies[0] as { countryCode: string }).countryCode).toBe('US');
    expect((example.taxResidencies as { countryCode: string }[])[0]?.countryCode).toBe('US');
    const noCode = { ...example, taxResidencies: [{ countryCode: 'US', taxPayerCode: '' }] };
    expect(v.safeParse(formSchema, noCode).issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([['taxResidencies.0.taxPayerCode', 'validation.messages.required']]);
    const valid = bankDetails.toPayload(v.parse(bankDetails.formSchema({ ...context, locale: 'en' }), { ...example, taxResidencies: [{ countryCode: 'US', taxPayerCode: '123-45-6789' }] }), { ...context, locale: 'en' });
    expect(v.parse(payloadSchema, valid)).toEqual(valid);
    const estonianFirst = withWire(valid, 'personUpdates.0.declaredData.taxResidencies', [{ countryCode: 'EE' }]);
    expect(serverProblems(payloadSchema, estonianFirst, (path) => bankDetails.fieldOfPath(path, context))).toEqual({
      'taxResidencies.0.countryCode': 'validation.messages.taxResidencyFirstFixed',
    });
  });

  it('refuses the same country twice on the later row, form and server alike', () => {
    const { example, formSchema, payloadSchema, payloadOf } = sides(bankDetails as StepContract, EE);
    const twice = { ...example, taxResidencies: [{ countryCode: 'EE', taxPayerCode: '' }, { countryCode: 'FI', taxPayerCode: '1' }, { countryCode: 'FI', taxPayerCode: '2' }] };
    expect(v.safeParse(formSchema, twice).issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([['taxResidencies.2.countryCode', 'validation.messages.taxResidencyDuplicate']]);
    const payload = withWire(payloadOf(example), 'personUpdates.0.declaredData.taxResidencies', [{ countryCode: 'EE' }, { countryCode: 'FI', taxPayerCode: '1' }, { countryCode: 'FI', taxPayerCode: '2' }]);
    expect(serverProblems(payloadSchema, payload, (path) => bankDetails.fieldOfPath(path, EE))).toEqual({ 'taxResidencies.2.countryCode': 'validation.messages.taxResidencyDuplicate' });
  });

  it('sends the payment day as a number and refuses any other day', () => {
    const { example, payloadSchema, payloadOf } = sides(bankDetails as StepContract, EE);
    const payload = payloadOf(example);
    expect(getAt(payload, parsePath('applicationUpdates.creditConditions.monthlyPaymentDay'))).toBe(15);
    for (const day of [7, '15', 0, 31]) {
      expect(serverProblems(payloadSchema, withWire(payload, 'applicationUpdates.creditConditions.monthlyPaymentDay', day), (path) => bankDetails.fieldOfPath(path, EE))).toEqual({
        monthlyPaymentDay: 'validation.messages.choiceInvalid',
      });
    }
  });

  it('takes the payment day chosen before as its start, when it is one of the offered days', () => {
    expect(bankDetails.initialValues({ ...EE, locale: 'en', prefill: { monthlyPaymentDay: 5 } }).monthlyPaymentDay).toBe('5');
    expect(bankDetails.initialValues({ ...EE, locale: 'en', prefill: { monthlyPaymentDay: 7 } }).monthlyPaymentDay).toBe('15');
  });

  it('asks a co-borrower no payment day, and the server takes none from them', () => {
    const context: ContractContext = { ...EE, role: 'COBORROWER' };
    const { example, payloadSchema, payloadOf } = sides(bankDetails as StepContract, context);
    const payload = payloadOf(example);
    expect(payload.applicationUpdates).toEqual({});
    expect(payload.personUpdates[0]?.role).toBe('COBORROWER');
    const smuggled = withWire(payload, 'applicationUpdates.creditConditions.monthlyPaymentDay', 1);
    expect(v.parse(payloadSchema, smuggled).applicationUpdates).toEqual({});
  });
});

describe('real estate: the other owners (section 5, related persons)', () => {
  const APPLICANT = '38001085718'; // born 8 January 1980
  const context: ContractContext = { ...EE, prefill: { applicantPersonalCode: APPLICANT } };

  it('refuses the applicant as a co-owner and a parent younger than the applicant, on the row’s personal code', () => {
    const { example, payloadSchema, payloadOf } = sides(realEstate as StepContract, EE);
    const payload = payloadOf(example);
    const owners = (list: object[]) => withWire(payload, 'applicationUpdates.realEstate.otherOwners', list);
    const toField = (path: string) => realEstate.fieldOfPath(path, context);
    const server = realEstate.payloadSchema(context);
    expect(serverProblems(server, owners([{ personalCode: '48105121239', relation: 'SPOUSE' }, { personalCode: APPLICANT, relation: 'CHILD' }]), toField)).toEqual({
      'otherOwners.1.personalCode': 'validation.messages.relatedPersonSameAsApplicant',
    });
    expect(serverProblems(server, owners([{ personalCode: '61003157893', relation: 'PARENT' }]), toField)).toEqual({
      'otherOwners.0.personalCode': 'validation.messages.relatedPersonParentNotOlder',
    });
    // Without the applicant's code (the client sees it masked) only the rules among the owners apply.
    expect(serverProblems(payloadSchema, owners([{ personalCode: APPLICANT, relation: 'CHILD' }]), toField)).toEqual({});
  });

  it('asks for the other owners only when there are some, and the server drops any it is sent otherwise', () => {
    const { example, payloadSchema, payloadOf } = sides(realEstate as StepContract, EE);
    const alone = payloadOf({ ...example, collateralOwner: 'APPLICANT_ONLY' });
    expect(getAt(alone, parsePath('applicationUpdates.realEstate.otherOwners'))).toBeUndefined();
    const smuggled = withWire(alone, 'applicationUpdates.realEstate.otherOwners', [{ personalCode: 'x', relation: 'y' }]);
    expect(v.parse(payloadSchema, smuggled)).toEqual(alone);
  });

  it('asks the refinanced loan’s interest rate for a housing loan combining loans with the home only, on both sides (decision 122)', () => {
    const refinancing: ContractContext = { ...EE, productName: 'HOUSING_LOAN', prefill: { productName: 'HOUSING_LOAN', loanPurpose: 'COMBINING_LOANS_AND_PURCHASING_HOME' } };
    const { example, formSchema, payloadSchema, payloadOf } = sides(realEstate as StepContract, refinancing, 'et');
    expect(example.existingContractInterestRate).toBe('4,5');
    const payload = payloadOf(example);
    expect(getAt(payload, parsePath('applicationUpdates.realEstate.existingContractInterestRate'))).toBe(4.5);
    expect(v.safeParse(formSchema, { ...example, existingContractInterestRate: '101' }).issues?.[0]?.message).toBe('validation.messages.percentOutOfRange?min=0&max=100');
    const missing = withWire(payload, 'applicationUpdates.realEstate.existingContractInterestRate', undefined);
    expect(serverProblems(payloadSchema, missing, (path) => realEstate.fieldOfPath(path, refinancing))).toEqual({ existingContractInterestRate: 'validation.messages.required' });
    // Another purpose, or the unsecured refinancing loan (which never reaches this step): the rate is neither asked nor kept.
    for (const other of [
      { ...EE, productName: 'HOUSING_LOAN', prefill: { productName: 'HOUSING_LOAN', loanPurpose: 'PURCHASING_HOME' } },
      { ...EE, productName: 'REFINANCING_LOAN', prefill: { productName: 'REFINANCING_LOAN', loanPurpose: 'COMBINING_LOANS' } },
      EE,
    ]) {
      expect(v.parse(realEstate.payloadSchema(other), payload)).not.toHaveProperty('applicationUpdates.realEstate.existingContractInterestRate');
    }
  });

  it('refuses a kind of property that is not of the chosen type', () => {
    const { example, formSchema } = sides(realEstate as StepContract, EE);
    expect(v.safeParse(formSchema, { ...example, assetType: 'LAND', assetKind: 'FLAT' }).issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['assetKind', 'validation.messages.choiceInvalid'],
    ]);
  });
});

describe('financial data: incomes and obligations', () => {
  it('needs an obligation unless there are none, and sends none once there are none', () => {
    const { example, formSchema, payloadSchema, payloadOf } = sides(financialData as StepContract, EE);
    expect(v.safeParse(formSchema, { ...example, liabilities: [] }).issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['liabilities', 'validation.messages.rowsTooFew?min=1'],
    ]);
    const none = payloadOf({ ...example, noObligations: true });
    expect(none.personUpdates[0]?.declaredData).toEqual({
      incomes: [
        { source: 'SALARY', monthlyAmount: 1850 },
        { source: 'RENT', monthlyAmount: 420.5 },
      ],
      noObligations: true,
    });
    const smuggled = withWire(none, 'personUpdates.0.declaredData.liabilities', [{ type: 'OTHER' }]);
    expect(v.parse(payloadSchema, smuggled)).toEqual(none);
  });

  it('keeps "from abroad" out of the payload unless its flag is on', () => {
    const off = sides(financialData as StepContract, EE);
    const payload = off.payloadOf(off.example);
    const smuggled = withWire(payload, 'personUpdates.0.declaredData.incomes.0.fromAbroad', true);
    expect(v.parse(off.payloadSchema, smuggled)).toEqual(payload);
    const flagged: ContractContext = { ...EE, flags: new Set(['incomeFromAbroad']) };
    const on = sides(financialData as StepContract, flagged);
    const withFlag = on.payloadOf(on.example);
    expect(getAt(withFlag, parsePath('personUpdates.0.declaredData.incomes.0.fromAbroad'))).toBe(false);
    expect(serverProblems(on.payloadSchema, withWire(withFlag, 'personUpdates.0.declaredData.incomes.1.fromAbroad', undefined), (path) => financialData.fieldOfPath(path, flagged))).toEqual({
      'incomes.1.fromAbroad': 'validation.messages.required',
    });
  });
});
