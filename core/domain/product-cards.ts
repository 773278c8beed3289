import type { BusinessDomain } from './business-domains';
import { defaultPurposeOf, isLoanPurpose, isPurposeOf, type LoanPurpose } from './loan-purposes';
import { findProduct, productOfQuery, type ProductName } from './products';

/**
 * Section 2, product selection: the ten cards and what each applies for. Travel, wedding, health
 * and beauty, training and hobby are small loans lent for that purpose.
 */
export const PRODUCT_CARD_IDS = ['credit-card', 'small-loan', 'car-loan', 'travel-loan', 'renovation-loan', 'wedding-loan', 'health-loan', 'training-loan', 'hobby-loan', 'refinancing-loan'] as const;
export type ProductCardId = (typeof PRODUCT_CARD_IDS)[number];

export interface ProductCard {
  id: ProductCardId;
  productName: ProductName;
  loanPurpose: LoanPurpose;
}

export const PRODUCT_CARDS: readonly ProductCard[] = [
  { id: 'credit-card', productName: 'CREDIT_CARD_VISA_CLASSIC', loanPurpose: 'DAILY_SETTLEMENTS' },
  { id: 'small-loan', productName: 'SMALL_LOAN', loanPurpose: 'DAILY_SETTLEMENTS' },
  { id: 'car-loan', productName: 'CAR_LOAN', loanPurpose: 'PURCHASING_MOTOR_VEHICLES' },
  { id: 'travel-loan', productName: 'SMALL_LOAN', loanPurpose: 'TRAVELING' },
  { id: 'renovation-loan', productName: 'RENOVATION_LOAN', loanPurpose: 'RENOVATING_HOME' },
  { id: 'wedding-loan', productName: 'SMALL_LOAN', loanPurpose: 'WEDDING' },
  { id: 'health-loan', productName: 'SMALL_LOAN', loanPurpose: 'MEDICAL_SERVICES' },
  { id: 'training-loan', productName: 'SMALL_LOAN', loanPurpose: 'ACQUIRING_EDUCATION' },
  { id: 'hobby-loan', productName: 'SMALL_LOAN', loanPurpose: 'HOBBY' },
  { id: 'refinancing-loan', productName: 'REFINANCING_LOAN', loanPurpose: 'COMBINING_LOANS' },
];

export function productCard(id: string | null | undefined): ProductCard | undefined {
  return PRODUCT_CARDS.find((card) => card.id === id);
}

/** The card a product and purpose were chosen with (the first card of the product otherwise). */
export function cardOfChoice(productName: string | null | undefined, loanPurpose: string | null | undefined): ProductCard | undefined {
  return (
    PRODUCT_CARDS.find((card) => card.productName === productName && card.loanPurpose === loanPurpose) ??
    PRODUCT_CARDS.find((card) => card.productName === productName)
  );
}

/** The product cards a domain can offer (all ten in retail; none in corporate banking). */
export function productCardsOf(domain: BusinessDomain): readonly ProductCard[] {
  return PRODUCT_CARDS.filter((card) => findProduct(domain, card.productName));
}

/** Products in the order a purpose lent by several of them is matched to one (the landing pages). */
const PURPOSE_PRODUCT_ORDER: readonly ProductName[] = ['SMALL_LOAN', 'CAR_LOAN', 'RENOVATION_LOAN', 'REFINANCING_LOAN', 'HOUSING_LOAN', 'REAL_ESTATE_LOAN'];

export interface LandingChoice {
  productName: ProductName;
  loanPurpose: LoanPurpose | undefined;
}

/**
 * Section 2, `/landing/{lang}/{initialLoanPurpose}`: the homepage's landing links name a purpose
 * (`TRAVELING`, `traveling`), a catalogue query key (`car-loan`) or a product card (`travel-loan`).
 * The purpose's product is preselected. Undefined when the segment names nothing known.
 */
export function landingChoice(domain: BusinessDomain, initialLoanPurpose: string): LandingChoice | undefined {
  const segment = initialLoanPurpose.trim();
  const card = productCard(segment.toLowerCase());
  if (card && findProduct(domain, card.productName)) return { productName: card.productName, loanPurpose: card.loanPurpose };
  // Lower-cased, the segment can only match a query key (product names are upper case).
  const keyed = productOfQuery(domain, segment.toLowerCase())?.productName;
  if (keyed) return { productName: keyed, loanPurpose: defaultPurposeOf(keyed) };
  const purpose = segment.toUpperCase().replace(/-/g, '_');
  if (!isLoanPurpose(purpose)) return undefined;
  // The product the purpose is usually lent for first (renovating a home: the renovation loan), else the first that takes it.
  const offered = PURPOSE_PRODUCT_ORDER.filter((name) => findProduct(domain, name) && isPurposeOf(name, purpose, { renewableLoan: true }));
  const productName = offered.find((name) => defaultPurposeOf(name) === purpose) ?? offered[0];
  return productName ? { productName, loanPurpose: purpose } : undefined;
}
