import type { CountryCode } from '../../domain/business-domains';
import type { ProductName } from '../../domain/products';

/** Section 3: the corporate product set. */
export const CORPORATE_PRODUCTS = [
  'CAR_LEASING_BUSINESS', 'CREDIT_LINE', 'DEVELOPMENT_LOAN', 'EQUIPMENT_LEASING_BUSINESS', 'GREEN_LEASING_BUSINESS',
  'INVESTMENT_LOAN', 'LAND_LOAN', 'MORTGAGE_LOAN', 'OPERATING_LOAN', 'SMALL_LOAN_BUSINESS',
] as const satisfies readonly ProductName[];

/** Section 5: product name choices exclude green leasing unless its feature flag is on. */
export function corporateProductOptions(
  products: readonly ProductName[],
  flags: { greenLeasing: boolean },
): ProductName[] {
  return products.filter((product) => flags.greenLeasing || product !== 'GREEN_LEASING_BUSINESS');
}

/** User groups of the embedded token that decide the corporate country choice (section 5, 6). */
export const COUNTRY_USER_GROUPS = {
  general: 'loan-specialist',
  LT: 'customer-administrator-lithuania',
  LV: 'customer-administrator-latvia',
  EE: 'customer-administrator-estonia',
} as const;

const ALL_COUNTRIES: readonly CountryCode[] = ['EE', 'LV', 'LT'];

/**
 * Section 5: a general group sees all countries; otherwise the Lithuania, Latvia and Estonia
 * groups restrict the choice; a single option is preselected.
 */
export function countryOptionsForUserGroups(userGroups: readonly string[]): {
  options: CountryCode[];
  preselected: CountryCode | undefined;
} {
  const options = userGroups.includes(COUNTRY_USER_GROUPS.general)
    ? [...ALL_COUNTRIES]
    : ALL_COUNTRIES.filter((country) => userGroups.includes(COUNTRY_USER_GROUPS[country]));
  return { options, preselected: options.length === 1 ? options[0] : undefined };
}
