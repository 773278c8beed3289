/**
 * An approved offer as the reference API stores it in the application's decision and the offer pages
 * read it (section 3 offer figures; docs/decisions/131-offer-bounds-and-variants.md). One schema for
 * the offer service, the contract service and the offer pages.
 */
import * as v from 'valibot';
import { OFFER_VARIANTS } from '../domain/offers';

/** Every figure of an offer (`OfferFigures` in core/domain/offers.ts). */
export const OfferFiguresSchema = v.object({
  productName: v.string(),
  amount: v.number(),
  period: v.number(),
  interestRate: v.number(),
  monthlyPayment: v.number(),
  contractConclusionFee: v.number(),
  monthlyFee: v.number(),
  totalRepaymentAmount: v.number(),
  totalAmountTransferredToAccount: v.number(),
  annualPercentageRate: v.nullable(v.number()),
  residual: v.optional(v.number()),
  leasing: v.optional(
    v.object({
      leaseType: v.string(),
      price: v.number(),
      priceIncludesVat: v.boolean(),
      vatFinanced: v.boolean(),
      financedPrice: v.number(),
      downPayment: v.number(),
      residual: v.number(),
    }),
  ),
});

/** The offer of a positive decision: its figures, which page variant shows it, and the bounds it may be changed within. */
export const ApprovedOfferSchema = v.object({
  ...OfferFiguresSchema.entries,
  variant: v.picklist(OFFER_VARIANTS),
  bounds: v.object({ minAmount: v.number(), maxAmount: v.number(), minPeriod: v.number(), maxPeriod: v.number() }),
});
