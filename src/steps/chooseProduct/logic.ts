/**
 * Product selection's own machine: the calculator whose figures follow the chosen card, amount and
 * period (no modal here: section 2 puts the sliders on the page). Run by the application machine
 * while the step is shown, with the app's actors (src/app/step-actors.ts).
 */
import type { StepValues } from '../../../machines/calculator/calculator.machine';
import { calculatorMachine } from '../../../machines/calculator/calculator.machine';
import type { Locale } from '../../../core/domain/languages';
import { readMoney } from '../../../core/validation/money';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  calculator: calculatorMachine,
} satisfies StepLogic;

/** The chosen product, amount and period as the calculator reads them. */
export function stepValuesOf(locale: Locale, typed: { productName: string; loanAmount: string; loanPeriod: string }): StepValues {
  const amount = readMoney(typed.loanAmount ?? '', locale);
  const period = (typed.loanPeriod ?? '').trim();
  return {
    productName: typed.productName || null,
    amount: 'value' in amount ? amount.value : null,
    period: /^\d{1,3}$/.test(period) ? Number(period) : null,
  };
}
