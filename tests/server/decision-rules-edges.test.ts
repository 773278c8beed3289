/**
 * The decision rules at their thresholds and boundaries (issue 27 item 4, decision 226): what the
 * surviving mutants of server/decisions/decision-rules.ts showed no test pinned. Each test states the
 * bank's rule it holds: the exact limits (40 % approves, 50 % still goes to an underwriter), the age
 * counted to the day, the period that fits the maturity age exactly, the refinancing's payoff order
 * and what it covers, the underwriter's verdicts at the FINAL stage, hire purchase's and leasing's
 * pricing, and the card offered with a loan decided on the applicant alone.
 */
import { describe, expect, it } from 'vitest';
import type { ProductData } from '../../core/domain/product-data';
import { calculateLoanFigures, roundMoney } from '../../core/domain/pricing';
import {
  DSTI_APPROVAL_LIMIT,
  DSTI_REVIEW_LIMIT,
  ageOn,
  ageProblem,
  debtServiceToIncome,
  decide,
  decideCrossSellCard,
  largestAffordableAmount,
  longestPeriodForAge,
  newCreditMonthlyCost,
  offerOf,
  refinancedLiabilities,
  type BorrowerLiability,
  type CrossSellInput,
  type DecisionInput,
} from '../../server/decisions/decision-rules';
import { borrower, DECISION_TODAY as TODAY, estonianProduct as product } from '../support/decision-data';


function input(overrides: Partial<DecisionInput> = {}): DecisionInput {
  return { product: product('SMALL_LOAN'), amount: 5000, period: 36, borrowers: [borrower()], today: TODAY, stage: 'INITIAL', ...overrides };
}

/** An obligation whose monthly payment brings the debt service of `amount` over `period` to exactly `share` of 1 000 €. */
function filling(target: ProductData, amount: number, period: number, share: number): BorrowerLiability {
  return { type: 'RENT', monthlyPayment: roundMoney(1000 * share - newCreditMonthlyCost(target, amount, period)), outstandingAmount: null };
}

describe('age, counted to the day', () => {
  it('a birthday later in the year has not come yet; one earlier in the year, or earlier this month, has', () => {
    expect(ageOn(new Date('2000-07-01T00:00:00Z'), TODAY)).toBe(25);
    expect(ageOn(new Date('2000-03-20T00:00:00Z'), TODAY)).toBe(26);
    expect(ageOn(new Date('2000-06-14T00:00:00Z'), TODAY)).toBe(26);
    expect(ageOn(new Date('2000-06-16T00:00:00Z'), TODAY)).toBe(25);
  });

  it('someone 18 in a later month of this year is still too young', () => {
    expect(ageProblem([borrower({ birthDate: new Date('2008-07-01T00:00:00Z') })], TODAY)).toBe('BORROWER_TOO_YOUNG');
  });
});

describe('the period that ends before the youngest borrower turns 75', () => {
  it('counts a birthday later this month as a month not yet lived', () => {
    // Born on the 15th: 66 years to the day, 107 whole months left. Born on the 20th: one more.
    expect(longestPeriodForAge([borrower({ birthDate: new Date('1960-06-15T00:00:00Z') })], TODAY)).toBe(107);
    expect(longestPeriodForAge([borrower({ birthDate: new Date('1960-06-20T00:00:00Z') })], TODAY)).toBe(108);
  });

  it('is the youngest borrower’s, whichever of them is named first', () => {
    const older = borrower({ birthDate: new Date('1960-06-15T00:00:00Z') });
    const younger = borrower({ role: 'COBORROWER', birthDate: new Date('1990-06-15T00:00:00Z') });
    expect(longestPeriodForAge([younger, older], TODAY)).toBe(longestPeriodForAge([older, younger], TODAY));
    expect(longestPeriodForAge([younger, older], TODAY)).toBe(75 * 12 - 36 * 12 - 1);
  });

  it('a period that ends exactly in time is kept as asked; one that leaves exactly the product’s shortest period is offered', () => {
    const older = borrower({ birthDate: new Date('1960-06-15T00:00:00Z'), incomes: [{ monthlyAmount: 5000 }] });
    // 107 months left: the housing loan asked over 107 months is not shortened.
    expect(decide(input({ product: product('HOUSING_LOAN'), amount: 50000, period: 107, borrowers: [older] }))).toMatchObject({ outcome: 'POSITIVE', reasons: [], offer: { period: 107 } });
    // A housing loan's shortest period is 60 months: a borrower with exactly 60 left is offered 60.
    const sixty = borrower({ birthDate: new Date('1956-07-15T00:00:00Z'), incomes: [{ monthlyAmount: 5000 }] });
    expect(longestPeriodForAge([sixty], TODAY)).toBe(60);
    expect(decide(input({ product: product('HOUSING_LOAN'), amount: 50000, period: 300, borrowers: [sixty] }))).toMatchObject({
      outcome: 'POSITIVE',
      reasons: ['PERIOD_SHORTENED_FOR_AGE'],
      offer: { period: 60 },
    });
  });
});

describe('the new credit’s monthly cost', () => {
  it('hire purchase: the sum in equal parts, interest on the whole sum every month, and the fee', () => {
    const hirePurchase = product('CAR_HIRE_PURCHASE');
    expect(newCreditMonthlyCost(hirePurchase, 12000, 48)).toBe(roundMoney(12000 / 48 + (12000 * hirePurchase.interestRate) / 100 / 12 + offerOf(hirePurchase, 12000, 48).monthlyFee));
    // The same amount as an annuity loan at the same rate costs less a month (interest on a falling balance).
    expect(newCreditMonthlyCost(hirePurchase, 12000, 48)).toBeGreaterThan(newCreditMonthlyCost({ ...hirePurchase, productType: 'CONSUMER_LOAN' }, 12000, 48));
  });

  it('at no interest: the amount in equal parts', () => {
    const free = { ...product('SMALL_LOAN'), interestRate: 0, minInterestRate: 0, maxInterestRate: 0 };
    expect(newCreditMonthlyCost(free, 3600, 36)).toBe(roundMoney(100 + offerOf(free, 3600, 36).monthlyFee));
  });
});

describe('the offer’s pricing by product', () => {
  it('hire purchase is priced flat, other loans as annuities', () => {
    const hirePurchase = product('CAR_HIRE_PURCHASE');
    const offer = offerOf(hirePurchase, 12000, 48);
    const flat = calculateLoanFigures({ amount: 12000, periodMonths: 48, annualInterestRate: hirePurchase.interestRate, method: 'flat', monthlyFee: offer.monthlyFee, conclusionFee: offer.contractConclusionFee, conclusionFeeFromAmount: hirePurchase.contractConclusionFeeFromProductAmount });
    expect(offer.monthlyPayment).toBe(flat.monthlyPayment);
    expect(offer.totalRepaymentAmount).toBe(flat.totalRepaymentAmount);
  });

  it('a leasing’s residual lowers the regular payment and is part of the offer; without one there is none', () => {
    const car = product('CAR_LOAN');
    const plain = offerOf(car, 20000, 60);
    const leasing = offerOf(car, 20000, 60, 6000);
    expect(leasing.residual).toBe(6000);
    expect(leasing.monthlyPayment).toBeLessThan(plain.monthlyPayment);
    expect(plain).not.toHaveProperty('residual');
    expect(offerOf(car, 20000, 60, 0)).not.toHaveProperty('residual');
  });
});

describe('the debt service limits, exactly at them', () => {
  const housing = product('HOUSING_LOAN');
  const at = (share: number) => decide(input({ product: housing, amount: 30000, period: 300, borrowers: [borrower({ incomes: [{ monthlyAmount: 1000 }], liabilities: [filling(housing, 30000, 300, share)] })] }));

  it(`exactly ${DSTI_APPROVAL_LIMIT * 100} % is approved`, () => {
    const decision = at(DSTI_APPROVAL_LIMIT);
    expect(decision.debtServiceToIncome).toBe(DSTI_APPROVAL_LIMIT);
    expect(decision).toMatchObject({ outcome: 'POSITIVE', reasons: [] });
  });

  it(`exactly ${DSTI_REVIEW_LIMIT * 100} % still goes to an underwriter; just above it is negative`, () => {
    const decision = at(DSTI_REVIEW_LIMIT);
    expect(decision.debtServiceToIncome).toBe(DSTI_REVIEW_LIMIT);
    expect(decision).toMatchObject({ outcome: 'UNDECIDED_HOUSING_LOAN', reasons: ['DSTI_ABOVE_APPROVAL_LIMIT'] });
    expect(at(DSTI_REVIEW_LIMIT + 0.001)).toMatchObject({ outcome: 'NEGATIVE_INITIAL', reasons: ['DSTI_ABOVE_REVIEW_LIMIT'] });
  });
});

describe('the largest affordable amount', () => {
  const small = product('SMALL_LOAN');
  const rich = { product: small, borrowers: [borrower({ incomes: [{ monthlyAmount: 20000 }] })] };

  it('is none below the product’s minimum, the minimum itself when asked, and the amount asked as it is when it fits', () => {
    expect(largestAffordableAmount(rich, small.minAmount - small.amountStep, 36, DSTI_APPROVAL_LIMIT)).toBeUndefined();
    expect(largestAffordableAmount(rich, small.minAmount, 36, DSTI_APPROVAL_LIMIT)).toBe(small.minAmount);
    // Off the product's steps: the amount asked is not rounded down when it fits.
    expect(largestAffordableAmount(rich, 4250, 36, DSTI_APPROVAL_LIMIT)).toBe(4250);
  });

  it('is never more than asked, even where a larger refinancing would pay off more and fit', () => {
    const refinancing = product('REFINANCING_LOAN');
    const borrowers = [borrower({ incomes: [{ monthlyAmount: 1000 }], liabilities: [{ type: 'CONSUMER_LOAN', monthlyPayment: 350, outstandingAmount: 6000 }] })];
    // 5 000 € does not pay off the 6 000 € loan: 46.4 %. 6 000 € would, and fit, but was not asked for.
    expect(debtServiceToIncome({ product: refinancing, borrowers }, 6000, 60)).toBeLessThan(DSTI_APPROVAL_LIMIT);
    const largest = largestAffordableAmount({ product: refinancing, borrowers }, 5000, 60, DSTI_APPROVAL_LIMIT);
    expect(largest).toBe(2100);
    expect(debtServiceToIncome({ product: refinancing, borrowers }, 2200, 60)).toBeGreaterThan(DSTI_APPROVAL_LIMIT);
    // 4 000 € fits and 5 000 € does not; 5 100 € and more would pay off the loan of 5 100 € and fit: still at most what was asked.
    const close = [borrower({ incomes: [{ monthlyAmount: 1000 }], liabilities: [{ type: 'CONSUMER_LOAN', monthlyPayment: 300, outstandingAmount: 5100 }] })];
    expect(debtServiceToIncome({ product: refinancing, borrowers: close }, 4000, 60)).toBeLessThanOrEqual(DSTI_APPROVAL_LIMIT);
    expect(debtServiceToIncome({ product: refinancing, borrowers: close }, 5000, 60)).toBeGreaterThan(DSTI_APPROVAL_LIMIT);
    expect(debtServiceToIncome({ product: refinancing, borrowers: close }, 7000, 60)).toBeLessThanOrEqual(DSTI_APPROVAL_LIMIT);
    expect(largestAffordableAmount({ product: refinancing, borrowers: close }, 5000, 60, DSTI_APPROVAL_LIMIT)).toBeLessThan(5000);
  });
});

describe('what a refinancing pays off', () => {
  const loan = (type: string, monthlyPayment: number | null, outstandingAmount: number | null): BorrowerLiability => ({ type, monthlyPayment, outstandingAmount });

  it('only consumer credit with something still owed: not a mortgage, a lease or rent, not a card repaid', () => {
    const mortgage = loan('MORTGAGE', 300, 900);
    const rent = loan('RENT', 400, 500);
    const repaidCard = loan('CREDIT_CARD', 0, 0);
    const unknownBalance = loan('OVERDRAFT', 20, null);
    const consumer = loan('CONSUMER_LOAN', 100, 1000);
    expect(refinancedLiabilities([borrower({ liabilities: [mortgage, rent, repaidCard, unknownBalance, consumer] })], 5000)).toEqual([consumer]);
  });

  it('the largest monthly payment first, while the amount covers what is owed, an exact fit included', () => {
    const small = loan('CONSUMER_LOAN', 50, 1000);
    const large = loan('CREDIT_CARD', 200, 1000);
    const middle = loan('HIRE_PURCHASE', 100, 1000);
    expect(refinancedLiabilities([borrower({ liabilities: [small, large, middle] })], 1000)).toEqual([large]);
    expect(refinancedLiabilities([borrower({ liabilities: [small, large, middle] })], 2000)).toEqual([large, middle]);
    // A payment not known counts as none: it comes last.
    const unknown = loan('SHORT_TERM_LOAN', null, 1000);
    expect(refinancedLiabilities([borrower({ liabilities: [unknown, small] })], 1000)).toEqual([small]);
  });

  it('what is paid off is no longer there to pay: 5 000 € covers a loan of 4 000 €, not another of 1 500 € as well', () => {
    const first = loan('CONSUMER_LOAN', 150, 4000);
    const second = loan('CREDIT_CARD', 60, 1500);
    expect(refinancedLiabilities([borrower({ liabilities: [first, second] })], 5000)).toEqual([first]);
  });

  it('follows the lenders’ check: confirmed goes on, a mismatch or nothing to refinance is a refinancing negative; other products ignore it', () => {
    const refinancing = input({ product: product('REFINANCING_LOAN'), amount: 3000, period: 36, borrowers: [borrower({ liabilities: [loan('CONSUMER_LOAN', 120, 2400)] })] });
    expect(decide({ ...refinancing, findings: { refinancing: { verdict: 'CONFIRMED' } } }).outcome).toBe('POSITIVE');
    expect(decide({ ...refinancing, findings: { refinancing: { verdict: 'MISMATCH' } } })).toMatchObject({ outcome: 'NEGATIVE_REFINANCING', reasons: ['REFINANCING_NOT_CONFIRMED'], offer: null });
    expect(decide({ ...refinancing, findings: { refinancing: { verdict: 'NOTHING_TO_REFINANCE' } } })).toMatchObject({ outcome: 'NEGATIVE_REFINANCING', reasons: ['NOTHING_TO_REFINANCE'] });
    expect(decide({ ...refinancing, stage: 'FINAL', findings: { refinancing: { verdict: 'MISMATCH' } } }).outcome).toBe('NEGATIVE_FINAL');
    expect(decide({ ...refinancing, product: product('SMALL_LOAN'), findings: { refinancing: { verdict: 'MISMATCH' } } }).outcome).toBe('POSITIVE');
  });
});

describe('left to a person', () => {
  it('when any borrower’s age is unknown, or any one income is from abroad', () => {
    expect(decide(input({ borrowers: [borrower(), borrower({ role: 'COBORROWER', birthDate: null })] }))).toMatchObject({ outcome: 'UNDECIDED', reasons: ['BORROWER_AGE_UNKNOWN'] });
    expect(decide(input({ borrowers: [borrower({ incomes: [{ monthlyAmount: 2000 }, { monthlyAmount: 800, fromAbroad: true }] })] }))).toMatchObject({ outcome: 'UNDECIDED', reasons: ['INCOME_FROM_ABROAD'] });
  });
});

describe('the FINAL stage after an underwriter’s review (decision 173)', () => {
  const underwriter = (verdict: 'APPROVE' | 'REDUCE' | 'REFUSE' | 'REFER', maxAmount: number | null = null) => ({ underwriter: { verdict, maxAmount, debtServiceToIncome: 0.31 } });
  const final = (overrides: Partial<DecisionInput>) => decide(input({ product: product('CAR_LOAN'), amount: 20000, period: 60, stage: 'FINAL', ...overrides }));

  it('approved: the amount at stake, priced as any offer, with the underwriter’s debt service', () => {
    expect(final({ findings: underwriter('APPROVE') })).toEqual({
      outcome: 'POSITIVE',
      reasons: ['UNDERWRITER_APPROVED'],
      debtServiceToIncome: 0.31,
      offer: offerOf(product('CAR_LOAN'), 20000, 60),
    });
    // An approval carrying a lower amount is not a reduction.
    expect(final({ findings: underwriter('APPROVE', 9000) }).offer?.amount).toBe(20000);
  });

  it('reduced: the underwriter’s lower amount, at least the product’s minimum; without an amount, the amount at stake', () => {
    expect(final({ findings: underwriter('REDUCE', 12300) })).toMatchObject({ outcome: 'POSITIVE', reasons: ['UNDERWRITER_APPROVED', 'AMOUNT_REDUCED'], offer: offerOf(product('CAR_LOAN'), 12300, 60) });
    expect(final({ findings: underwriter('REDUCE', 500) }).offer?.amount).toBe(product('CAR_LOAN').minAmount);
    expect(final({ findings: underwriter('REDUCE', null) })).toMatchObject({ reasons: ['UNDERWRITER_APPROVED'], offer: { amount: 20000 } });
    // A "reduction" above the amount at stake offers the amount at stake.
    expect(final({ findings: underwriter('REDUCE', 25000) })).toMatchObject({ reasons: ['UNDERWRITER_APPROVED'], offer: { amount: 20000 } });
  });

  it('refused is negative, referred is undecided, each with the underwriter’s debt service and the period’s reason kept', () => {
    expect(final({ findings: underwriter('REFUSE') })).toEqual({ outcome: 'NEGATIVE_FINAL', reasons: ['UNDERWRITER_REFUSED'], debtServiceToIncome: 0.31, offer: null });
    expect(final({ findings: underwriter('REFER') })).toEqual({ outcome: 'UNDECIDED', reasons: ['UNDERWRITER_REFERRED'], debtServiceToIncome: 0.31, offer: null });
    const older = borrower({ birthDate: new Date('1960-06-15T00:00:00Z') });
    expect(decide(input({ product: product('HOUSING_LOAN'), amount: 50000, period: 300, borrowers: [older], stage: 'FINAL', findings: underwriter('APPROVE') }))).toMatchObject({
      reasons: ['PERIOD_SHORTENED_FOR_AGE', 'UNDERWRITER_APPROVED'],
      offer: { period: 107 },
    });
  });

  it('the underwriter decides even what would have gone to a person; at the INITIAL stage their verdict is not read', () => {
    expect(final({ borrowers: [borrower({ birthDate: null })], findings: underwriter('APPROVE') }).outcome).toBe('POSITIVE');
    expect(decide(input({ product: product('CAR_LOAN'), amount: 20000, period: 60, findings: underwriter('REFUSE') })).outcome).toBe('POSITIVE');
    // Without a verdict, the FINAL stage decides by the rules.
    expect(final({}).reasons).toEqual([]);
  });
});

describe('the card offered with a loan: its period and the applicant', () => {
  const CARD = product('CREDIT_CARD_VISA_CLASSIC');
  const card = (overrides: Partial<CrossSellInput> = {}) =>
    decideCrossSellCard({ card: CARD, loanProduct: product('SMALL_LOAN'), loanOffer: { amount: 5000, period: 36 }, borrowers: [borrower()], today: TODAY, ...overrides });

  it('its base period within the card’s own bounds', () => {
    expect(card({ card: { ...CARD, minPeriod: 12, basePeriod: 36, maxPeriod: 24 } }).offer?.period).toBe(24);
    expect(card({ card: { ...CARD, minPeriod: 18, basePeriod: 6, maxPeriod: 24 } }).offer?.period).toBe(18);
  });

  it('no applicant, no card', () => {
    expect(card({ borrowers: [borrower({ role: 'COBORROWER' })] })).toMatchObject({ outcome: 'NOT_OFFERED', reasons: ['BORROWER_AGE_UNKNOWN'], offer: null });
  });

  it('one income from abroad among the applicant’s is enough to offer no card', () => {
    expect(card({ borrowers: [borrower({ incomes: [{ monthlyAmount: 2000 }, { monthlyAmount: 500, fromAbroad: true }] })] })).toMatchObject({ outcome: 'NOT_OFFERED', reasons: ['INCOME_FROM_ABROAD'] });
  });
});
