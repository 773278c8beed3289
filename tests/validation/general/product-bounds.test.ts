import { describe, expect, it } from 'vitest';
import { isWithinProductBounds, offerBoundsProblem, productBoundsProblem } from '../../../core/validation/general/product-bounds';

// Decision 245: the bounds of a product and of an approved offer, both ends counted.

const product = { minAmount: 500, maxAmount: 15000, minPeriod: 6, maxPeriod: 120 };
const amountProblem = 'validation.messages.amountOutOfRange?minEur=500&maxEur=15000';

describe('a loan amount or period within the product bounds', () => {
  it('the minimum and maximum amount are allowed, a cent beyond either is not', () => {
    expect(productBoundsProblem(product, 'amount', 500)).toBeUndefined();
    expect(productBoundsProblem(product, 'amount', 15000)).toBeUndefined();
    expect(productBoundsProblem(product, 'amount', 499.99)).toBe(amountProblem);
    expect(productBoundsProblem(product, 'amount', 15000.01)).toBe(amountProblem);
    expect(isWithinProductBounds(product, 'amount', 500)).toBe(true);
    expect(isWithinProductBounds(product, 'amount', 499)).toBe(false);
  });

  it('the period: both ends allowed, the message states the bounds', () => {
    expect(productBoundsProblem(product, 'period', 6)).toBeUndefined();
    expect(productBoundsProblem(product, 'period', 120)).toBeUndefined();
    expect(productBoundsProblem(product, 'period', 5)).toBe('validation.messages.periodOutOfRange?min=6&max=120');
    expect(productBoundsProblem(product, 'period', 121)).toBe('validation.messages.periodOutOfRange?min=6&max=120');
  });

  it('without product data there is nothing to check against', () => {
    expect(productBoundsProblem(undefined, 'amount', 1)).toBeUndefined();
    expect(productBoundsProblem(undefined, 'period', 1000)).toBeUndefined();
  });

  it('an approved offer: its own bounds, stated in the message', () => {
    const offer = { minAmount: 1000, maxAmount: 8000, minPeriod: 12, maxPeriod: 60 };
    expect(offerBoundsProblem(offer, 'amount', 9000)).toBe('validation.messages.amountOutOfRange?minEur=1000&maxEur=8000');
    expect(offerBoundsProblem(offer, 'amount', 8000)).toBeUndefined();
    expect(offerBoundsProblem(offer, 'period', 61)).toBe('validation.messages.periodOutOfRange?min=12&max=60');
  });
});
