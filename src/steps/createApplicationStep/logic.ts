/**
 * The create step's own machines: the personal code server check that gates its submission, and
 * the calculator (its figures and the calculator modal of section 2). The application machine runs
 * them while the step is shown, with the app's actors provided (src/app/step-actors.ts).
 */
import type { StepValues } from '../../../machines/calculator/calculator.machine';
import { calculatorMachine } from '../../../machines/calculator/calculator.machine';
import { personalCodeCheckMachine } from '../../../machines/personal-code-check/personal-code-check.machine';
import type { Locale } from '../../domain/languages';
import { readMoney } from '../../validation/money';
import type { StepLogic } from '../step-registry-types';

export default {
  personalCode: personalCodeCheckMachine,
  calculator: calculatorMachine,
} satisfies StepLogic;

/** The step's product, amount and period as the calculator reads them: numbers where the text reads as one. */
export function stepValuesOf(
  locale: Locale,
  typed: { productName: string; loanAmount: string; loanPeriod: string; price?: string; ownContribution?: string },
): StepValues {
  const amount = readMoney(typed.loanAmount ?? '', locale);
  const period = (typed.loanPeriod ?? '').trim();
  // A housing loan's price and own contribution: the modal opens with them (section 5).
  const price = readMoney(typed.price ?? '', locale);
  const own = readMoney(typed.ownContribution ?? '', locale);
  return {
    productName: typed.productName || null,
    amount: 'value' in amount ? amount.value : null,
    period: /^\d{1,3}$/.test(period) ? Number(period) : null,
    ...('value' in price && 'value' in own ? { price: price.value, ownContribution: own.value } : {}),
  };
}
