import { describe, expect, it } from 'vitest';
import {
  CREDIT_LIMIT_MONTHLY_SHARE,
  DSTI_APPROVAL_LIMIT,
  DSTI_REVIEW_LIMIT,
  MAX_AGE_AT_MATURITY,
  STRESS_RATE_FLOOR,
  ageProblem,
  debtServiceToIncome,
  decide,
  decideCrossSellCard,
  existingDebtService,
  largestAffordableAmount,
  longestPeriodForAge,
  newCreditMonthlyCost,
  offerOf,
  refinancedLiabilities,
  stressRate,
  type Borrower,
  type CrossSellInput,
  type DecisionInput,
} from '../../server/decisions/decision-rules';
import { roundMoney } from '../../core/domain/pricing';
import { borrower, DECISION_TODAY as TODAY, EE_PRODUCTS as EE, estonianProduct as product } from '../support/decision-data';


function input(overrides: Partial<DecisionInput> = {}): DecisionInput {
  return { product: product('SMALL_LOAN'), amount: 5000, period: 36, borrowers: [borrower()], today: TODAY, stage: 'INITIAL', ...overrides };
}

describe('decision rules: age (section 9: 18 to 73 years and 11 months)', () => {
  it('accepts an adult and refuses someone under 18 or past 73 years and 11 months', () => {
    expect(ageProblem([borrower()], TODAY)).toBeUndefined();
    expect(ageProblem([borrower({ birthDate: new Date('2008-06-15T00:00:00Z') })], TODAY)).toBeUndefined();
    expect(ageProblem([borrower({ birthDate: new Date('2008-06-16T00:00:00Z') })], TODAY)).toBe('BORROWER_TOO_YOUNG');
    expect(ageProblem([borrower({ birthDate: new Date('1952-07-15T00:00:00Z') })], TODAY)).toBeUndefined();
    expect(ageProblem([borrower({ birthDate: new Date('1952-07-14T00:00:00Z') })], TODAY)).toBe('BORROWER_TOO_OLD');
  });

  it('checks every borrower, and leaves an unknown age alone', () => {
    expect(ageProblem([borrower(), borrower({ role: 'COBORROWER', birthDate: new Date('2010-01-01T00:00:00Z') })], TODAY)).toBe('BORROWER_TOO_YOUNG');
    expect(ageProblem([borrower({ birthDate: null })], TODAY)).toBeUndefined();
  });

  it('a borrower out of the ages gets a negative initial decision', () => {
    expect(decide(input({ borrowers: [borrower({ birthDate: new Date('2009-01-01T00:00:00Z') })] }))).toMatchObject({
      outcome: 'NEGATIVE_INITIAL',
      reasons: ['BORROWER_TOO_YOUNG'],
      offer: null,
    });
  });
});

describe('decision rules: age at maturity', () => {
  it(`ends the loan before the youngest borrower turns ${MAX_AGE_AT_MATURITY}`, () => {
    // Born 1960-06-15: 66 today, 75 in 108 months.
    const older = borrower({ birthDate: new Date('1960-06-15T00:00:00Z') });
    expect(longestPeriodForAge([older], TODAY)).toBe(107);
    // The younger co-borrower carries the loan.
    expect(longestPeriodForAge([older, borrower({ role: 'COBORROWER' })], TODAY)).toBeGreaterThan(400);
    expect(longestPeriodForAge([borrower({ birthDate: null })], TODAY)).toBeUndefined();
  });

  it('shortens the period to fit, and is negative when that leaves less than the product’s shortest period', () => {
    const older = borrower({ birthDate: new Date('1960-06-15T00:00:00Z') });
    const shortened = decide(input({ product: product('CAR_LOAN'), amount: 10000, period: 84, borrowers: [older] }));
    // 84 months end before 75: nothing to shorten.
    expect(shortened).toMatchObject({ outcome: 'POSITIVE', reasons: [], offer: { period: 84 } });
    const housing = decide(input({ product: product('HOUSING_LOAN'), amount: 50000, period: 300, borrowers: [borrower({ birthDate: new Date('1960-06-15T00:00:00Z'), incomes: [{ monthlyAmount: 5000 }] })] }));
    expect(housing).toMatchObject({ outcome: 'POSITIVE', reasons: ['PERIOD_SHORTENED_FOR_AGE'], offer: { period: 107 } });
    const tooLate = decide(input({ product: product('HOUSING_LOAN'), amount: 50000, period: 300, borrowers: [borrower({ birthDate: new Date('1965-01-01T00:00:00Z'), incomes: [{ monthlyAmount: 5000 }] })] }));
    expect(tooLate.offer?.period).toBe(162);
    const none = decide(input({ product: product('HOUSING_LOAN'), amount: 50000, period: 300, borrowers: [borrower({ birthDate: new Date('1953-01-01T00:00:00Z'), incomes: [{ monthlyAmount: 5000 }] })] }));
    expect(none).toMatchObject({ outcome: 'NEGATIVE_INITIAL', reasons: ['TOO_OLD_AT_MATURITY'] });
  });
});

describe('decision rules: income and obligations', () => {
  it('is negative without income', () => {
    expect(decide(input({ borrowers: [borrower({ incomes: [] })] }))).toMatchObject({ outcome: 'NEGATIVE_INITIAL', reasons: ['NO_INCOME'], debtServiceToIncome: null });
  });

  it('is negative with a debt in collection, whoever has it', () => {
    const coBorrower = borrower({ role: 'COBORROWER', liabilities: [{ type: 'DEBT_COLLECTION', monthlyPayment: 0, outstandingAmount: 300 }] });
    expect(decide(input({ borrowers: [borrower(), coBorrower] }))).toMatchObject({ outcome: 'NEGATIVE_INITIAL', reasons: ['DEBT_IN_COLLECTION'] });
  });

  it('counts every obligation’s monthly payment (a guarantee has none) against every borrower’s income', () => {
    const borrowers = [
      borrower({ liabilities: [{ type: 'CONSUMER_LOAN', monthlyPayment: 120, outstandingAmount: 2400 }, { type: 'GUARANTEE', monthlyPayment: null, outstandingAmount: 15000 }] }),
      borrower({ role: 'COBORROWER', incomes: [{ monthlyAmount: 1000 }, { monthlyAmount: 500 }], liabilities: [{ type: 'RENT', monthlyPayment: 380, outstandingAmount: null }] }),
    ];
    expect(existingDebtService(borrowers)).toBe(500);
    const newCredit = newCreditMonthlyCost(product('SMALL_LOAN'), 5000, 36);
    expect(debtServiceToIncome({ product: product('SMALL_LOAN'), borrowers }, 5000, 36)).toBeCloseTo((newCredit + 500) / 3500, 4);
  });

  it('leaves income from abroad and an unknown age to a person (undecided)', () => {
    expect(decide(input({ borrowers: [borrower({ incomes: [{ monthlyAmount: 3000, fromAbroad: true }] })] }))).toMatchObject({ outcome: 'UNDECIDED', reasons: ['INCOME_FROM_ABROAD'], offer: null });
    expect(decide(input({ borrowers: [borrower({ birthDate: null })] }))).toMatchObject({ outcome: 'UNDECIDED', reasons: ['BORROWER_AGE_UNKNOWN'] });
  });
});

describe('decision rules: debt service to income', () => {
  it(`tests real-estate loans at the rate plus 2 points, at least ${STRESS_RATE_FLOOR} %, and other loans at the offered rate`, () => {
    expect(stressRate(product('HOUSING_LOAN'))).toBeCloseTo(product('HOUSING_LOAN').interestRate + 2, 10);
    expect(stressRate({ ...product('HOUSING_LOAN'), interestRate: 3.9 })).toBe(STRESS_RATE_FLOOR);
    expect(stressRate(product('REAL_ESTATE_LOAN'))).toBeCloseTo(product('REAL_ESTATE_LOAN').interestRate + 2, 10);
    expect(stressRate(product('SMALL_LOAN'))).toBe(product('SMALL_LOAN').interestRate);
  });

  it(`counts a credit card’s limit at ${CREDIT_LIMIT_MONTHLY_SHARE * 100} % a month`, () => {
    const card = EE.CREDIT_CARD_VISA_CLASSIC;
    if (!card) throw new Error('no card');
    expect(newCreditMonthlyCost(card, 2000, 12)).toBe(100);
  });

  it(`approves the amount applied for within ${DSTI_APPROVAL_LIMIT * 100} %, with an offer inside the product’s bounds`, () => {
    const decision = decide(input());
    expect(decision.outcome).toBe('POSITIVE');
    expect(decision.reasons).toEqual([]);
    expect(decision.debtServiceToIncome).toBeLessThanOrEqual(DSTI_APPROVAL_LIMIT);
    const small = product('SMALL_LOAN');
    expect(decision.offer).toEqual(offerOf(small, 5000, 36));
    expect(decision.offer).toMatchObject({ productName: 'SMALL_LOAN', amount: 5000, period: 36, interestRate: small.interestRate });
    expect(decision.offer!.interestRate).toBeGreaterThanOrEqual(small.minInterestRate);
    expect(decision.offer!.interestRate).toBeLessThanOrEqual(small.maxInterestRate);
    expect(decision.offer!.totalRepaymentAmount).toBeGreaterThan(5000);
    expect(decision.offer!.annualPercentageRate).toBeGreaterThan(small.interestRate);
  });

  it('offers the largest affordable amount on the product’s steps when the amount applied for is too much', () => {
    const borrowers = [borrower({ incomes: [{ monthlyAmount: 800 }] })];
    const small = product('SMALL_LOAN');
    const decision = decide(input({ amount: 15000, period: 36, borrowers }));
    expect(decision).toMatchObject({ outcome: 'POSITIVE', reasons: ['DSTI_ABOVE_APPROVAL_LIMIT', 'AMOUNT_REDUCED'] });
    const offered = decision.offer!.amount;
    expect(offered).toBe(largestAffordableAmount({ product: small, borrowers }, 15000, 36, DSTI_APPROVAL_LIMIT));
    expect(offered).toBeLessThan(15000);
    expect(offered).toBeGreaterThanOrEqual(small.minAmount);
    expect((offered - small.minAmount) % small.amountStep).toBe(0);
    expect(debtServiceToIncome({ product: small, borrowers }, offered, 36)).toBeLessThanOrEqual(DSTI_APPROVAL_LIMIT);
    expect(debtServiceToIncome({ product: small, borrowers }, offered + small.amountStep, 36)).toBeGreaterThan(DSTI_APPROVAL_LIMIT);
  });

  it(`leaves it to an underwriter up to ${DSTI_REVIEW_LIMIT * 100} % when not even the smallest amount fits`, () => {
    // 500 € income, 200 € of rent: even the smallest loan (500 €, about 21 € a month) goes past 40 %.
    const borrowers = [borrower({ incomes: [{ monthlyAmount: 500 }], liabilities: [{ type: 'RENT', monthlyPayment: 200, outstandingAmount: null }] })];
    const decision = decide(input({ amount: 1000, borrowers }));
    expect(decision.debtServiceToIncome).toBeGreaterThan(DSTI_APPROVAL_LIMIT);
    expect(decision.debtServiceToIncome).toBeLessThanOrEqual(DSTI_REVIEW_LIMIT);
    expect(decision).toMatchObject({ outcome: 'UNDECIDED', reasons: ['DSTI_ABOVE_APPROVAL_LIMIT'], offer: null });
  });

  it(`is negative above ${DSTI_REVIEW_LIMIT * 100} %`, () => {
    const borrowers = [borrower({ incomes: [{ monthlyAmount: 500 }], liabilities: [{ type: 'CONSUMER_LOAN', monthlyPayment: 300, outstandingAmount: 5000 }] })];
    expect(decide(input({ borrowers }))).toMatchObject({ outcome: 'NEGATIVE_INITIAL', reasons: ['DSTI_ABOVE_REVIEW_LIMIT'], offer: null });
  });

  it('is final after the bank’s additional checks', () => {
    const borrowers = [borrower({ incomes: [{ monthlyAmount: 500 }], liabilities: [{ type: 'CONSUMER_LOAN', monthlyPayment: 300, outstandingAmount: 5000 }] })];
    expect(decide(input({ borrowers, stage: 'FINAL' }))).toMatchObject({ outcome: 'NEGATIVE_FINAL' });
    expect(decide(input({ stage: 'FINAL' })).outcome).toBe('POSITIVE');
  });
});

describe('decision rules: housing loans', () => {
  const housing = (borrowers: Borrower[]) => decide(input({ product: product('HOUSING_LOAN'), amount: 150000, period: 300, borrowers }));
  // At the stressed 6.9 %, 150 000 € over 25 years costs about 1 051 € a month.
  const tight = { incomes: [{ monthlyAmount: 1500 }], liabilities: [{ type: 'RENT', monthlyPayment: 150, outstandingAmount: null }] };

  it('are never offered less than asked (the price is the home’s): past 40 % an underwriter decides, up to 50 %', () => {
    const review = housing([borrower({ incomes: [{ monthlyAmount: 2400 }], liabilities: [{ type: 'CAR_LOAN', monthlyPayment: 100, outstandingAmount: 3000 }] })]);
    expect(review.debtServiceToIncome).toBeGreaterThan(DSTI_APPROVAL_LIMIT);
    expect(review).toMatchObject({ outcome: 'UNDECIDED_HOUSING_LOAN', reasons: ['DSTI_ABOVE_APPROVAL_LIMIT'], offer: null });
    expect(housing([borrower({ incomes: [{ monthlyAmount: 1500 }], liabilities: [{ type: 'CAR_LOAN', monthlyPayment: 500, outstandingAmount: 9000 }] })])).toMatchObject({
      outcome: 'NEGATIVE_INITIAL',
      reasons: ['DSTI_ABOVE_REVIEW_LIMIT'],
    });
  });

  it('have the co-borrower’s undecided variant when two apply', () => {
    const together = housing([
      borrower({ incomes: [{ monthlyAmount: 1400 }], liabilities: [{ type: 'CAR_LOAN', monthlyPayment: 100, outstandingAmount: 3000 }] }),
      borrower({ role: 'COBORROWER', incomes: [{ monthlyAmount: 1000 }] }),
    ]);
    expect(together.outcome).toBe('UNDECIDED_HOUSING_LOAN_CO_BORROWER');
    expect(housing([borrower({ incomes: [{ monthlyAmount: 900, fromAbroad: true }] }), borrower({ role: 'COBORROWER' })]).outcome).toBe('UNDECIDED_HOUSING_LOAN_CO_BORROWER');
  });

  it('are approved when two incomes carry them', () => {
    expect(housing([borrower(tight), borrower({ role: 'COBORROWER', incomes: [{ monthlyAmount: 1900 }] })])).toMatchObject({ outcome: 'POSITIVE', offer: { amount: 150000, period: 300 } });
  });
});

describe('decision rules: refinancing', () => {
  const refinancing = product('REFINANCING_LOAN');

  it('pays off the obligations the amount covers, and no longer counts their payments', () => {
    const liabilities = [
      { type: 'CONSUMER_LOAN', monthlyPayment: 150, outstandingAmount: 4000 },
      { type: 'CREDIT_CARD', monthlyPayment: 60, outstandingAmount: 1500 },
      { type: 'MORTGAGE', monthlyPayment: 500, outstandingAmount: 80000 },
      { type: 'CAR_LOAN', monthlyPayment: 400, outstandingAmount: 20000 },
    ];
    const borrowers = [borrower({ liabilities })];
    expect(refinancedLiabilities(borrowers, 6000)).toEqual([liabilities[0], liabilities[1]]);
    expect(existingDebtService(borrowers, refinancedLiabilities(borrowers, 6000))).toBe(900);
  });

  it('is a refinancing negative with nothing to refinance, or when it is not affordable', () => {
    expect(decide(input({ product: refinancing, amount: 5000, period: 60 }))).toMatchObject({ outcome: 'NEGATIVE_REFINANCING', reasons: ['NOTHING_TO_REFINANCE'] });
    const heavy = [borrower({ incomes: [{ monthlyAmount: 700 }], liabilities: [{ type: 'CONSUMER_LOAN', monthlyPayment: 150, outstandingAmount: 4000 }, { type: 'MORTGAGE', monthlyPayment: 400, outstandingAmount: 60000 }] })];
    expect(decide(input({ product: refinancing, amount: 5000, period: 60, borrowers: heavy }))).toMatchObject({ outcome: 'NEGATIVE_REFINANCING', reasons: ['DSTI_ABOVE_REVIEW_LIMIT'] });
  });

  it('approves a refinancing that lowers the monthly payments', () => {
    const borrowers = [borrower({ incomes: [{ monthlyAmount: 1200 }], liabilities: [{ type: 'SHORT_TERM_LOAN', monthlyPayment: 350, outstandingAmount: 4500 }] })];
    expect(decide(input({ product: refinancing, amount: 5000, period: 60, borrowers }))).toMatchObject({ outcome: 'POSITIVE', offer: { amount: 5000, period: 60 } });
  });
});

describe('decision rules: the product’s bounds', () => {
  it('keeps an offer inside the amount and period bounds whatever was asked', () => {
    const small = product('SMALL_LOAN');
    const decision = decide(input({ amount: small.maxAmount * 3, period: small.maxPeriod * 2, borrowers: [borrower({ incomes: [{ monthlyAmount: 20000 }] })] }));
    expect(decision.offer).toMatchObject({ amount: small.maxAmount, period: small.maxPeriod });
  });
});

describe('decision rules: the card offered with an approved loan (decision 174)', () => {
  const CARD = product('CREDIT_CARD_VISA_CLASSIC');
  const LOAN = product('SMALL_LOAN');
  const loanCost = () => newCreditMonthlyCost(LOAN, 5000, 36);
  /** The applicant's obligations that leave `room` € a month under 40 % of 1 000 € beside the loan. */
  const leaving = (room: number) => [{ type: 'CONSUMER_LOAN', monthlyPayment: roundMoney(400 - loanCost() - room), outstandingAmount: 3000 }];
  const card = (overrides: Partial<CrossSellInput> = {}) =>
    decideCrossSellCard({ card: CARD, loanProduct: LOAN, loanOffer: { amount: 5000, period: 36 }, borrowers: [borrower()], today: TODAY, ...overrides });

  it('offers the card’s base limit over its period when it fits beside the loan, never more', () => {
    const decided = card();
    expect(decided).toMatchObject({ outcome: 'POSITIVE', reasons: [], offer: offerOf(CARD, CARD.baseAmount, 12) });
    // The debt service with the loan's monthly cost and the card's limit at 5 % a month.
    expect(decided.debtServiceToIncome).toBe(Math.round(((loanCost() + CARD.baseAmount * CREDIT_LIMIT_MONTHLY_SHARE) / 2000) * 10_000) / 10_000);
    expect(card({ borrowers: [borrower({ incomes: [{ monthlyAmount: 50_000 }] })] }).offer?.amount).toBe(CARD.baseAmount);
  });

  it('counts the loan’s monthly cost: the limit is reduced to what fits in 40 %, on the card’s amount steps', () => {
    const borrowers = [borrower({ incomes: [{ monthlyAmount: 1000 }], liabilities: leaving(47.5) })];
    // 47,50 € a month is a limit of 950 €: 900 € on the steps of 100 € from the minimum of 300 €.
    expect(card({ borrowers })).toMatchObject({ outcome: 'POSITIVE', reasons: ['DSTI_ABOVE_APPROVAL_LIMIT', 'AMOUNT_REDUCED'], offer: { amount: 900 } });
    // The same applicant with a smaller loan has room for the base limit.
    expect(card({ borrowers, loanOffer: { amount: 500, period: 36 } }).offer?.amount).toBe(CARD.baseAmount);
  });

  it('offers the minimum limit at exactly 40 %; no card when not even the minimum fits', () => {
    expect(card({ borrowers: [borrower({ incomes: [{ monthlyAmount: 1000 }], liabilities: leaving(15) })] })).toMatchObject({ outcome: 'POSITIVE', offer: { amount: CARD.minAmount } });
    expect(card({ borrowers: [borrower({ incomes: [{ monthlyAmount: 1000 }], liabilities: leaving(14.9) })] })).toMatchObject({
      outcome: 'NOT_OFFERED',
      reasons: ['DSTI_ABOVE_APPROVAL_LIMIT'],
      offer: null,
    });
  });

  it('is the applicant’s alone: a co-borrower’s income does not count, the whole joint loan does', () => {
    const applicant = borrower({ incomes: [{ monthlyAmount: 1000 }], liabilities: leaving(10) });
    const coBorrower = borrower({ role: 'COBORROWER', incomes: [{ monthlyAmount: 5000 }] });
    expect(card({ borrowers: [applicant, coBorrower] }).outcome).toBe('NOT_OFFERED');
    // A co-borrower's debt in collection or age is theirs: the applicant's card is decided on the applicant.
    expect(card({ borrowers: [borrower(), { ...coBorrower, liabilities: [{ type: 'DEBT_COLLECTION', monthlyPayment: 0, outstandingAmount: 500 }] }] }).outcome).toBe('POSITIVE');
  });

  it.each([
    ['BORROWER_TOO_OLD', { birthDate: new Date('1952-07-14T00:00:00Z') }],
    ['NO_INCOME', { incomes: [] }],
    ['DEBT_IN_COLLECTION', { liabilities: [{ type: 'DEBT_COLLECTION', monthlyPayment: 0, outstandingAmount: 500 }] }],
    ['BORROWER_AGE_UNKNOWN', { birthDate: null }],
    ['INCOME_FROM_ABROAD', { incomes: [{ monthlyAmount: 3000, fromAbroad: true }] }],
  ] as const)('no card where the applicant meets a hard stop or would need a person: %s', (reason, overrides) => {
    expect(card({ borrowers: [borrower(overrides as Partial<Borrower>)] })).toMatchObject({ outcome: 'NOT_OFFERED', reasons: [reason], offer: null });
  });

  it('no card whose period would end after the applicant turns 75', () => {
    const oldest = [borrower({ birthDate: new Date('1952-07-15T00:00:00Z') })];
    // 73 years and 11 months: 12 months are left before 75, the card's period; a card of 24 months would not fit.
    expect(card({ borrowers: oldest }).outcome).toBe('POSITIVE');
    expect(card({ borrowers: oldest, card: { ...CARD, minPeriod: 24, basePeriod: 24, maxPeriod: 24 } })).toMatchObject({ outcome: 'NOT_OFFERED', reasons: ['TOO_OLD_AT_MATURITY'] });
  });
});
