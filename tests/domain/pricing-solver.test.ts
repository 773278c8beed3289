/**
 * The APR solver's two methods on their own (decision 226): Newton's method reports whether it
 * converged and in how many steps, the bisection is the fallback that always ends. Before, a wrong
 * Newton step fell back to the bisection silently and found the same rate, so no test could tell a
 * broken Newton from a working one (decision 210: 27 mutants that no test could kill).
 */
import { describe, expect, it } from 'vitest';
import { annuityMonthlyPayment, bisectAnnualRate, netPresentValue, newtonAnnualRate, paymentTimes, solveAnnualRate, type CashFlow } from '../../core/domain/pricing';

/** 10 000 € over 36 months at 9.9 % a year: 322,20 € a month, an effective rate of about 10.36 %. */
const LENT: CashFlow[] = [{ amount: 10_000, years: 0 }];
const PAYMENT = annuityMonthlyPayment({ amount: 10_000, periodMonths: 36, annualInterestRate: 9.9 });
const REPAID: CashFlow[] = paymentTimes(36).map((years) => ({ amount: PAYMENT, years }));
/** 100 € now, 5 € back in a year: a loss of 95 %, where Newton's first step leaves the domain. */
const LOSS = { lent: [{ amount: 100, years: 0 }], repaid: [{ amount: 5, years: 1 }] };
/** 100 € now, 300 € in a year: 200 % a year, above the bisection's first bracket of 100 %. */
const TRIPLED = { lent: [{ amount: 100, years: 0 }], repaid: [{ amount: 300, years: 1 }] };

describe('the net present value and its slope', () => {
  it('discounts every flow at the rate: repayments count for, drawdowns against', () => {
    const flows = { lent: [{ amount: 100, years: 0 }, { amount: 50, years: 0.5 }], repaid: [{ amount: 80, years: 1 }, { amount: 90, years: 2 }] };
    const x = 0.07;
    const expected = 80 / 1.07 + 90 / 1.07 ** 2 - 100 - 50 / Math.sqrt(1.07);
    expect(netPresentValue(x, flows.lent, flows.repaid).value).toBeCloseTo(expected, 10);
  });

  it('has the slope of its value (a central difference agrees to 6 digits), drawdowns after the start included', () => {
    const lent = [{ amount: 100, years: 0 }, { amount: 50, years: 0.5 }];
    const repaid = [{ amount: 80, years: 1 }, { amount: 90, years: 2 }];
    for (const x of [-0.5, 0, 0.07, 0.4, 3]) {
      const h = 1e-6;
      const numeric = (netPresentValue(x + h, lent, repaid).value - netPresentValue(x - h, lent, repaid).value) / (2 * h);
      const { slope } = netPresentValue(x, lent, repaid);
      expect(Math.abs(slope - numeric)).toBeLessThan(1e-6 * Math.max(1, Math.abs(numeric)));
    }
  });

  it('is zero at the rate the solver finds', () => {
    const rate = solveAnnualRate(LENT, REPAID)!;
    expect(Math.abs(netPresentValue(rate, LENT, REPAID).value)).toBeLessThan(1e-6);
  });
});

describe('Newton’s method', () => {
  it('converges on a consumer loan from 10 % in four steps, to the bisection’s rate', () => {
    const newton = newtonAnnualRate(LENT, REPAID);
    expect(newton).toEqual({ rate: expect.any(Number), steps: 4 });
    expect(newton!.rate).toBeCloseTo(bisectAnnualRate(LENT, REPAID), 11);
    expect(newton!.rate).toBeCloseTo(0.103612, 6);
  });

  it('reports not converging when it is allowed fewer steps than it needs, and converges with exactly as many', () => {
    expect(newtonAnnualRate(LENT, REPAID, 0.1, 3)).toBeNull();
    expect(newtonAnnualRate(LENT, REPAID, 0.1, 4)).toEqual({ rate: newtonAnnualRate(LENT, REPAID)!.rate, steps: 4 });
    // 200 % a year takes seven steps from 10 %; a start nearer the rate takes fewer.
    expect(newtonAnnualRate(TRIPLED.lent, TRIPLED.repaid)).toEqual({ rate: expect.closeTo(2, 12), steps: 7 });
    expect(newtonAnnualRate(TRIPLED.lent, TRIPLED.repaid, 1.9)!.steps).toBeLessThan(7);
  });

  it('allows fifty steps by default: a rate of about 10^7 takes thirty', () => {
    const result = newtonAnnualRate([{ amount: 1, years: 0 }], [{ amount: 1e7, years: 1 }]);
    expect(result?.steps).toBe(30);
    expect(result?.rate).toBeCloseTo(1e7 - 1, 0);
    expect(newtonAnnualRate([{ amount: 1, years: 0 }], [{ amount: 1e7, years: 1 }], 0.1, 29)).toBeNull();
  });

  it('reports not converging when a step leaves the domain (a loss of 95 % from 10 %)', () => {
    expect(newtonAnnualRate(LOSS.lent, LOSS.repaid)).toBeNull();
  });

  it('refuses a root no loan has: 20 € a year for two years on 100 € lent is a loss of about 44 %, not of 136 %', () => {
    const lent = [{ amount: 100, years: 0 }];
    const repaid = [{ amount: 20, years: 1 }, { amount: 20, years: 2 }];
    // 20 v + 20 v² = 100 with v = 1 / (1 + X): past −100 % Newton would settle on the other root, about −1.358; it stops at the domain instead.
    expect(newtonAnnualRate(lent, repaid)).toBeNull();
    expect(solveAnnualRate(lent, repaid)).toBeCloseTo(2 / (Math.sqrt(21) - 1) - 1, 10);
  });

  it('reports not converging on a flat value (everything at the start: no rate changes it) and from −100 %', () => {
    expect(newtonAnnualRate([{ amount: 100, years: 0 }], [{ amount: 110, years: 0 }])).toBeNull();
    expect(newtonAnnualRate(LENT, REPAID, -1)).toBeNull();
  });
});

describe('the bisection', () => {
  it('finds the rate of a consumer loan, and a loss of 95 %', () => {
    expect(bisectAnnualRate(LENT, REPAID)).toBeCloseTo(0.103612, 6);
    expect(bisectAnnualRate(LOSS.lent, LOSS.repaid)).toBeCloseTo(-0.95, 10);
  });

  it('widens its bracket past 100 % for a higher rate', () => {
    expect(bisectAnnualRate(TRIPLED.lent, TRIPLED.repaid)).toBeCloseTo(2, 10);
  });

  it('ends at its bound of 2^20 where no rate exists (repaid before lent: the value never turns)', () => {
    const rate = bisectAnnualRate([{ amount: 100, years: 1 }], [{ amount: 110, years: 0 }]);
    expect(rate).toBeCloseTo(2 ** 20, 3);
  });
});

describe('solving the APR: Newton first, the bisection when Newton does not converge', () => {
  it('takes Newton’s rate when it converges', () => {
    expect(solveAnnualRate(LENT, REPAID)).toBe(newtonAnnualRate(LENT, REPAID)!.rate);
    expect(solveAnnualRate(TRIPLED.lent, TRIPLED.repaid)).toBe(newtonAnnualRate(TRIPLED.lent, TRIPLED.repaid)!.rate);
  });

  it('takes the bisection’s rate when Newton leaves the domain', () => {
    expect(solveAnnualRate(LOSS.lent, LOSS.repaid)).toBe(bisectAnnualRate(LOSS.lent, LOSS.repaid));
  });
});
