import { describe, expect, it } from 'vitest';
import type { PersonRow } from '../../server/applications/person-repository';
import { borrowersOf } from '../../server/decisions/decision.service';

function person(overrides: Partial<PersonRow>): PersonRow {
  return {
    id: '1',
    external_id: 'p-1',
    role: 'APPLICANT',
    language_code: null,
    personal_code: null,
    declared_data: {},
    consents: {},
    is_born: true,
    age: null,
    ...overrides,
  };
}

describe('the borrowers the decision engine sees (docs/decisions/130)', () => {
  it('are the applicant and the co-borrower, not the other persons (dependants, spouses)', () => {
    const borrowers = borrowersOf(
      [person({ role: 'APPLICANT' }), person({ id: '2', role: 'DEPENDENT' }), person({ id: '3', role: 'COBORROWER' }), person({ id: '4', role: 'SPOUSE' })],
      'EE',
    );
    expect(borrowers.map((borrower) => borrower.role)).toEqual(['APPLICANT', 'COBORROWER']);
  });

  it('take the birth date from the personal code, else from the date of birth asked (Latvia’s new codes), else none', () => {
    expect(borrowersOf([person({ personal_code: '38001085718' })], 'EE')[0]?.birthDate?.toISOString().slice(0, 10)).toBe('1980-01-08');
    const latvian = person({ personal_code: '321234-56789', declared_data: { dateOfBirth: '1985-03-15' } });
    expect(borrowersOf([latvian], 'LV')[0]?.birthDate?.toISOString().slice(0, 10)).toBe('1985-03-15');
    expect(borrowersOf([person({ personal_code: '321234-56789' })], 'LV')[0]?.birthDate).toBeNull();
  });

  it('read the incomes and obligations declared on the financial data step; “no obligations” means none', () => {
    const declared = {
      incomes: [{ source: 'SALARY', monthlyAmount: 1850 }, { source: 'RENT', monthlyAmount: 420.5, fromAbroad: true }],
      noObligations: false,
      liabilities: [{ type: 'CONSUMER_LOAN', creditor: 'Example Bank', monthlyPayment: 120, outstandingAmount: 2400 }, { type: 'GUARANTEE', creditor: 'Example Bank', outstandingAmount: 15000 }],
    };
    expect(borrowersOf([person({ declared_data: declared })], 'EE')[0]).toMatchObject({
      incomes: [{ monthlyAmount: 1850, fromAbroad: false }, { monthlyAmount: 420.5, fromAbroad: true }],
      liabilities: [
        { type: 'CONSUMER_LOAN', monthlyPayment: 120, outstandingAmount: 2400 },
        { type: 'GUARANTEE', monthlyPayment: null, outstandingAmount: 15000 },
      ],
    });
    expect(borrowersOf([person({ declared_data: { ...declared, noObligations: true } })], 'EE')[0]?.liabilities).toEqual([]);
    expect(borrowersOf([person({})], 'EE')[0]).toMatchObject({ incomes: [], liabilities: [] });
  });
});
