/**
 * The create step's values as its calculator reads them. Apart from logic.ts, so the view's chunk
 * does not carry the calculator machine's definition (the step's logic chunk brings it).
 */
import type { StepValues } from '../../../machines/calculator/calculator.machine';
import type { Locale } from '../../../core/domain/languages';
import { readMoney } from '../../../core/validation/money';

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
