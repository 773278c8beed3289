import type { ProductName } from './products';

/**
 * Section 3: loan purposes. The list the flow offers, then the rest of the full list ("hobby,
 * wedding, commercial activity, securities, vehicles and solar items"). `OTHER_RENEWABLE_PROJECTS`
 * is offered only while the renewable-loan feature is on (sections 3 and 6).
 */
export const LOAN_PURPOSES = [
  'ACQUIRING_EDUCATION',
  'COMBINING_LOANS',
  'COMBINING_LOANS_AND_BUILDING_HOME',
  'COMBINING_LOANS_AND_PURCHASING_HOME',
  'COMBINING_LOANS_AND_RENOVATING_HOME',
  'DAILY_SETTLEMENTS',
  'MEDICAL_SERVICES',
  'PURCHASING_HOME_APPLIANCES_AND_ELECTRONICS',
  'PURCHASING_MOTOR_VEHICLES',
  'PURCHASING_OTHER_REAL_ESTATE',
  'TRAVELING',
  'PURCHASING_HOME',
  'BUILDING_HOME',
  'RENOVATING_HOME',
  'PURCHASING_AND_RENOVATING_HOME',
  'PURCHASING_RENTAL_PROPERTY',
  'BUILDING_OTHER_REAL_ESTATE',
  'OTHER_RENEWABLE_PROJECTS',
  'HOBBY',
  'WEDDING',
  'COMMERCIAL_ACTIVITY',
  'SECURITIES',
  'VEHICLES',
  'SOLAR_PANELS',
] as const;
export type LoanPurpose = (typeof LOAN_PURPOSES)[number];

export function isLoanPurpose(value: unknown): value is LoanPurpose {
  return (LOAN_PURPOSES as readonly unknown[]).includes(value);
}

/** Only with the renewable-loan feature (section 3). */
export const RENEWABLE_PURPOSE: LoanPurpose = 'OTHER_RENEWABLE_PROJECTS';

/**
 * The purposes each retail product is lent for, its usual purpose first. Products not listed
 * (current account, corporate products) take no purpose.
 */
const PURPOSES: Partial<Record<ProductName, readonly LoanPurpose[]>> = {
  SMALL_LOAN: [
    'DAILY_SETTLEMENTS',
    'TRAVELING',
    'WEDDING',
    'MEDICAL_SERVICES',
    'ACQUIRING_EDUCATION',
    'HOBBY',
    'PURCHASING_HOME_APPLIANCES_AND_ELECTRONICS',
    'RENOVATING_HOME',
    'OTHER_RENEWABLE_PROJECTS',
  ],
  CAR_LOAN: ['PURCHASING_MOTOR_VEHICLES'],
  RENOVATION_LOAN: ['RENOVATING_HOME', 'SOLAR_PANELS', 'OTHER_RENEWABLE_PROJECTS'],
  REFINANCING_LOAN: ['COMBINING_LOANS'],
  HOUSING_LOAN: [
    'PURCHASING_HOME',
    'BUILDING_HOME',
    'PURCHASING_AND_RENOVATING_HOME',
    'RENOVATING_HOME',
    'COMBINING_LOANS_AND_PURCHASING_HOME',
    'COMBINING_LOANS_AND_BUILDING_HOME',
    'COMBINING_LOANS_AND_RENOVATING_HOME',
  ],
  REAL_ESTATE_LOAN: ['PURCHASING_OTHER_REAL_ESTATE', 'PURCHASING_RENTAL_PROPERTY', 'BUILDING_OTHER_REAL_ESTATE'],
  CREDIT_CARD_VISA_CLASSIC: ['DAILY_SETTLEMENTS'],
  CREDIT_CARD_VISA_GOLD: ['DAILY_SETTLEMENTS'],
  CAR_HIRE_PURCHASE: ['PURCHASING_MOTOR_VEHICLES'],
  COMP_HIRE_PURCHASE: ['PURCHASING_HOME_APPLIANCES_AND_ELECTRONICS'],
  REG_HIRE_PURCHASE: ['VEHICLES', 'PURCHASING_HOME_APPLIANCES_AND_ELECTRONICS'],
};

export interface PurposeOptions {
  /** The renewable-loan feature (section 6). */
  renewableLoan: boolean;
}

/** The purposes a product is lent for; the renewable one only with its feature on. */
export function loanPurposesOf(productName: string, options: PurposeOptions): readonly LoanPurpose[] {
  const all = (PURPOSES as Readonly<Record<string, readonly LoanPurpose[]>>)[productName] ?? [];
  return options.renewableLoan ? all : all.filter((purpose) => purpose !== RENEWABLE_PURPOSE);
}

export function isPurposeOf(productName: string, purpose: string, options: PurposeOptions): boolean {
  return (loanPurposesOf(productName, options) as readonly string[]).includes(purpose);
}

/**
 * The purpose a product is usually lent for (the product selection's "small loan": daily settlements):
 * its list's first, never the renewable one (tests/domain/products.test.ts), so the feature is not asked.
 */
export function defaultPurposeOf(productName: string): LoanPurpose | undefined {
  return (PURPOSES as Readonly<Record<string, readonly LoanPurpose[]>>)[productName]?.[0];
}
