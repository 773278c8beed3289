/** Section 9: money is rounded to 2 decimals (half away from zero, robust to 1.005-style floats). */
export function roundMoney(value: number): number {
  if (!Number.isFinite(value)) return value;
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
