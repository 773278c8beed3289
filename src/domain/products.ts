import type { BusinessDomain } from './business-domains';

/** Section 3: product names. */
export const PRODUCT_NAMES = [
  'CAR_LOAN', 'CAR_LOAN_BUSINESS', 'CAR_FINANCE_LEASE', 'CAR_HIRE_PURCHASE', 'CAR_LEASING_BUSINESS',
  'COMP_HIRE_PURCHASE', 'CREDIT_CARD_VISA_CLASSIC', 'CREDIT_CARD_VISA_GOLD', 'CREDIT_LINE', 'CURRENT_ACCOUNT',
  'DEVELOPMENT_LOAN', 'EQUIPMENT_LEASING_BUSINESS', 'GREEN_LEASING_BUSINESS', 'HOUSING_LOAN', 'INVESTMENT_LOAN',
  'LAND_LOAN', 'MEDICAL_LOAN', 'MORTGAGE_LOAN', 'OPERATING_LOAN', 'PROJECT_LOAN', 'REAL_ESTATE_LOAN',
  'REFINANCING_LOAN', 'REG_HIRE_PURCHASE', 'RENOVATION_LOAN', 'REVOLVING_LOAN', 'SMALL_LOAN', 'SMALL_LOAN_BUSINESS',
] as const;
export type ProductName = (typeof PRODUCT_NAMES)[number];

/** Retail catalogue query keys (section 1) to product names. */
export const PRODUCT_QUERY_KEYS = {
  'small-loan': 'SMALL_LOAN',
  'car-loan': 'CAR_LOAN',
  'housing-loan': 'HOUSING_LOAN',
  'refinancing-loan': 'REFINANCING_LOAN',
  'renovation-loan': 'RENOVATION_LOAN',
  'real-estate-loan': 'REAL_ESTATE_LOAN',
  'credit-card-visa-classic': 'CREDIT_CARD_VISA_CLASSIC',
  'credit-card-visa-gold': 'CREDIT_CARD_VISA_GOLD',
} as const satisfies Record<string, ProductName>;

export interface ProductBounds {
  productName: ProductName;
  minAmount: number;
  baseAmount: number;
  maxAmount: number;
  minPeriod: number;
  basePeriod: number;
  maxPeriod: number;
  /** Nominal annual interest rate, percent. */
  interestRate: number;
  /** Step of the amount slider and of the amount field, EUR. */
  amountStep: number;
}

/**
 * Retail instalment products offered on the create-application step. The spec gives no retail
 * bounds; these are ours (docs/decisions/003-retail-product-bounds.md) until the products issue
 * brings pricing conditions from the API.
 */
const RETAIL_LOANS: readonly ProductBounds[] = [
  { productName: 'SMALL_LOAN', minAmount: 500, baseAmount: 3000, maxAmount: 15000, minPeriod: 6, basePeriod: 36, maxPeriod: 60, interestRate: 15.9, amountStep: 100 },
  { productName: 'CAR_LOAN', minAmount: 3000, baseAmount: 12000, maxAmount: 35000, minPeriod: 12, basePeriod: 60, maxPeriod: 84, interestRate: 9.9, amountStep: 100 },
  { productName: 'RENOVATION_LOAN', minAmount: 1000, baseAmount: 8000, maxAmount: 30000, minPeriod: 12, basePeriod: 60, maxPeriod: 120, interestRate: 9.9, amountStep: 100 },
  { productName: 'REFINANCING_LOAN', minAmount: 1000, baseAmount: 6000, maxAmount: 30000, minPeriod: 12, basePeriod: 60, maxPeriod: 96, interestRate: 12.9, amountStep: 100 },
  { productName: 'REAL_ESTATE_LOAN', minAmount: 5000, baseAmount: 30000, maxAmount: 200000, minPeriod: 36, basePeriod: 120, maxPeriod: 240, interestRate: 7.9, amountStep: 500 },
  { productName: 'HOUSING_LOAN', minAmount: 10000, baseAmount: 80000, maxAmount: 300000, minPeriod: 60, basePeriod: 300, maxPeriod: 360, interestRate: 4.9, amountStep: 1000 },
];

const CATALOGUE: Record<BusinessDomain, readonly ProductBounds[]> = {
  'retail-banking-ee': RETAIL_LOANS,
  'retail-banking-lv': RETAIL_LOANS,
  'retail-banking-lt': RETAIL_LOANS,
  'corporate-banking': [
    // Section 9: corporate product defaults.
    { productName: 'OPERATING_LOAN', minAmount: 1000, baseAmount: 250000, maxAmount: 10000000, minPeriod: 1, basePeriod: 60, maxPeriod: 360, interestRate: 15.9, amountStep: 1000 },
  ],
};

/** Section 1: operating loan for corporate, small loan for retail. */
export const DEFAULT_PRODUCT: Record<BusinessDomain, ProductName> = {
  'corporate-banking': 'OPERATING_LOAN',
  'retail-banking-ee': 'SMALL_LOAN',
  'retail-banking-lt': 'SMALL_LOAN',
  'retail-banking-lv': 'SMALL_LOAN',
};

export function productsOf(domain: BusinessDomain): readonly ProductBounds[] {
  return CATALOGUE[domain];
}

export function findProduct(domain: BusinessDomain, productName: string | null | undefined): ProductBounds | undefined {
  return CATALOGUE[domain].find((p) => p.productName === productName);
}

/** The product for a query value (`small-loan` or `SMALL_LOAN`), else the domain's default. */
export function resolveProduct(domain: BusinessDomain, queryValue?: string | null): ProductBounds {
  const fromKey = queryValue ? (PRODUCT_QUERY_KEYS as Record<string, string>)[queryValue] ?? queryValue : undefined;
  const found = findProduct(domain, fromKey) ?? findProduct(domain, DEFAULT_PRODUCT[domain]);
  if (!found) throw new Error(`Default product ${DEFAULT_PRODUCT[domain]} is missing for ${domain}`);
  return found;
}
