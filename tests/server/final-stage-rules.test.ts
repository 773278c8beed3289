/**
 * Decision 173's rules, each on its own: the underwriter's manual rules, the refinancing check and
 * payoff, and the decision engine's FINAL stage with what the back office found. Pure functions: no
 * database, no clock (the end-to-end paths over HTTP are in final-stage.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ProductData } from '../../core/domain/product-data';
import { isValidIban } from '../../core/validation/general/iban';
import { decide, debtServiceToIncome, type Borrower, type BorrowerLiability, type DecisionInput } from '../../server/decisions/decision-rules';
import {
  MAX_REMAINING_TERM_MONTHS,
  checkRefinancing,
  leastRefinancingAmount,
  lenderAccountOf,
  lenderConfirms,
  obligationsToRefinance,
  payoffOf,
} from '../../server/checks/refinancing-rules';
import {
  INCOME_CONFIRMED_SHARE,
  INCOME_MISSTATED_SHARE,
  UNDERWRITER_DSTI_LIMIT,
  confirmIncome,
  monthlyIncomeOfStatements,
  reviewApplication,
  type IncomeEvidence,
} from '../../server/checks/underwriter-rules';
import { findingsOf } from '../../server/checks/check-findings';
import { readApplicationData } from '../../server/applications/application-data';
import { borrower, DECISION_TODAY as TODAY, estonianProduct as product } from '../support/decision-data';


const loan = (type: string, monthlyPayment: number | null, outstandingAmount: number | null, creditor: string | null = 'Näidispank AS'): BorrowerLiability => ({
  type,
  creditor,
  monthlyPayment,
  outstandingAmount,
});

const statements = (monthlyIncome: number, role: Borrower['role'] = 'APPLICANT'): IncomeEvidence => ({ role, source: 'OPEN_BANKING', monthlyIncome, months: 4 });

describe('the underwriter: income as the evidence confirms it', () => {
  it('statements confirm the declared income from 90 % of it, count what they show down to 50 %, and below that the declaration is misstated', () => {
    const declared = borrower({ incomes: [{ monthlyAmount: 1500 }, { monthlyAmount: 500 }] });
    expect(INCOME_CONFIRMED_SHARE).toBe(0.9);
    expect(INCOME_MISSTATED_SHARE).toBe(0.5);
    expect(confirmIncome(declared, [statements(1800)])).toEqual({ role: 'APPLICANT', declared: 2000, confirmed: 2000, reason: 'INCOME_CONFIRMED' });
    expect(confirmIncome(declared, [statements(1799.99)])).toEqual({ role: 'APPLICANT', declared: 2000, confirmed: 1799.99, reason: 'INCOME_LOWER_THAN_DECLARED' });
    expect(confirmIncome(declared, [statements(1000)])).toMatchObject({ confirmed: 1000, reason: 'INCOME_LOWER_THAN_DECLARED' });
    expect(confirmIncome(declared, [statements(999.99)])).toMatchObject({ confirmed: 999.99, reason: 'INCOME_MISSTATED' });
  });

  it('an uploaded statement is read by a person: it confirms the declared income', () => {
    expect(confirmIncome(borrower(), [{ role: 'APPLICANT', source: 'UPLOAD', monthlyIncome: null, months: 0 }])).toMatchObject({ confirmed: 2000, reason: 'INCOME_CONFIRMED' });
  });

  it('without statements the register confirms income earned at home, nothing confirms income from abroad', () => {
    expect(confirmIncome(borrower(), [])).toMatchObject({ confirmed: 2000, reason: 'INCOME_CONFIRMED' });
    const abroad = borrower({ incomes: [{ monthlyAmount: 1200 }, { monthlyAmount: 800, fromAbroad: true }] });
    expect(confirmIncome(abroad, [])).toEqual({ role: 'APPLICANT', declared: 2000, confirmed: 1200, reason: 'INCOME_NOT_CONFIRMED' });
    // Another borrower's statements are theirs only.
    expect(confirmIncome(abroad, [statements(2000, 'COBORROWER')])).toMatchObject({ confirmed: 1200, reason: 'INCOME_NOT_CONFIRMED' });
    expect(confirmIncome(abroad, [statements(2000)])).toMatchObject({ confirmed: 2000, reason: 'INCOME_CONFIRMED' });
  });

  it('reads the money in from open-banking statements: every account of a month together, averaged over the months', () => {
    expect(
      monthlyIncomeOfStatements([
        { month: '2026-02', incoming: 1500 },
        { month: '2026-02', incoming: 500 },
        { month: '2026-03', incoming: 1800 },
        { month: '2026-03', incoming: -5 },
      ]),
    ).toEqual({ monthlyIncome: 1900, months: 2 });
    expect(monthlyIncomeOfStatements([])).toBeUndefined();
  });
});

describe('the underwriter’s verdict', () => {
  const car = product('CAR_LOAN');
  const review = (borrowers: Borrower[], evidence: IncomeEvidence[] = [], amount = 20000, period = 60, of: ProductData | undefined = car) =>
    reviewApplication({ product: of, amount, period, borrowers, evidence });

  it('approves the amount at stake within the underwriter’s 50 % of the confirmed income', () => {
    expect(UNDERWRITER_DSTI_LIMIT).toBe(0.5);
    const approved = review([borrower()], [statements(2400)]);
    expect(approved).toMatchObject({ verdict: 'APPROVE', maxAmount: null, reasons: ['INCOME_CONFIRMED', 'DSTI_WITHIN_UNDERWRITER_LIMIT'] });
    expect(approved.debtServiceToIncome).toBe(debtServiceToIncome({ product: car, borrowers: [borrower()] }, 20000, 60));
    // About 45 %: above the engine's automatic 40 %, within the underwriter's ceiling.
    const tight = review([borrower({ incomes: [{ monthlyAmount: 1000 }], liabilities: [loan('RENT', 33, null)] })]);
    expect(tight.verdict).toBe('APPROVE');
    expect(tight.debtServiceToIncome).toBeGreaterThan(0.4);
    expect(tight.debtServiceToIncome).toBeLessThanOrEqual(0.5);
  });

  it('approves a lower amount where the confirmed income carries only that, at least the product’s minimum', () => {
    const lower = review([borrower({ incomes: [{ monthlyAmount: 1000 }], liabilities: [loan('CONSUMER_LOAN', 300, 6000)] })]);
    expect(lower.verdict).toBe('REDUCE');
    expect(lower.reasons).toContain('AMOUNT_REDUCED');
    const max = lower.maxAmount ?? 0;
    expect(max).toBeGreaterThanOrEqual(car.minAmount);
    expect(max).toBeLessThan(20000);
    const confirmed = [borrower({ incomes: [{ monthlyAmount: 1000 }], liabilities: [loan('CONSUMER_LOAN', 300, 6000)] })];
    expect(debtServiceToIncome({ product: car, borrowers: confirmed }, max, 60)).toBeLessThanOrEqual(0.5);
    expect(debtServiceToIncome({ product: car, borrowers: confirmed }, max + car.amountStep, 60)).toBeGreaterThan(0.5);
  });

  it('counts only the income the statements show: less than declared lowers the amount, a misstated income is refused', () => {
    expect(review([borrower({ incomes: [{ monthlyAmount: 1400 }] })], [statements(1000)])).toMatchObject({ verdict: 'APPROVE', incomes: [{ confirmed: 1000 }] });
    expect(review([borrower({ incomes: [{ monthlyAmount: 1400 }] })], [statements(800)])).toMatchObject({ verdict: 'REDUCE', incomes: [{ confirmed: 800 }] });
    expect(review([borrower({ incomes: [{ monthlyAmount: 20000 }] })], [statements(3000)])).toMatchObject({ verdict: 'REFUSE', reasons: ['INCOME_MISSTATED'] });
  });

  it('refuses where even the product’s minimum does not fit, and a debt in collection whatever the income', () => {
    expect(review([borrower({ incomes: [{ monthlyAmount: 600 }], liabilities: [loan('CONSUMER_LOAN', 300, 6000)] })])).toMatchObject({
      verdict: 'REFUSE',
      reasons: ['INCOME_CONFIRMED', 'DSTI_ABOVE_UNDERWRITER_LIMIT'],
      maxAmount: null,
    });
    expect(review([borrower({ incomes: [{ monthlyAmount: 9000 }], liabilities: [loan('DEBT_COLLECTION', 20, 400)] })])).toMatchObject({ verdict: 'REFUSE', reasons: ['INCOME_CONFIRMED', 'DEBT_IN_COLLECTION'] });
  });

  it('never lowers a real-estate loan (the home’s price sets it): refused instead', () => {
    const housing = product('HOUSING_LOAN');
    const verdict = review([borrower({ incomes: [{ monthlyAmount: 1200 }] })], [], 150000, 300, housing);
    expect(verdict).toMatchObject({ verdict: 'REFUSE', maxAmount: null });
  });

  it('refers to a loan specialist what it cannot confirm: income from abroad the debt service needs, no income confirmed, no product data', () => {
    const abroad = borrower({ incomes: [{ monthlyAmount: 400 }, { monthlyAmount: 1600, fromAbroad: true }] });
    expect(review([abroad])).toMatchObject({ verdict: 'REFER', reasons: ['INCOME_NOT_CONFIRMED', 'DSTI_ABOVE_UNDERWRITER_LIMIT'] });
    // With the statements that show it, the same applicant is approved.
    expect(review([abroad], [statements(2100)]).verdict).toBe('APPROVE');
    expect(review([borrower({ incomes: [{ monthlyAmount: 2000, fromAbroad: true }] })])).toMatchObject({ verdict: 'REFER', reasons: ['INCOME_NOT_CONFIRMED', 'NO_CONFIRMED_INCOME'] });
    expect(reviewApplication({ product: undefined, amount: 20000, period: 60, borrowers: [borrower()], evidence: [] })).toMatchObject({ verdict: 'REFER', reasons: ['INCOME_CONFIRMED', 'NO_PRODUCT_DATA'] });
  });

  it('counts both borrowers’ confirmed income together', () => {
    const applicant = borrower({ incomes: [{ monthlyAmount: 500 }] });
    const coBorrower = borrower({ role: 'COBORROWER', incomes: [{ monthlyAmount: 600 }] });
    expect(review([applicant])).toMatchObject({ verdict: 'REDUCE' });
    expect(review([applicant, coBorrower])).toMatchObject({ verdict: 'APPROVE' });
  });
});

describe('the refinancing check: what the lenders confirm', () => {
  it('refinances consumer credit with money still owed, whoever of the borrowers owes it', () => {
    const applicant = borrower({ liabilities: [loan('CONSUMER_LOAN', 120, 2400), loan('MORTGAGE', 500, 90000), loan('CAR_LOAN', 200, 0)] });
    const coBorrower = borrower({ role: 'COBORROWER', liabilities: [loan('CREDIT_CARD', null, 800, 'Kaardipank')] });
    expect(obligationsToRefinance([applicant, coBorrower]).map(({ role, liability }) => [role, liability.type])).toEqual([
      ['APPLICANT', 'CONSUMER_LOAN'],
      ['COBORROWER', 'CREDIT_CARD'],
    ]);
  });

  it('a lender confirms a named obligation whose instalments repay it within ten years; revolving credit by its balance', () => {
    expect(MAX_REMAINING_TERM_MONTHS).toBe(120);
    expect(lenderConfirms(loan('CONSUMER_LOAN', 100, 12000))).toBe(true);
    expect(lenderConfirms(loan('CONSUMER_LOAN', 100, 12000.01))).toBe(false);
    expect(lenderConfirms(loan('CONSUMER_LOAN', 0, 500))).toBe(false);
    expect(lenderConfirms(loan('CAR_LOAN', null, 500))).toBe(false);
    expect(lenderConfirms(loan('CONSUMER_LOAN', 100, 2000, '  '))).toBe(false);
    expect(lenderConfirms(loan('CREDIT_CARD', null, 900))).toBe(true);
    expect(lenderConfirms(loan('OVERDRAFT', 0, 300))).toBe(true);
  });

  it('answers confirmed, a mismatch where any obligation is not confirmed, or nothing to refinance', () => {
    expect(checkRefinancing([borrower({ liabilities: [loan('CONSUMER_LOAN', 120, 2400), loan('CREDIT_CARD', null, 600)] })]).verdict).toBe('CONFIRMED');
    const mismatch = checkRefinancing([borrower({ liabilities: [loan('CONSUMER_LOAN', 120, 2400), loan('CAR_LOAN', 50, 90000)] })]);
    expect(mismatch.verdict).toBe('MISMATCH');
    expect(mismatch.obligations.map((obligation) => obligation.confirmed)).toEqual([true, false]);
    expect(checkRefinancing([borrower({ liabilities: [loan('RENT', 400, null)] })])).toEqual({ verdict: 'NOTHING_TO_REFINANCE', obligations: [] });
  });
});

describe('the refinancing payoff', () => {
  const owed = [borrower({ liabilities: [loan('CONSUMER_LOAN', 120, 2400, 'Näidispank AS'), loan('CAR_LOAN', 200, 4000, 'Autoliising AS')] })];

  it('pays off in full what the accepted amount covers, largest payment first, and the rest to the applicant', () => {
    const payoff = payoffOf(owed, 5000, { country: 'EE', reference: '3F2A-9C1B', today: TODAY });
    expect(payoff).toMatchObject({ totalPayoff: 4000, toApplicant: 1000, validUntil: '2026-06-29' });
    expect(payoff.payoffs).toEqual([{ creditor: 'Autoliising AS', type: 'CAR_LOAN', amount: 4000, iban: lenderAccountOf('Autoliising AS', 'EE'), reference: '3F2A-9C1B' }]);
    expect(payoffOf(owed, 7000, { country: 'EE', reference: 'R', today: TODAY })).toMatchObject({ totalPayoff: 6400, toApplicant: 600 });
  });

  it('gives each lender a valid account of the bank’s country, the same for the same lender', () => {
    for (const country of ['EE', 'LV', 'LT'] as const) {
      const iban = lenderAccountOf('Näidispank AS', country);
      expect(iban.startsWith(country)).toBe(true);
      expect(isValidIban(iban), iban).toBe(true);
      expect(lenderAccountOf(' näidispank as ', country)).toBe(iban);
      expect(lenderAccountOf('Autoliising AS', country)).not.toBe(iban);
    }
  });

  it('a refinancing offer is taken for at least what pays off the obligations its decision counted on', () => {
    const refinancing = product('REFINANCING_LOAN');
    expect(leastRefinancingAmount(owed, 7000, refinancing)).toBe(6400);
    expect(leastRefinancingAmount(owed, 5000, refinancing)).toBe(4000);
    expect(leastRefinancingAmount([borrower({ liabilities: [loan('CONSUMER_LOAN', 50, 450)] })], 3000, refinancing)).toBe(refinancing.minAmount);
    expect(leastRefinancingAmount([borrower({ liabilities: [loan('CONSUMER_LOAN', 50, 1250)] })], 3000, refinancing)).toBe(1300);
  });
});

describe('the decision engine with the back office’s findings', () => {
  const input = (overrides: Partial<DecisionInput> = {}): DecisionInput => ({
    product: product('CAR_LOAN'),
    amount: 20000,
    period: 60,
    borrowers: [borrower()],
    today: TODAY,
    stage: 'FINAL',
    ...overrides,
  });
  const underwriter = (verdict: 'APPROVE' | 'REDUCE' | 'REFUSE' | 'REFER', maxAmount: number | null = null) => ({ underwriter: { verdict, maxAmount, debtServiceToIncome: 0.3 } });

  it('at the FINAL stage follows the underwriter: approved offers the amount, reduced the lower one, priced as any offer', () => {
    expect(decide(input({ findings: underwriter('APPROVE') }))).toMatchObject({ outcome: 'POSITIVE', reasons: ['UNDERWRITER_APPROVED'], debtServiceToIncome: 0.3, offer: { amount: 20000, period: 60 } });
    expect(decide(input({ findings: underwriter('REDUCE', 12300) }))).toMatchObject({ outcome: 'POSITIVE', reasons: ['UNDERWRITER_APPROVED', 'AMOUNT_REDUCED'], offer: { amount: 12300, period: 60 } });
  });

  it('refused is NEGATIVE_FINAL, referred is undecided (a housing loan’s own kind)', () => {
    expect(decide(input({ findings: underwriter('REFUSE') }))).toMatchObject({ outcome: 'NEGATIVE_FINAL', reasons: ['UNDERWRITER_REFUSED'], offer: null });
    expect(decide(input({ findings: underwriter('REFER') }))).toMatchObject({ outcome: 'UNDECIDED', reasons: ['UNDERWRITER_REFERRED'] });
    expect(decide(input({ product: product('HOUSING_LOAN'), amount: 120000, period: 300, findings: underwriter('REFER') })).outcome).toBe('UNDECIDED_HOUSING_LOAN');
  });

  it('the hard stops still come first, and the INITIAL stage never reads the underwriter', () => {
    expect(decide(input({ borrowers: [borrower({ birthDate: new Date('1940-01-01T00:00:00Z') })], findings: underwriter('APPROVE') }))).toMatchObject({
      outcome: 'NEGATIVE_FINAL',
      reasons: ['BORROWER_TOO_OLD'],
    });
    const initial = decide(input({ stage: 'INITIAL', findings: underwriter('REFUSE') }));
    expect(initial.outcome).toBe('POSITIVE');
    expect(initial.reasons).not.toContain('UNDERWRITER_REFUSED');
  });

  it('a refinancing loan whose obligations the lenders did not confirm is NEGATIVE_REFINANCING', () => {
    const refinancing = input({ product: product('REFINANCING_LOAN'), amount: 3000, period: 36, stage: 'INITIAL', borrowers: [borrower({ liabilities: [loan('CONSUMER_LOAN', 120, 2400)] })] });
    expect(decide(refinancing).outcome).toBe('POSITIVE');
    expect(decide({ ...refinancing, findings: { refinancing: { verdict: 'CONFIRMED' } } }).outcome).toBe('POSITIVE');
    expect(decide({ ...refinancing, findings: { refinancing: { verdict: 'MISMATCH' } } })).toMatchObject({ outcome: 'NEGATIVE_REFINANCING', reasons: ['REFINANCING_NOT_CONFIRMED'] });
    expect(decide({ ...refinancing, findings: { refinancing: { verdict: 'NOTHING_TO_REFINANCE' } } })).toMatchObject({ outcome: 'NEGATIVE_REFINANCING', reasons: ['NOTHING_TO_REFINANCE'] });
    // Another product is not refinancing anything: the finding does not concern it.
    expect(decide({ ...refinancing, product: product('SMALL_LOAN'), findings: { refinancing: { verdict: 'MISMATCH' } } }).outcome).toBe('POSITIVE');
  });

  it('reads what the application keeps: the refinancing check always, the underwriter only at the FINAL stage', () => {
    const data = readApplicationData({
      currency: 'EUR',
      creditConditions: { productName: 'CAR_LOAN', loanAmount: 20000, loanPeriod: 60, loanPurpose: null, interestRate: null, monthlyPaymentDay: 10 },
      initialCreditConditions: { loanAmount: 20000, loanPeriod: 60 },
      source: { channel: 'WEBPAGE', applicationOrigin: 'WEB', countryCode: 'EE' },
      sourceMetaData: {},
      customData: {},
      refinancingCheck: { verdict: 'MISMATCH', obligations: [], checkedAt: '2026-06-15T00:00:00.000Z' },
      underwriterReview: { verdict: 'REDUCE', maxAmount: 9000, debtServiceToIncome: 0.61, reasons: [], incomes: [], amount: 20000, period: 60, reviewedAt: '2026-06-15T00:00:00.000Z' },
    });
    expect(findingsOf(data, 'INITIAL')).toEqual({ refinancing: { verdict: 'MISMATCH' } });
    expect(findingsOf(data, 'FINAL')).toEqual({ refinancing: { verdict: 'MISMATCH' }, underwriter: { verdict: 'REDUCE', maxAmount: 9000, debtServiceToIncome: 0.61 } });
  });
});
