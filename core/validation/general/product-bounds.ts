import type { OfferBounds } from '../../domain/offers';
import type { ProductBounds } from '../../domain/product-data';
import { MESSAGES, messageWithValues, type MessageText } from '../messages';

type Dimension = 'amount' | 'period';

/** Whether a loan amount or period is within the chosen product's bounds (spec sections 5 and 9). */
export function isWithinProductBounds(product: ProductBounds, dimension: Dimension, value: number): boolean {
  return dimension === 'amount'
    ? value >= product.minAmount && value <= product.maxAmount
    : value >= product.minPeriod && value <= product.maxPeriod;
}

/**
 * The problem with an amount or period outside the chosen product's bounds, stating the bounds
 * ("Enter an amount from 500 € to 15 000 €", issue 8); undefined when it is within them. Without
 * product data there is nothing to check against: the product field reports an unknown product.
 */
export function productBoundsProblem(product: ProductBounds | undefined, dimension: Dimension, value: number): MessageText | undefined {
  if (!product || isWithinProductBounds(product, dimension, value)) return undefined;
  return dimension === 'amount'
    ? messageWithValues(MESSAGES.amountOutOfRange, { minEur: product.minAmount, maxEur: product.maxAmount })
    : messageWithValues(MESSAGES.periodOutOfRange, { min: product.minPeriod, max: product.maxPeriod });
}

/** The problem of an amount or period outside an approved offer's bounds (core/domain/offers.ts offerBoundsOf): the same keys, with the offer's bounds. */
export function offerBoundsProblem(bounds: OfferBounds, dimension: Dimension, value: number): MessageText | undefined {
  return productBoundsProblem(bounds, dimension, value);
}
