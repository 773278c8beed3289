/**
 * Section 2's offers (issue 12; docs/decisions/131-offer-bounds-and-variants.md): what a positive
 * decision offers, within which bounds the applicant may change it, and which of ReviewApproved's
 * variants shows it. Shared by the reference API (which decides, re-checks and stores) and the
 * offer pages (which show and edit). Pure: no wire format.
 */
import type { ProductBounds } from './product-data';

/**
 * ReviewApproved's variants (section 2), one task key with the variant in the offer:
 * - INITIAL: the automatic decision's offer, indicative (the bank confirms it before the contract);
 * - ADDITIONAL_CHECK: indicative, and the bank checks the income before the contract (a large amount);
 * - FINAL: after the bank's checks (the FINAL stage), binding until the contract;
 * - UPSALE, UPSALE_FINAL: the same two for an existing customer's upsale application.
 */
export const OFFER_VARIANTS = ['INITIAL', 'ADDITIONAL_CHECK', 'FINAL', 'UPSALE', 'UPSALE_FINAL'] as const;
export type OfferVariant = (typeof OFFER_VARIANTS)[number];

/** Section 3's `personalOffer.type`. */
export type PersonalOfferType = 'indicative' | 'final';

/** Above this amount (€) an initial offer of a loan needs the bank's additional check of income. */
export const ADDITIONAL_CHECK_AMOUNT = 15000;

/** The offer's bounds: the amount at most the approved one, the period at least the approved one. */
export type OfferBounds = ProductBounds;

/** Every figure of an offer (section 3: offer, totalRepaymentAmount, totalAmountTransferredToAccount). */
export interface OfferFigures {
  productName: string;
  amount: number;
  period: number;
  /** Percent a year (for hire purchase: on the loan sum). */
  interestRate: number;
  monthlyPayment: number;
  contractConclusionFee: number;
  monthlyFee: number;
  totalRepaymentAmount: number;
  totalAmountTransferredToAccount: number;
  annualPercentageRate: number | null;
  /**
   * A leasing's residual value, paid with the last payment (issue 24, docs/decisions/184); the
   * monthly payment is the regular one. Left out for every other product.
   */
  residual?: number;
  /** A leasing's terms the amount financed was computed from (docs/decisions/184). Left out for a loan. */
  leasing?: LeasingOfferTerms;
}

/**
 * A leasing's terms as its offer and contract show them (docs/decisions/184): the asset's price as
 * financed (with VAT where it is financed), the down payment and the residual value in euros, and
 * the amount financed, the price less the down payment.
 */
export interface LeasingOfferTerms {
  leaseType: string;
  price: number;
  priceIncludesVat: boolean;
  vatFinanced: boolean;
  financedPrice: number;
  downPayment: number;
  residual: number;
}

export interface ApprovedOffer extends OfferFigures {
  variant: OfferVariant;
  bounds: OfferBounds;
}

export function offerVariantOf(input: { stage: 'INITIAL' | 'FINAL'; upsale: boolean; amount: number; productType: string }): OfferVariant {
  if (input.upsale) return input.stage === 'FINAL' ? 'UPSALE_FINAL' : 'UPSALE';
  if (input.stage === 'FINAL') return 'FINAL';
  // Decision 184: a company's offer has no additional income check (it is a retail borrower's, decision 173).
  const checksIncome = input.productType !== 'CREDIT_CARD' && input.productType !== 'BUSINESS_LOAN' && input.productType !== 'LEASING';
  return checksIncome && input.amount > ADDITIONAL_CHECK_AMOUNT ? 'ADDITIONAL_CHECK' : 'INITIAL';
}

export function personalOfferTypeOf(variant: OfferVariant): PersonalOfferType {
  return variant === 'FINAL' || variant === 'UPSALE_FINAL' ? 'final' : 'indicative';
}

/**
 * The bounds of an approved offer: less than the approved amount (down to the product's minimum)
 * and a longer period than the approved one (up to the product's and the borrowers' age limit).
 * Both only lower the monthly payment, so the affordability the decision tested still holds; a
 * larger amount or a shorter period needs a new decision.
 */
export function offerBoundsOf(product: ProductBounds, offer: { amount: number; period: number }, longestPeriodForAge?: number): OfferBounds {
  const maxPeriod = Math.max(offer.period, Math.min(product.maxPeriod, longestPeriodForAge ?? product.maxPeriod));
  return {
    minAmount: Math.min(product.minAmount, offer.amount),
    maxAmount: offer.amount,
    minPeriod: offer.period,
    maxPeriod,
  };
}


/** Section 2's card offer shows a credit card's offer (ViewCreditCardOffer), every other product's is ReviewApproved. */
export function offerTaskOf(productType: string | undefined): 'viewCreditCardOffer' | 'reviewApproved' {
  return productType === 'CREDIT_CARD' ? 'viewCreditCardOffer' : 'reviewApproved';
}
