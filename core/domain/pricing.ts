/**
 * The pricing arithmetic (sections 7 and 9), shared by the reference API's calculate call and the
 * tests: monthly payment, fees, totals and the annual percentage rate of charge (APR) as the
 * Consumer Credit Directive defines it (2008/48/EC Annex I as amended by 2011/90/EU; kept by
 * 2023/2225). docs/decisions/092-apr.md explains the conventions.
 */

/** Section 9: money is rounded to 2 decimals (half away from zero, robust to 1.005-style floats). */
export function roundMoney(value: number): number {
  // Not a finite number (Infinity, NaN) comes out as it went in: the arithmetic below keeps it (decision 226).
  const cents = Math.round(Math.abs(value) * 100 * (1 + Number.EPSILON));
  const rounded = (Math.sign(value) * cents) / 100;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/**
 * Annuity monthly payment: P * r / (1 - (1 + r)^-n), r the monthly rate. A zero rate divides the
 * principal evenly. Monthly fees are added on top (section 3: maintenance fee).
 */
export function annuityMonthlyPayment(input: {
  amount: number;
  periodMonths: number;
  annualInterestRate: number;
  monthlyFee?: number;
}): number {
  const { amount, periodMonths, annualInterestRate, monthlyFee = 0 } = input;
  if (amount <= 0 || periodMonths <= 0) return 0;
  const r = annualInterestRate / 100 / 12;
  const base = r === 0 ? amount / periodMonths : (amount * r) / (1 - Math.pow(1 + r, -periodMonths));
  return roundMoney(base + monthlyFee);
}

/** Section 9: contract conclusion fee = amount * rate / 100 clamped to [min, max]; no rate: fixed fee or 0. */
export function contractConclusionFee(input: {
  amount: number;
  rate?: number | null;
  fixedFee?: number | null;
  minFee?: number | null;
  maxFee?: number | null;
}): number {
  const { amount, rate, fixedFee, minFee, maxFee } = input;
  if (rate == null) return roundMoney(fixedFee ?? 0);
  let fee = (amount * rate) / 100;
  if (minFee != null) fee = Math.max(fee, minFee);
  if (maxFee != null) fee = Math.min(fee, maxFee);
  return roundMoney(fee);
}

/** Section 3: monthly maintenance fee = amount * rate / 100, at most the maximum monthly fee; no rate: the fixed fee or 0. */
export function monthlyMaintenanceFee(input: { amount: number; rate?: number | null; fixedFee?: number | null; maxFee?: number | null }): number {
  const { amount, rate, fixedFee, maxFee } = input;
  if (rate == null) return roundMoney(fixedFee ?? 0);
  const fee = (amount * rate) / 100;
  return roundMoney(maxFee == null ? fee : Math.min(fee, maxFee));
}

/** A payment on a date, as the APR formula sees it: amount and time from the drawdown in years. */
export interface CashFlow {
  amount: number;
  years: number;
}

const MS_PER_DAY = 86_400_000;

function parseIsoDate(text: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new RangeError(`Not a yyyy-MM-dd date: ${text}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (date.getUTCDate() !== Number(match[3])) throw new RangeError(`Not a real date: ${text}`);
  return date;
}

/** Days in a month of the UTC calendar (month 0-11, may run past 11). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * The due dates of `periodMonths` monthly payments of a contract that takes effect on
 * `effectiveDate`: the first on `paymentDay` of the next month, then every month on that day (the
 * month's last day where it is shorter).
 */
export function paymentDates(effectiveDate: string, paymentDay: number, periodMonths: number): Date[] {
  const start = parseIsoDate(effectiveDate);
  const dates: Date[] = [];
  for (let k = 1; k <= periodMonths; k += 1) {
    const year = start.getUTCFullYear();
    const month = start.getUTCMonth() + k;
    const day = Math.min(paymentDay, daysInMonth(year, month));
    dates.push(new Date(Date.UTC(year, month, day)));
  }
  return dates;
}

/**
 * Times of the monthly payments in years from the drawdown. With a dated schedule, the days between
 * over 365 (Annex I, part I (d)); without one, twelve equal months (each 1/12 of a year).
 */
export function paymentTimes(periodMonths: number, schedule?: { effectiveDate: string; paymentDay: number }): number[] {
  if (!schedule) return Array.from({ length: periodMonths }, (_, index) => (index + 1) / 12);
  const start = parseIsoDate(schedule.effectiveDate).getTime();
  return paymentDates(schedule.effectiveDate, schedule.paymentDay, periodMonths).map((date) => Math.round((date.getTime() - start) / MS_PER_DAY) / 365);
}

/** Σ D_l (1+X)^(−s_l) − Σ C_k (1+X)^(−t_k) and its derivative in X. */
export function netPresentValue(x: number, drawdowns: readonly CashFlow[], repayments: readonly CashFlow[]): { value: number; slope: number } {
  let value = 0;
  let slope = 0;
  const base = 1 + x;
  for (const flow of repayments) {
    const discounted = flow.amount * Math.pow(base, -flow.years);
    value += discounted;
    slope -= (flow.years * discounted) / base;
  }
  for (const flow of drawdowns) {
    const discounted = flow.amount * Math.pow(base, -flow.years);
    value -= discounted;
    slope += (flow.years * discounted) / base;
  }
  return { value, slope };
}

/** The solver's precision: two rates closer than this are the same rate (far below the APR's 2 decimals). */
const RATE_TOLERANCE = 1e-12;
/** The lowest rate the solvers consider: a loss of 99 % a year (at −100 % the discount factor is infinite). */
const LOWEST_RATE = -0.99;

/**
 * Newton's method on the net present value from `start` (decision 226): the rate and the number of
 * steps it took, or null when it does not converge: a step leaves the domain (at or below −99 %),
 * the value or slope is not a number or the slope is flat, or `maxSteps` steps do not settle.
 */
export function newtonAnnualRate(
  drawdowns: readonly CashFlow[],
  repayments: readonly CashFlow[],
  start = 0.1,
  maxSteps = 50,
): { rate: number; steps: number } | null {
  let x = start;
  for (let step = 1; step <= maxSteps; step += 1) {
    const { value, slope } = netPresentValue(x, drawdowns, repayments);
    // A value or slope that is not a number, or a flat slope, makes the step not a number either.
    const next = x - value / slope;
    if (!Number.isFinite(next) || next <= LOWEST_RATE) return null;
    if (Math.abs(next - x) < RATE_TOLERANCE) return { rate: next, steps: step };
    x = next;
  }
  return null;
}

/**
 * Bisection (decision 226): the net present value falls as X grows when all credit comes before
 * repayment, so the rate lies between −99 % and an upper bound doubled from 100 % until the value is
 * no longer positive (at most 2^20, about 10^6: a "rate" past that has no meaning, and a flow that
 * never turns, repaid before it is lent, must still end); then halved to the tolerance.
 */
export function bisectAnnualRate(drawdowns: readonly CashFlow[], repayments: readonly CashFlow[]): number {
  let low = LOWEST_RATE;
  let high = 1;
  while (netPresentValue(high, drawdowns, repayments).value > 0 && high < 1e6) high *= 2;
  for (let i = 0; i < 200 && high - low > RATE_TOLERANCE; i += 1) {
    const middle = (low + high) / 2;
    if (netPresentValue(middle, drawdowns, repayments).value > 0) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/**
 * The annual rate X (a fraction, 0.1047 for 10.47 %) that equates the present values of the
 * drawdowns C_k at t_k and the repayments D_l at s_l (Annex I, part I):
 *   Σ C_k (1+X)^(−t_k) = Σ D_l (1+X)^(−s_l).
 * Newton's method from 10 %, the bisection when Newton does not converge. Null when there is
 * nothing to solve (no credit made available, or nothing repaid).
 */
export function solveAnnualRate(drawdowns: readonly CashFlow[], repayments: readonly CashFlow[]): number | null {
  const lent = drawdowns.reduce((sum, flow) => sum + flow.amount, 0);
  const repaid = repayments.reduce((sum, flow) => sum + flow.amount, 0);
  if (lent <= 0 || repaid <= 0) return null;
  return newtonAnnualRate(drawdowns, repayments)?.rate ?? bisectAnnualRate(drawdowns, repayments);
}

export interface LoanTerms {
  amount: number;
  periodMonths: number;
  /** Percent a year: nominal (annuity) or on the loan sum (flat, hire purchase). */
  annualInterestRate: number;
  method: 'annuity' | 'flat';
  /** Maintenance fee paid with every monthly payment. */
  monthlyFee: number;
  /** The contract conclusion fee (already computed, section 9). */
  conclusionFee: number;
  /** Kept back from the amount paid out (true), or paid on signing on top (false). */
  conclusionFeeFromAmount: boolean;
  /** A dated schedule (hire purchase: the contract's effective date); else twelve equal months a year. */
  schedule?: { effectiveDate: string; paymentDay: number };
  /**
   * A leasing's residual value (issue 24, docs/decisions/184): left unpaid by the regular payments and
   * paid with the last one (annuity only). Left out or 0: the amount is repaid in full.
   */
  residual?: number;
}

export interface LoanFigures {
  /** What is paid every month, the maintenance fee included. */
  monthlyPayment: number;
  /** Everything the borrower pays: the monthly payments, and the fee when it is paid on signing. */
  totalRepaymentAmount: number;
  /** What reaches the borrower's (or the shop's) account: the amount, less a fee kept back from it. */
  totalAmountTransferredToAccount: number;
  contractConclusionFee: number;
  /** Interest and every fee: what the credit costs. */
  totalCostOfCredit: number;
  /** Percent, 2 decimals; null when no credit is made available. */
  annualPercentageRate: number | null;
}

/** APR in percent with two decimals (section 9: percent shows up to 2 decimals). */
function toPercent(rate: number | null): number | null {
  return rate === null ? null : roundMoney(rate * 100);
}

/**
 * The monthly payments of a loan, the maintenance fee included, as a bank's schedule has them:
 * every payment but the last is the regular one rounded to cents; the last repays what is left, so
 * the borrower repays exactly the amount lent.
 * - annuity: each month's interest is the balance times the monthly rate, rounded to cents, and the
 *   rest of the payment repays the balance;
 * - flat (hire purchase): each month's interest is the same share of the loan sum, and the sum is
 *   repaid in equal parts.
 */
export function repaymentSchedule(terms: Pick<LoanTerms, 'amount' | 'periodMonths' | 'annualInterestRate' | 'method' | 'monthlyFee' | 'residual'>): number[] {
  const { amount, periodMonths, annualInterestRate, monthlyFee } = terms;
  if (amount <= 0 || periodMonths <= 0) return [];
  const payments: number[] = [];
  if (terms.method === 'flat') {
    const principal = roundMoney(amount / periodMonths);
    const interest = roundMoney((amount * annualInterestRate) / 100 / 12);
    for (let k = 1; k < periodMonths; k += 1) payments.push(roundMoney(principal + interest + monthlyFee));
    payments.push(roundMoney(amount - principal * (periodMonths - 1) + interest + monthlyFee));
    return payments;
  }
  const rate = annualInterestRate / 100 / 12;
  // A residual (annuity only) is repaid with the last payment: the regular payments repay the rest of
  // the amount and the interest on the whole balance, P = (A - R (1 + r)^-n) r / (1 - (1 + r)^-n).
  const residual = Math.min(amount, Math.max(0, terms.residual ?? 0));
  const discountedResidual = residual * Math.pow(1 + rate, -periodMonths);
  const regular = annuityMonthlyPayment({ amount: amount - discountedResidual, periodMonths, annualInterestRate });
  let balance = amount;
  for (let k = 1; k < periodMonths; k += 1) {
    const interest = roundMoney(balance * rate);
    balance = roundMoney(balance - (regular - interest));
    payments.push(roundMoney(regular + monthlyFee));
  }
  payments.push(roundMoney(balance + roundMoney(balance * rate) + monthlyFee));
  return payments;
}

/**
 * Every figure of a loan: the monthly payment, totals and the APR with all the borrower's fees in
 * the cash flows, solved from the schedule's payments (what the borrower really pays).
 */
export function calculateLoanFigures(terms: LoanTerms): LoanFigures {
  const { amount, periodMonths, conclusionFee, conclusionFeeFromAmount } = terms;
  const payments = repaymentSchedule(terms);
  const paid = roundMoney(payments.reduce((sum, payment) => sum + payment, 0));
  const totalRepaymentAmount = conclusionFeeFromAmount ? paid : roundMoney(paid + conclusionFee);
  const transferred = conclusionFeeFromAmount ? roundMoney(amount - conclusionFee) : amount;
  const times = paymentTimes(periodMonths, terms.schedule);
  // The credit made available is the amount less every fee paid at the start, however it is paid.
  const drawdowns: CashFlow[] = [{ amount: roundMoney(amount - conclusionFee), years: 0 }];
  const repayments: CashFlow[] = payments.map((payment, index) => ({ amount: payment, years: times[index] ?? 0 }));
  return {
    monthlyPayment: payments[0] ?? 0,
    totalRepaymentAmount,
    totalAmountTransferredToAccount: transferred,
    contractConclusionFee: conclusionFee,
    totalCostOfCredit: roundMoney(totalRepaymentAmount - transferred),
    annualPercentageRate: toPercent(solveAnnualRate(drawdowns, repayments)),
  };
}
