/**
 * The create step's values as its calculator reads them. Apart from logic.ts, so the view's chunk
 * does not carry the calculator machine's definition (the step's logic chunk brings it).
 */
import type { StepValues } from '../../../machines/calculator/calculator.machine';
import type { Locale } from '../../domain/languages';
import { readMoney } from '../../validation/money';

/** The step's product, amount and period as the calculator reads them: numbers where the text reads as one. */
export function stepValuesOf(locale: Locale, typed: { productName: string; loanAmount: string; loanPeriod: string }): StepValues {
  const amount = readMoney(typed.loanAmount ?? '', locale);
  const period = (typed.loanPeriod ?? '').trim();
  return {
    productName: typed.productName || null,
    amount: 'value' in amount ? amount.value : null,
    period: /^\d{1,3}$/.test(period) ? Number(period) : null,
  };
}
