import { describe, expect, it } from 'vitest';
import { annuityMonthlyPayment, paymentDates, repaymentSchedule, solveAnnualRate } from '../../core/domain/pricing';

/**
 * The edges of the pricing arithmetic the reference figures do not reach (issue 27 item 4: what the
 * surviving mutants of core/domain/pricing.ts showed, decision 210).
 */
describe('pricing at its edges', () => {
  it('an empty loan costs nothing, not even its monthly fee', () => {
    expect(annuityMonthlyPayment({ amount: 0, periodMonths: 12, annualInterestRate: 10, monthlyFee: 5 })).toBe(0);
    expect(annuityMonthlyPayment({ amount: 1000, periodMonths: 0, annualInterestRate: 10, monthlyFee: 5 })).toBe(0);
    const terms = { periodMonths: 12, annualInterestRate: 10, monthlyFee: 5, residual: 0 } as const;
    expect(repaymentSchedule({ ...terms, amount: 0, method: 'annuity' })).toEqual([]);
    expect(repaymentSchedule({ ...terms, amount: 0, method: 'flat' })).toEqual([]);
    expect(repaymentSchedule({ ...terms, amount: 1000, periodMonths: 0, method: 'annuity' })).toEqual([]);
  });

  it('refuses a payment date that is not a whole yyyy-MM-dd date, naming it', () => {
    expect(() => paymentDates('x2026-01-15', 15, 3)).toThrow('Not a yyyy-MM-dd date: x2026-01-15');
    expect(() => paymentDates('2026-01-15T00:00', 15, 3)).toThrow('Not a yyyy-MM-dd date: 2026-01-15T00:00');
    expect(() => paymentDates('2026-02-30', 15, 3)).toThrow('Not a real date: 2026-02-30');
  });

  it('solves no rate when nothing is lent or nothing repaid', () => {
    expect(solveAnnualRate([{ amount: 100, years: 0 }], [{ amount: 0, years: 1 }])).toBeNull();
    expect(solveAnnualRate([{ amount: 0, years: 0 }], [{ amount: 110, years: 1 }])).toBeNull();
  });

  it('solves a rate exactly, also where Newton leaves the domain (a loss: the bisection finds it)', () => {
    expect(solveAnnualRate([{ amount: 100, years: 0 }], [{ amount: 121, years: 2 }])).toBeCloseTo(0.1, 12);
    // 100 lent, 5 repaid a year later: X = -95 %; Newton's first step from 10 % lands below -99 %.
    expect(solveAnnualRate([{ amount: 100, years: 0 }], [{ amount: 5, years: 1 }])).toBeCloseTo(-0.95, 10);
    // 100 lent, 30 repaid after half a year and 30 after a year: below zero, found by bisection too.
    const rate = solveAnnualRate([{ amount: 100, years: 0 }], [{ amount: 30, years: 0.5 }, { amount: 30, years: 1 }])!;
    expect(30 * Math.pow(1 + rate, -0.5) + 30 * Math.pow(1 + rate, -1)).toBeCloseTo(100, 8);
  });

  describe('a residual value (leasing, decision 184) is paid with the last payment', () => {
    const lease = { amount: 10_000, periodMonths: 12, annualInterestRate: 6, monthlyFee: 0, method: 'annuity' } as const;

    it('lowers the regular payments, and the last one carries it', () => {
      const plain = repaymentSchedule(lease);
      const payments = repaymentSchedule({ ...lease, residual: 4_000 });
      expect(payments).toHaveLength(12);
      expect(payments[0]).toBeLessThan(plain[0]!);
      // The regular payments repay 6,000 and the interest on the whole balance: about 516.42 + 20 a month.
      expect(payments[0]).toBeCloseTo((6_000 * 0.005) / (1 - Math.pow(1.005, -12)) + 4_000 * 0.005, 1);
      expect(payments.at(-1)! - payments[0]!).toBeCloseTo(4_000, 1);
    });

    it('is repaid as it is at no interest, and is at most the amount, never below zero', () => {
      const free = repaymentSchedule({ ...lease, annualInterestRate: 0, residual: 4_000 });
      expect(free.slice(0, 11)).toEqual(Array(11).fill(500));
      expect(free.at(-1)).toBe(4_500);
      expect(repaymentSchedule({ ...lease, residual: 20_000 })).toEqual(repaymentSchedule({ ...lease, residual: 10_000 }));
      expect(repaymentSchedule({ ...lease, residual: -500 })).toEqual(repaymentSchedule(lease));
    });

    it('does not apply to hire purchase (flat), which repays the sum in equal parts', () => {
      const flat = { ...lease, method: 'flat' } as const;
      expect(repaymentSchedule({ ...flat, residual: 4_000 })).toEqual(repaymentSchedule(flat));
    });
  });
});
