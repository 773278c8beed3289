import type { ProductBounds } from '../../domain/products';
import { MESSAGES, messageWithValues, type MessageText } from '../messages';

type Dimension = 'amount' | 'period';

/**
 * Whether a loan amount or period is within the chosen product's bounds (spec sections 5 and 9).
 * An unknown product passes: the product field reports that on its own.
 */
export function isWithinProductBounds(products: readonly ProductBounds[], productName: string, dimension: Dimension, value: number): boolean {
  const product = products.find((p) => p.productName === productName);
  if (!product) return true;
  return dimension === 'amount'
    ? value >= product.minAmount && value <= product.maxAmount
    : value >= product.minPeriod && value <= product.maxPeriod;
}

/**
 * The problem with an amount or period outside the chosen product's bounds, stating the bounds
 * ("Enter an amount from 500 € to 15 000 €", issue 8); undefined when it is within them.
 */
export function productBoundsProblem(products: readonly ProductBounds[], productName: string, dimension: Dimension, value: number): MessageText | undefined {
  const product = products.find((p) => p.productName === productName);
  if (!product || isWithinProductBounds(products, productName, dimension, value)) return undefined;
  return dimension === 'amount'
    ? messageWithValues(MESSAGES.amountOutOfRange, { minEur: product.minAmount, maxEur: product.maxAmount })
    : messageWithValues(MESSAGES.periodOutOfRange, { min: product.minPeriod, max: product.maxPeriod });
}
