import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { annuityMonthlyPayment, contractConclusionFee, roundMoney } from '../../src/domain/pricing';

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
