/**
 * The create step's own machines: the personal code server check that gates its submission, and
 * the monthly payment calculator. The application machine runs them while the step is shown, with
 * the app's actors provided (src/app/step-actors.ts).
 */
import type { CalculationRequest } from '../../../machines/calculator/calculator.machine';
import { calculatorMachine } from '../../../machines/calculator/calculator.machine';
import { personalCodeCheckMachine } from '../../../machines/personal-code-check/personal-code-check.machine';
import type { BusinessDomain } from '../../domain/business-domains';
import type { Locale } from '../../domain/languages';
import { findProduct } from '../../domain/products';
import { isWithinProductBounds } from '../../validation/general/product-bounds';
import { readMoney } from '../../validation/money';
import type { StepLogic } from '../step-registry-types';

export default {
  personalCode: personalCodeCheckMachine,
  calculator: calculatorMachine,
} satisfies StepLogic;

/**
 * What the calculator is asked for the typed product, amount and period: nothing until the amount
 * and period read as numbers within the product's bounds (a payment for a loan that cannot be had
 * would mislead).
 */
export function calculationRequestOf(
  domain: BusinessDomain,
  locale: Locale,
  typed: { productName: string; loanAmount: string; loanPeriod: string },
): CalculationRequest | null {
  const product = findProduct(domain, typed.productName);
  const amount = readMoney(typed.loanAmount, locale);
  const period = /^\d+$/.test(typed.loanPeriod.trim()) ? Number(typed.loanPeriod.trim()) : undefined;
  if (!product || !('value' in amount) || period === undefined) return null;
  const products = [product];
  if (!isWithinProductBounds(products, product.productName, 'amount', amount.value)) return null;
  if (!isWithinProductBounds(products, product.productName, 'period', period)) return null;
  return { productName: product.productName, amount: amount.value, periodMonths: period, interestRate: product.interestRate };
}
