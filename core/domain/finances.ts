/**
 * Section 3's enumerations for the retail data steps about money and property (financial data,
 * bank details and identity document, real estate), with the limits of section 9 and the ones
 * docs/decisions/115-repeating-blocks.md sets. Values are the bank's, exactly as the spec names
 * them (upper case with underscores where the spec names them in words); UNMAPPED, the bank's
 * value for "not mapped", is never offered.
 */
import type { CountryCode } from './business-domains';
import type { LoanPurpose } from './loan-purposes';
import type { ProductName } from './products';

/** Section 3: income sources. */
export const INCOME_SOURCES = [
  'SALARY',
  'PARENTAL_BENEFIT',
  'ALIMONY',
  'SOCIAL_BENEFIT',
  'CHILD_BENEFIT',
  'PENSION',
  'RETIREMENT_PENSION',
  'DISABILITY_PENSION',
  'BUSINESS',
  'DIVIDENDS',
  'RENT',
  'DAILY_ALLOWANCES',
  'SICKNESS_BENEFIT',
  'OTHER',
] as const;
export type IncomeSource = (typeof INCOME_SOURCES)[number];

/** Section 3: "a shorter list in some flows": salary, pension, social benefit, rent, dividends, business, other. */
export const SHORT_INCOME_SOURCES = ['SALARY', 'PENSION', 'SOCIAL_BENEFIT', 'RENT', 'DIVIDENDS', 'BUSINESS', 'OTHER'] as const satisfies readonly IncomeSource[];

/** The income sources asked in a country: Latvia asks the shorter list (docs/decisions/116). */
export function incomeSourcesOf(country: CountryCode): readonly IncomeSource[] {
  return country === 'LV' ? SHORT_INCOME_SOURCES : INCOME_SOURCES;
}

/** Section 3: liability types (corporate and retail; NO_LIABILITIES is an answer, not a row). */
export const LIABILITY_TYPES = [
  'CONSUMER_LOAN',
  'CAR_LOAN',
  'CREDIT_CARD',
  'HIRE_PURCHASE',
  'MORTGAGE',
  'SHORT_TERM_LOAN',
  'GUARANTEE',
  'ALIMONY',
  'DEBT_COLLECTION',
  'BUSINESS_LOAN',
  'BUSINESS_LEASING',
  'BUSINESS_SURETY',
  'OVERDRAFT',
  'UTILITY_PAYMENT',
  'RENT',
  'OTHER',
  'NO_LIABILITIES',
] as const;
export type LiabilityType = (typeof LIABILITY_TYPES)[number];

/**
 * The obligations a private person lists, one row each: section 3's types without the business
 * ones (a company's debts belong to the corporate flow) and without NO_LIABILITIES, which the
 * retail list answers with NO_OBLIGATIONS, a box of its own.
 */
export const RETAIL_LIABILITY_TYPES = [
  'CONSUMER_LOAN',
  'CAR_LOAN',
  'CREDIT_CARD',
  'HIRE_PURCHASE',
  'MORTGAGE',
  'SHORT_TERM_LOAN',
  'OVERDRAFT',
  'GUARANTEE',
  'DEBT_COLLECTION',
  'ALIMONY',
  'RENT',
  'UTILITY_PAYMENT',
  'OTHER',
] as const satisfies readonly LiabilityType[];
export type RetailLiabilityType = (typeof RETAIL_LIABILITY_TYPES)[number];

/** Section 3: the retail obligation list's "I have no loans or other obligations". */
export const NO_OBLIGATIONS = 'NO_OBLIGATIONS';

/**
 * A guarantee given for someone else's debt costs nothing each month until it is called (section 3
 * removes the monthly payment of a corporate guarantee the same way).
 */
export function liabilityHasMonthlyPayment(type: string): boolean {
  return type !== 'GUARANTEE';
}

/** Alimony, rent and utility bills are paid month by month: nothing is outstanding to repay. */
export function liabilityHasOutstandingAmount(type: string): boolean {
  return type !== 'ALIMONY' && type !== 'RENT' && type !== 'UTILITY_PAYMENT';
}

/** Section 9: monthly sum max 999999 (a monthly income or payment). */
export const MONTHLY_SUM_MAX = 999_999;

/**
 * How many rows each repeating block takes. Section 9 fixes tax residencies (3) and collaterals (5);
 * the others are docs/decisions/115-repeating-blocks.md's.
 */
export const ROW_LIMITS = {
  incomes: { min: 1, max: 6 },
  liabilities: { min: 1, max: 10 },
  otherOwners: { min: 1, max: 5 },
} as const;

/** Section 3: document type. */
export const DOCUMENT_TYPES = ['ID_CARD', 'PASSPORT'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * The monthly payment days offered: section 3's option list for a number choice (1, 5, 10, 15,
 * 20), with section 9's default 15 (docs/decisions/117).
 */
export const MONTHLY_PAYMENT_DAYS = [1, 5, 10, 15, 20] as const;
export type MonthlyPaymentDay = (typeof MONTHLY_PAYMENT_DAYS)[number];
export const DEFAULT_MONTHLY_PAYMENT_DAY: MonthlyPaymentDay = 15;

/** Section 3: source of funds (where a down payment comes from). */
export const SOURCES_OF_FUNDS = [
  'SALARY',
  'SAVINGS',
  'PROPERTY_SALE',
  'RETURN_ON_INVESTMENT',
  'INCOME_BUSINESS_ACTIVITY',
  'GIFT',
  'INHERITED',
  'RETIREMENT_BENEFIT',
  'OTHER',
] as const;
export type SourceOfFunds = (typeof SOURCES_OF_FUNDS)[number];

/** Section 3: repayment schedules. */
export const REPAYMENT_SCHEDULES = ['ANNUITY', 'EQUAL_PRINCIPAL', 'BULLET', 'UP_TO_SEVENTY_END', 'SPECIAL'] as const;
export type RepaymentSchedule = (typeof REPAYMENT_SCHEDULES)[number];

/** Section 3 (real estate): asset types. */
export const REAL_ESTATE_ASSET_TYPES = ['LAND', 'PREMISES'] as const;
export type RealEstateAssetType = (typeof REAL_ESTATE_ASSET_TYPES)[number];

/** Section 3 (real estate): the kinds of each asset type. */
export const REAL_ESTATE_KINDS = {
  LAND: ['RESIDENTIAL_LAND', 'AGRICULTURAL_LAND', 'FOREST_LAND', 'COMMERCIAL_OR_OTHER_LAND'],
  PREMISES: ['FLAT', 'HOUSE', 'SEMI_DETACHED_HOUSE', 'ROWHOUSE', 'OTHER_PREMISES'],
} as const satisfies Record<RealEstateAssetType, readonly string[]>;
export type RealEstateKind = (typeof REAL_ESTATE_KINDS)[RealEstateAssetType][number];
export const ALL_REAL_ESTATE_KINDS: readonly RealEstateKind[] = [...REAL_ESTATE_KINDS.LAND, ...REAL_ESTATE_KINDS.PREMISES];

/** The kinds offered for an asset type; none before a type is chosen. */
export function realEstateKindsOf(assetType: string): readonly RealEstateKind[] {
  return assetType === 'LAND' || assetType === 'PREMISES' ? REAL_ESTATE_KINDS[assetType] : [];
}

/**
 * Section 3 (real estate): the other securities a real-estate loan may have besides the property.
 * Listed for completeness; the real-estate step does not ask about them (docs/decisions/118).
 */
export const REAL_ESTATE_OTHER_SECURITIES = ['STATE_GUARANTEE', 'PRIVATE_PERSONS_SURETY'] as const;

/** Section 3: financing of own contribution. */
export const OWN_CONTRIBUTION_FINANCING = ['WITH_DOWNPAYMENT', 'FINANCED_BY_THE_BANK'] as const;
export type OwnContributionFinancing = (typeof OWN_CONTRIBUTION_FINANCING)[number];

/** Who owns the collateral: the applicant alone, or the applicant with other owners (section 3: otherOwners). */
export const COLLATERAL_OWNERSHIP = ['APPLICANT_ONLY', 'WITH_OTHER_OWNERS'] as const;
export type CollateralOwnership = (typeof COLLATERAL_OWNERSHIP)[number];

/**
 * The loan whose real-estate step asks the interest rate of the contract being refinanced
 * (decision 122): a housing loan that combines the applicant's loans with the home (section 3's
 * loan purposes), i.e. refinances a loan secured by the property.
 */
export const REFINANCING_SECURED_BY_HOME = {
  productName: 'HOUSING_LOAN' satisfies ProductName,
  purposes: ['COMBINING_LOANS_AND_PURCHASING_HOME', 'COMBINING_LOANS_AND_BUILDING_HOME', 'COMBINING_LOANS_AND_RENOVATING_HOME'] as const satisfies readonly LoanPurpose[],
} as const;

/** Section 9: max percentage 100 (an interest rate, typed with at most 2 decimals). */
export const INTEREST_RATE_BOUNDS = { min: 0, max: 100 } as const;

/** The earliest construction year accepted, and how many years ahead a building may be finished. */
export const CONSTRUCTION_YEAR_BOUNDS = { min: 1800, yearsAhead: 5 } as const;

/** Whole months of a real-estate loan (section 9: corporate max 360; housing loans the same). */
export const REAL_ESTATE_PERIOD_BOUNDS = { min: 12, max: 360 } as const;
