import { describe, expect, it } from 'vitest';
import { ADDITIONAL_CHECK_AMOUNT, OFFER_VARIANTS, offerBoundsOf, offerTaskOf, offerVariantOf, personalOfferTypeOf } from '../../core/domain/offers';

/** Section 2's offers (decision 131): the variant, the personal offer's type, the bounds, the task. */
describe('offerVariantOf', () => {
  const loan = { stage: 'INITIAL' as const, upsale: false, productType: 'LOAN' };

  it('an upsale is UPSALE, or UPSALE_FINAL after the bank’s checks, whatever the amount', () => {
    expect(offerVariantOf({ ...loan, upsale: true, amount: 30000 })).toBe('UPSALE');
    expect(offerVariantOf({ ...loan, upsale: true, stage: 'FINAL', amount: 1000 })).toBe('UPSALE_FINAL');
  });

  it('the final stage is FINAL, whatever the amount', () => {
    expect(offerVariantOf({ ...loan, stage: 'FINAL', amount: 30000 })).toBe('FINAL');
    expect(offerVariantOf({ ...loan, stage: 'FINAL', amount: 1000 })).toBe('FINAL');
  });

  it('a retail loan above 15 000 € needs the additional check; at 15 000 € it does not', () => {
    expect(ADDITIONAL_CHECK_AMOUNT).toBe(15000);
    expect(offerVariantOf({ ...loan, amount: 15000.01 })).toBe('ADDITIONAL_CHECK');
    expect(offerVariantOf({ ...loan, amount: 15000 })).toBe('INITIAL');
    expect(offerVariantOf({ ...loan, amount: 500 })).toBe('INITIAL');
  });

  it('a credit card, a business loan and a leasing never get the additional check (decision 184)', () => {
    for (const productType of ['CREDIT_CARD', 'BUSINESS_LOAN', 'LEASING']) {
      expect(offerVariantOf({ ...loan, productType, amount: 50000 })).toBe('INITIAL');
    }
    expect(offerVariantOf({ ...loan, productType: 'HIRE_PURCHASE', amount: 50000 })).toBe('ADDITIONAL_CHECK');
  });
});

describe('personalOfferTypeOf', () => {
  it('is final after the bank’s checks, indicative before', () => {
    expect(OFFER_VARIANTS.map((variant) => [variant, personalOfferTypeOf(variant)])).toEqual([
      ['INITIAL', 'indicative'],
      ['ADDITIONAL_CHECK', 'indicative'],
      ['FINAL', 'final'],
      ['UPSALE', 'indicative'],
      ['UPSALE_FINAL', 'final'],
    ]);
  });
});

describe('offerBoundsOf', () => {
  const product = { minAmount: 500, maxAmount: 30000, minPeriod: 6, maxPeriod: 120 };

  it('lets the amount go down to the product’s minimum and the period up to its maximum', () => {
    expect(offerBoundsOf(product, { amount: 8000, period: 36 })).toEqual({ minAmount: 500, maxAmount: 8000, minPeriod: 36, maxPeriod: 120 });
  });

  it('keeps the period within the borrowers’ age limit, never below the approved period', () => {
    expect(offerBoundsOf(product, { amount: 8000, period: 36 }, 60)).toEqual({ minAmount: 500, maxAmount: 8000, minPeriod: 36, maxPeriod: 60 });
    expect(offerBoundsOf(product, { amount: 8000, period: 36 }, 24)).toEqual({ minAmount: 500, maxAmount: 8000, minPeriod: 36, maxPeriod: 36 });
    expect(offerBoundsOf(product, { amount: 8000, period: 36 }, 200)).toEqual({ minAmount: 500, maxAmount: 8000, minPeriod: 36, maxPeriod: 120 });
  });

  it('an approved amount below the product’s minimum is itself the least', () => {
    expect(offerBoundsOf(product, { amount: 300, period: 130 })).toEqual({ minAmount: 300, maxAmount: 300, minPeriod: 130, maxPeriod: 130 });
  });
});

describe('offerTaskOf', () => {
  it('shows a credit card’s offer as ViewCreditCardOffer, every other as ReviewApproved', () => {
    expect(offerTaskOf('CREDIT_CARD')).toBe('viewCreditCardOffer');
    expect(offerTaskOf('LOAN')).toBe('reviewApproved');
    expect(offerTaskOf(undefined)).toBe('reviewApproved');
  });
});
