import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  annuityMonthlyPayment,
  calculateLoanFigures,
  contractConclusionFee,
  monthlyMaintenanceFee,
  paymentDates,
  paymentTimes,
  repaymentSchedule,
  roundMoney,
  solveAnnualRate,
  type LoanTerms,
} from '../../core/domain/pricing';

/**
 * An independent APR solver, written differently from core/domain/pricing.ts (Newton on the annual
 * rate with year fractions): bisection on the *monthly* rate i of equal months, then
 * X = (1 + i)^12 - 1, which is the Directive's equation when every time is a whole number of
 * twelfths of a year.
 */
function aprByMonthlyBisection(credit: number, payments: readonly number[]): number {
  const presentValue = (i: number) => payments.reduce((sum, payment, index) => sum + payment / (1 + i) ** (index + 1), 0);
  let low = -0.05;
  let high = 1;
  for (let n = 0; n < 300; n += 1) {
    const middle = (low + high) / 2;
    if (presentValue(middle) > credit) low = middle;
    else high = middle;
  }
  return ((1 + (low + high) / 2) ** 12 - 1) * 100;
}

/** The same for a dated schedule: bisection on the annual rate with actual days / 365, days counted by hand. */
function aprByDatedBisection(credit: number, effective: [number, number, number], paymentDay: number, payments: readonly number[]): number {
  const start = Date.UTC(effective[0], effective[1] - 1, effective[2]);
  const years = payments.map((_, index) => {
    const month = effective[1] - 1 + index + 1;
    const lastDay = new Date(Date.UTC(effective[0], month + 1, 0)).getUTCDate();
    const due = Date.UTC(effective[0], month, Math.min(paymentDay, lastDay));
    return (due - start) / 86_400_000 / 365;
  });
  const presentValue = (x: number) => payments.reduce((sum, payment, index) => sum + payment * (1 + x) ** -years[index]!, 0);
  // Tiny loans with a fixed fee reach APRs of several thousand percent: the bracket is wide.
  let low = -0.5;
  let high = 1000;
  for (let n = 0; n < 400; n += 1) {
    const middle = (low + high) / 2;
    if (presentValue(middle) > credit) low = middle;
    else high = middle;
  }
  return ((low + high) / 2) * 100;
}

const terms = (overrides: Partial<LoanTerms>): LoanTerms => ({
  amount: 10000,
  periodMonths: 12,
  annualInterestRate: 10,
  method: 'annuity',
  monthlyFee: 0,
  conclusionFee: 0,
  conclusionFeeFromAmount: true,
  ...overrides,
});

/**
 * Reference figures computed outside this code base (Python's Decimal arithmetic, 50 digits, with
 * a bisection on the Directive's equation: /tmp scripts described in docs/decisions/092-apr.md), and
 * for case 1 checked by hand: 10 % nominal compounded monthly is (1 + 0.10/12)^12 - 1 = 10.471 %.
 */
const REFERENCE_CASES: Array<{ name: string; terms: LoanTerms; monthlyPayment: number; lastPayment: number; total: number; transferred: number; apr: number }> = [
  { name: 'annuity, no fees', terms: terms({}), monthlyPayment: 879.16, lastPayment: 879.13, total: 10549.89, transferred: 10000, apr: 10.47 },
  {
    name: 'small loan with a contract fee kept back and a monthly fee',
    terms: terms({ amount: 3000, periodMonths: 36, annualInterestRate: 15.9, monthlyFee: 3, conclusionFee: 75 }),
    monthlyPayment: 108.32,
    lastPayment: 108.47,
    total: 3899.67,
    transferred: 2925,
    apr: 21.63,
  },
  {
    name: 'zero interest with a contract fee',
    terms: terms({ amount: 5000, periodMonths: 60, annualInterestRate: 0, conclusionFee: 100 }),
    monthlyPayment: 83.33,
    lastPayment: 83.53,
    total: 5000,
    transferred: 4900,
    apr: 0.8,
  },
  { name: 'zero interest, no fees', terms: terms({ amount: 1200, periodMonths: 12, annualInterestRate: 0 }), monthlyPayment: 100, lastPayment: 100, total: 1200, transferred: 1200, apr: 0 },
  {
    name: 'hire purchase: interest on the loan sum, dated, fee paid on signing',
    terms: terms({
      amount: 1500,
      periodMonths: 24,
      annualInterestRate: 9.9,
      method: 'flat',
      monthlyFee: 1.5,
      conclusionFee: 19,
      conclusionFeeFromAmount: false,
      schedule: { effectiveDate: '2026-01-20', paymentDay: 15 },
    }),
    monthlyPayment: 76.38,
    lastPayment: 76.38,
    total: 1852.12,
    transferred: 1500,
    apr: 24.04,
  },
  {
    name: 'housing loan over 30 years with a clamped fee',
    terms: terms({ amount: 150000, periodMonths: 360, annualInterestRate: 4.5, conclusionFee: 750 }),
    monthlyPayment: 760.03,
    lastPayment: 758.49,
    total: 273609.26,
    transferred: 149250,
    apr: 4.64,
  },
  {
    name: 'credit card limit repaid in 12 months with a card fee',
    terms: terms({ amount: 1500, periodMonths: 12, annualInterestRate: 19.9, monthlyFee: 2 }),
    monthlyPayment: 140.88,
    lastPayment: 140.87,
    total: 1690.55,
    transferred: 1500,
    apr: 25.19,
  },
  {
    name: 'interest-free hire purchase, dated to the end of the month',
    terms: terms({ amount: 899, periodMonths: 12, annualInterestRate: 0, method: 'flat', schedule: { effectiveDate: '2026-03-31', paymentDay: 31 } }),
    monthlyPayment: 74.92,
    lastPayment: 74.88,
    total: 899,
    transferred: 899,
    apr: 0,
  },
  {
    name: 'car loan with a rate fee and a monthly fee',
    terms: terms({ amount: 12000, periodMonths: 60, annualInterestRate: 9.9, monthlyFee: 2.5, conclusionFee: 120 }),
    monthlyPayment: 256.87,
    lastPayment: 257.22,
    total: 15412.55,
    transferred: 11880,
    apr: 11.31,
  },
];

describe('annuity monthly payment', () => {
  it.each([
    // amount, annual %, months, expected monthly payment (standard annuity tables)
    [10000, 12, 12, 888.49],
    [10000, 12, 24, 470.73],
    [1000, 6, 12, 86.07],
    [100000, 5, 360, 536.82],
    [3000, 15.9, 36, 105.32],
  ])('%d EUR at %d%% for %d months is %d a month', (amount, annualInterestRate, periodMonths, expected) => {
    expect(annuityMonthlyPayment({ amount, annualInterestRate, periodMonths })).toBe(expected);
  });

  it('divides the principal evenly at a zero rate', () => {
    expect(annuityMonthlyPayment({ amount: 1200, annualInterestRate: 0, periodMonths: 12 })).toBe(100);
    expect(annuityMonthlyPayment({ amount: 1000, annualInterestRate: 0, periodMonths: 3 })).toBe(333.33);
  });

  it('adds a monthly fee on top', () => {
    expect(annuityMonthlyPayment({ amount: 10000, annualInterestRate: 12, periodMonths: 12, monthlyFee: 1.5 })).toBe(889.99);
  });

  it('is zero for no amount or no period', () => {
    expect(annuityMonthlyPayment({ amount: 0, annualInterestRate: 12, periodMonths: 12 })).toBe(0);
    expect(annuityMonthlyPayment({ amount: 1000, annualInterestRate: 12, periodMonths: 0 })).toBe(0);
    expect(annuityMonthlyPayment({ amount: -5, annualInterestRate: 12, periodMonths: 12 })).toBe(0);
  });

  it('repays at least the principal, and less a month over a longer period', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.integer({ min: 1, max: 360 }),
        // Rates are quoted to at most 2 decimals of a percent; far tinier rates lose precision in (1 + r)^-n.
        fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3000 }).map((hundredths) => hundredths / 100)),
        (amount, periodMonths, annualInterestRate) => {
          const payment = annuityMonthlyPayment({ amount, periodMonths, annualInterestRate });
          // Rounding to cents can lose at most half a cent a month.
          expect(payment * periodMonths).toBeGreaterThanOrEqual(amount - 0.005 * periodMonths);
          expect(annuityMonthlyPayment({ amount, periodMonths: periodMonths + 1, annualInterestRate })).toBeLessThanOrEqual(payment);
        },
      ),
    );
  });
});

describe('contract conclusion fee (section 9)', () => {
  it('is amount x rate / 100 within the bounds', () => {
    expect(contractConclusionFee({ amount: 10000, rate: 1.5, minFee: 50, maxFee: 500 })).toBe(150);
  });

  it('is clamped up to the minimum fee', () => {
    expect(contractConclusionFee({ amount: 1000, rate: 1, minFee: 50, maxFee: 500 })).toBe(50);
  });

  it('is clamped down to the maximum fee', () => {
    expect(contractConclusionFee({ amount: 100000, rate: 2, minFee: 50, maxFee: 500 })).toBe(500);
  });

  it('at exactly a bound is that bound', () => {
    expect(contractConclusionFee({ amount: 5000, rate: 1, minFee: 50, maxFee: 500 })).toBe(50);
    expect(contractConclusionFee({ amount: 50000, rate: 1, minFee: 50, maxFee: 500 })).toBe(500);
  });

  it('applies only the bounds that are given', () => {
    expect(contractConclusionFee({ amount: 1000, rate: 1, minFee: 50 })).toBe(50);
    expect(contractConclusionFee({ amount: 100000, rate: 2, maxFee: null })).toBe(2000);
  });

  it('with no rate is the fixed fee, or 0', () => {
    expect(contractConclusionFee({ amount: 10000, fixedFee: 75 })).toBe(75);
    expect(contractConclusionFee({ amount: 10000, rate: null, fixedFee: 75, minFee: 100 })).toBe(75);
    expect(contractConclusionFee({ amount: 10000 })).toBe(0);
  });

  it('is rounded to cents', () => {
    expect(contractConclusionFee({ amount: 3333, rate: 1.25 })).toBe(41.66);
  });

  it('always lies within [min, max] when a rate is given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.double({ min: 0, max: 10, noNaN: true }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 5000 }), (amount, rate, minFee, extra) => {
        const maxFee = minFee + extra;
        const fee = contractConclusionFee({ amount, rate, minFee, maxFee });
        expect(fee).toBeGreaterThanOrEqual(minFee);
        expect(fee).toBeLessThanOrEqual(maxFee);
      }),
    );
  });
});

describe('money rounding (section 9)', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [10, 10],
    [0.1 + 0.2, 0.3],
    [888.4879, 888.49],
  ])('%d -> %d', (value, expected) => {
    expect(roundMoney(value)).toBe(expected);
  });
});

describe('loan figures against independent reference figures (section 7; Directive 2008/48/EC, Annex I)', () => {
  it.each(REFERENCE_CASES)('$name', ({ terms: loan, monthlyPayment, lastPayment, total, transferred, apr }) => {
    const figures = calculateLoanFigures(loan);
    const schedule = repaymentSchedule(loan);
    expect(figures.monthlyPayment).toBe(monthlyPayment);
    expect(schedule.at(-1)).toBe(lastPayment);
    expect(figures.totalRepaymentAmount).toBe(total);
    expect(figures.totalAmountTransferredToAccount).toBe(transferred);
    expect(figures.annualPercentageRate).toBe(apr);
    expect(figures.totalCostOfCredit).toBe(roundMoney(total - transferred));
  });

  it('repays exactly the amount lent (the last payment settles the rounding)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 500_000 }), fc.integer({ min: 1, max: 360 }), fc.integer({ min: 0, max: 3000 }), (amount, periodMonths, hundredths) => {
        const schedule = repaymentSchedule({ amount, periodMonths, annualInterestRate: 0, method: 'annuity', monthlyFee: 0 });
        expect(roundMoney(schedule.reduce((sum, payment) => sum + payment, 0))).toBe(amount);
        const flat = repaymentSchedule({ amount, periodMonths, annualInterestRate: hundredths / 100, method: 'flat', monthlyFee: 0 });
        const interest = roundMoney((amount * hundredths) / 100 / 100 / 12) * periodMonths;
        expect(roundMoney(flat.reduce((sum, payment) => sum + payment, 0) - interest)).toBe(amount);
      }),
    );
  });

  it('agrees with a bisection on the monthly rate for any loan of equal months', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 300, max: 300_000 }),
        fc.integer({ min: 3, max: 120 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 300 }),
        (amount, periodMonths, hundredths, feeCents, monthlyFeeCents) => {
          const loan = terms({ amount, periodMonths, annualInterestRate: hundredths / 100, conclusionFee: Math.min(feeCents, amount / 10), monthlyFee: monthlyFeeCents / 100 });
          const figures = calculateLoanFigures(loan);
          const independent = aprByMonthlyBisection(amount - loan.conclusionFee, repaymentSchedule(loan));
          expect(Math.abs((figures.annualPercentageRate ?? Number.NaN) - independent)).toBeLessThanOrEqual(0.006);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('agrees with a bisection with days counted by hand for dated hire purchase', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 30_000 }),
        fc.integer({ min: 3, max: 72 }),
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 11 }),
        (amount, periodMonths, hundredths, effectiveDay, paymentDay, month) => {
          const effective: [number, number, number] = [2026, month + 1, effectiveDay];
          const effectiveDate = `2026-${String(month + 1).padStart(2, '0')}-${String(effectiveDay).padStart(2, '0')}`;
          const loan = terms({ amount, periodMonths, annualInterestRate: hundredths / 100, method: 'flat', conclusionFee: 19, conclusionFeeFromAmount: false, monthlyFee: 1.5, schedule: { effectiveDate, paymentDay } });
          const figures = calculateLoanFigures(loan);
          const independent = aprByDatedBisection(amount - 19, effective, paymentDay, repaymentSchedule(loan));
          expect(Math.abs((figures.annualPercentageRate ?? Number.NaN) - independent)).toBeLessThanOrEqual(0.006);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('has no APR when no credit is made available', () => {
    expect(calculateLoanFigures(terms({ amount: 100, conclusionFee: 100 })).annualPercentageRate).toBeNull();
    expect(solveAnnualRate([{ amount: 0, years: 0 }], [{ amount: 10, years: 1 }])).toBeNull();
  });

  it('solves the one-payment case exactly: 1000 now, 1100 in a year is 10 %', () => {
    expect(solveAnnualRate([{ amount: 1000, years: 0 }], [{ amount: 1100, years: 1 }])).toBeCloseTo(0.1, 12);
  });
});

describe('payment dates and times', () => {
  it('falls on the payment day of each following month, the last day of a shorter month', () => {
    const dates = paymentDates('2026-01-31', 31, 3).map((date) => date.toISOString().slice(0, 10));
    expect(dates).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('counts twelve equal months a year without a date, actual days over 365 with one', () => {
    expect(paymentTimes(3)).toEqual([1 / 12, 2 / 12, 3 / 12]);
    expect(paymentTimes(2, { effectiveDate: '2026-01-01', paymentDay: 15 })).toEqual([45 / 365, 73 / 365]);
  });

  it('refuses a date that is not one', () => {
    expect(() => paymentTimes(1, { effectiveDate: '2026-02-30', paymentDay: 15 })).toThrow(RangeError);
  });
});

describe('monthly maintenance fee (section 3)', () => {
  it('is the fixed fee, or the rate of the amount up to the maximum monthly fee', () => {
    expect(monthlyMaintenanceFee({ amount: 5000, fixedFee: 3.5 })).toBe(3.5);
    expect(monthlyMaintenanceFee({ amount: 5000, rate: 0.05 })).toBe(2.5);
    expect(monthlyMaintenanceFee({ amount: 50000, rate: 0.05, maxFee: 10 })).toBe(10);
    expect(monthlyMaintenanceFee({ amount: 5000 })).toBe(0);
  });
});
