/**
 * Decision 183: the corporate table of SubmitFinancialData on both sides, where the generic contract
 * test cannot say it: the surety by country, only filled collaterals sent, the wire shape of an
 * asset, and the liabilities by the company's has-liabilities answer.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { emptyRow } from '../../core/contract/fields';
import type { ContractContext } from '../../core/contract/step-contract';
import type { Locale } from '../../core/domain/languages';
import contract from '../../src/steps/submitFinancialData/contract';
import { collateralRow, corporateLiabilityRow } from '../../src/steps/submitFinancialData/corporate-contract';

const company = (country: 'EE' | 'LV' | 'LT', prefill: Record<string, unknown> = {}): ContractContext & { locale: Locale } => ({
  domain: 'corporate-banking',
  locale: 'en',
  role: 'APPLICANT',
  country,
  prefill,
});
const NEXT_YEAR = String(new Date().getFullYear() + 1);

function formToServer(context: ContractContext & { locale: Locale }, values: Record<string, unknown>) {
  const read = v.safeParse(contract.formSchema(context), values);
  if (!read.success) return { issues: read.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`) };
  const payload = contract.toPayload(read.output as never, context);
  return { payload, server: v.parse(contract.payloadSchema(context), payload) };
}

describe('the corporate financial data contract (decision 183)', () => {
  it('is the corporate table in the corporate domain and the retail one elsewhere', () => {
    expect(Object.keys(contract.fields(company('EE')))).toEqual(['collaterals', 'liabilities', 'noLiabilities']);
    expect(Object.keys(contract.fields({ domain: 'retail-banking-ee' }))).toEqual(['role', 'incomes', 'noObligations', 'liabilities']);
  });

  it('offers the surety in Latvia and Lithuania, sent with the private persons’ surety name, and not in Estonia', () => {
    expect(collateralRow('EE').type.options).not.toContain('SURETY');
    for (const country of ['LV', 'LT'] as const) {
      const context = company(country, { hasLiabilities: false });
      expect(collateralRow(country).type.options).toContain('SURETY');
      const { payload, server } = formToServer(context, {
        collaterals: [{ ...emptyRow(collateralRow(country)), type: 'SURETY', additionalInfoText: 'The owners' }],
        liabilities: [],
      });
      expect(payload?.applicationUpdates).toEqual({ company: { collaterals: [{ asset: { type: 'SURETY', name: 'PRIVATE_PERSONS_SURETY' }, additionalInfoText: 'The owners' }], liabilities: [] } });
      expect(server).toEqual(payload);
    }
  });

  it('sends an address in the company’s country, without a blank district, and refuses another asset name', () => {
    const context = company('LT', { hasLiabilities: false });
    const { payload } = formToServer(context, {
      collaterals: [{ ...emptyRow(collateralRow('LT')), type: 'LAND', streetAddress: 'Gedimino pr. 1', administrativeAreaLevel1: 'Vilnius', marketValue: '90000' }],
      liabilities: [],
    });
    expect(payload?.applicationUpdates).toEqual({
      company: { collaterals: [{ asset: { type: 'LAND', marketValue: 90000, address: { countryCode: 'LT', streetAddress: 'Gedimino pr. 1', administrativeAreaLevel1: 'Vilnius' } } }], liabilities: [] },
    });
    const wrong = { applicationUpdates: { company: { collaterals: [{ asset: { type: 'SURETY', name: 'STATE_GUARANTEE' } }] } } };
    const refused = v.safeParse(contract.payloadSchema(context), wrong);
    expect(refused.issues?.map((issue) => v.getDotPath(issue))).toEqual(['applicationUpdates.company.collaterals.0.asset.name']);
    expect(contract.fieldOfPath('applicationUpdates.company.collaterals.0.asset.name', context)).toBe('collaterals.0.name');
  });

  it('leaves out collaterals nothing was given in, on both sides, and checks the others at their own row', () => {
    const context = company('EE', { hasLiabilities: false });
    const blank = emptyRow(collateralRow('EE'));
    const read = v.safeParse(contract.formSchema(context), { collaterals: [blank, { ...blank, type: 'VEHICLES' }, { ...blank, additionalInfoText: '  ' }], liabilities: [] });
    expect(read.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`)).toEqual(['collaterals.1.marketValue: validation.messages.required']);
    const server = v.parse(contract.payloadSchema(context), { applicationUpdates: { company: { collaterals: [{}, { asset: { type: 'MOTO' } }, { asset: { type: '' }, additionalInfoText: '' }] } } });
    expect(server.applicationUpdates).toEqual({ company: { collaterals: [{ asset: { type: 'MOTO' } }], liabilities: [] } });
  });

  it('asks the liabilities unless the company has none, a monthly payment except for a guarantee or surety', () => {
    const liability = { ...emptyRow(corporateLiabilityRow(company('EE'))), type: 'BUSINESS_SURETY', creditor: 'Partner OÜ', declaredAmount: '20 000', endDate: { day: '1', month: '12', year: NEXT_YEAR } };
    for (const prefill of [{ hasLiabilities: true }, {}]) {
      const { payload } = formToServer(company('EE', prefill), { collaterals: [], liabilities: [{ ...liability, declaredMonthlyPayment: '50' }] });
      expect(payload?.applicationUpdates).toEqual({ company: { collaterals: [], liabilities: [{ type: 'BUSINESS_SURETY', creditor: 'Partner OÜ', declaredAmount: 20000, endDate: `${NEXT_YEAR}-12-01` }] } });
      expect(formToServer(company('EE', prefill), { collaterals: [], liabilities: [] }).issues).toEqual([expect.stringContaining('liabilities: validation.messages.rowsTooFew')]);
    }
    const none = formToServer(company('EE', { hasLiabilities: false }), { collaterals: [], liabilities: [{ ...liability, type: '' }] });
    expect(none.payload?.applicationUpdates).toEqual({ company: { collaterals: [], liabilities: [] } });
  });

  it('takes a monthly payment of at most 999 999 and an end date from today to 25 years ahead', () => {
    const context = company('EE', { hasLiabilities: true });
    const row = { ...emptyRow(corporateLiabilityRow(context)), type: 'BUSINESS_LOAN', creditor: 'Example Bank', declaredAmount: '1000' };
    const issues = (values: Record<string, unknown>) => formToServer(context, { collaterals: [], liabilities: [{ ...row, ...values }] }).issues ?? [];
    expect(issues({ declaredMonthlyPayment: '999 999', endDate: { day: '1', month: '1', year: NEXT_YEAR } })).toEqual([]);
    expect(issues({ declaredMonthlyPayment: '1 000 000', endDate: { day: '1', month: '1', year: NEXT_YEAR } })).toEqual(['liabilities.0.declaredMonthlyPayment: validation.messages.moneyAboveMaximum?maxEur=999999']);
    expect(issues({ declaredMonthlyPayment: '10', endDate: { day: '1', month: '1', year: '2001' } })).toEqual(['liabilities.0.endDate.day: validation.messages.deadlineInPast']);
  });
});
