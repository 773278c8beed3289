import { describe, expect, it } from 'vitest';
import {
  OPEN_BANKING_REQUIRED_DOCUMENT,
  incomeEvidenceReasonsOf,
  needsIncomeEvidence,
  statementsResetOnUpdateIn,
} from '../../core/domain/income-evidence';

/** Decision 152: which declared incomes need bank statements, per country (section 3, section 4). */
describe('incomeEvidenceReasonsOf', () => {
  it('has no reason without declared data or with ordinary employment and salary', () => {
    expect(incomeEvidenceReasonsOf(undefined)).toEqual([]);
    expect(incomeEvidenceReasonsOf({})).toEqual([]);
    expect(incomeEvidenceReasonsOf({ employmentType: 'EMPLOYEE', incomes: [{ source: 'SALARY', fromAbroad: false }] })).toEqual([]);
  });

  it('names income from abroad only when an income says so with true', () => {
    expect(incomeEvidenceReasonsOf({ incomes: [{ source: 'SALARY' }, { source: 'SALARY', fromAbroad: true }] })).toEqual(['INCOME_FROM_ABROAD']);
    expect(incomeEvidenceReasonsOf({ incomes: [{ source: 'SALARY', fromAbroad: 'true' }] })).toEqual([]);
  });

  it('names self-employment for an entrepreneur and an individual activity, not for an employee', () => {
    expect(incomeEvidenceReasonsOf({ employmentType: 'ENTREPRENEUR' })).toEqual(['SELF_EMPLOYED']);
    expect(incomeEvidenceReasonsOf({ employmentType: 'INDIVIDUAL_ACTIVITY' })).toEqual(['SELF_EMPLOYED']);
    expect(incomeEvidenceReasonsOf({ employmentType: 'EMPLOYEE' })).toEqual([]);
    expect(incomeEvidenceReasonsOf({ employmentType: ['ENTREPRENEUR'] })).toEqual([]);
  });

  it('names an income no register confirms: business and dividends', () => {
    expect(incomeEvidenceReasonsOf({ incomes: [{ source: 'BUSINESS' }] })).toEqual(['UNVERIFIABLE_INCOME']);
    expect(incomeEvidenceReasonsOf({ incomes: [{ source: 'PENSION' }, { source: 'DIVIDENDS' }] })).toEqual(['UNVERIFIABLE_INCOME']);
    expect(incomeEvidenceReasonsOf({ incomes: [{ source: 'PENSION' }, { source: 'SALARY' }] })).toEqual([]);
  });

  it('gives every reason at once, in order, and ignores what is not a list of objects', () => {
    expect(
      incomeEvidenceReasonsOf({ employmentType: 'ENTREPRENEUR', incomes: [null, 'BUSINESS', { source: 'BUSINESS', fromAbroad: true }] }),
    ).toEqual(['INCOME_FROM_ABROAD', 'SELF_EMPLOYED', 'UNVERIFIABLE_INCOME']);
    expect(incomeEvidenceReasonsOf({ incomes: { source: 'BUSINESS', fromAbroad: true } })).toEqual([]);
    expect(incomeEvidenceReasonsOf({ incomes: [null, 7, 'x'] })).toEqual([]);
    const notAnObject = Object.assign(() => undefined, { source: 'BUSINESS', fromAbroad: true });
    expect(incomeEvidenceReasonsOf({ incomes: [notAnObject] })).toEqual([]);
    expect(incomeEvidenceReasonsOf({ incomes: [{ source: ['BUSINESS'] }] })).toEqual([]);
  });
});

describe('needsIncomeEvidence', () => {
  it('asks every Latvian retail borrower, elsewhere only one whose income needs it', () => {
    expect(needsIncomeEvidence('retail-banking-lv', false)).toBe(true);
    expect(needsIncomeEvidence('retail-banking-ee', false)).toBe(false);
    expect(needsIncomeEvidence('retail-banking-lt', false)).toBe(false);
    expect(needsIncomeEvidence('retail-banking-ee', true)).toBe(true);
  });
});

describe('statementsResetOnUpdateIn', () => {
  it('resets the statements on an update in Latvia only (section 4)', () => {
    expect(statementsResetOnUpdateIn('retail-banking-lv')).toBe(true);
    expect(statementsResetOnUpdateIn('retail-banking-ee')).toBe(false);
    expect(statementsResetOnUpdateIn('retail-banking-lt')).toBe(false);
  });
});

describe('OPEN_BANKING_REQUIRED_DOCUMENT', () => {
  it('is the aggregator’s bank statement as income evidence (section 3)', () => {
    expect(OPEN_BANKING_REQUIRED_DOCUMENT).toEqual({ type: 'INCOME', documentType: 'BANK_STATEMENT', source: 'EBAS' });
  });
});
