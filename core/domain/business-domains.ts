/** Section 1: the four business domains. Anything else is a configuration error. */
export const BUSINESS_DOMAINS = [
  'corporate-banking',
  'retail-banking-ee',
  'retail-banking-lt',
  'retail-banking-lv',
] as const;

export type BusinessDomain = (typeof BUSINESS_DOMAINS)[number];

export type CountryCode = 'EE' | 'LV' | 'LT';

export function isBusinessDomain(value: string): value is BusinessDomain {
  return (BUSINESS_DOMAINS as readonly string[]).includes(value);
}

export function isCorporate(domain: BusinessDomain): boolean {
  return domain === 'corporate-banking';
}

/** The country a retail domain serves; corporate banking takes its country from configuration. */
export function countryOfDomain(domain: BusinessDomain, corporateCountry: CountryCode = 'EE'): CountryCode {
  switch (domain) {
    case 'retail-banking-ee':
      return 'EE';
    case 'retail-banking-lt':
      return 'LT';
    case 'retail-banking-lv':
      return 'LV';
    case 'corporate-banking':
      return corporateCountry;
  }
}

const COUNTRY_CODES: readonly CountryCode[] = ['EE', 'LV', 'LT'];

/** One of the three countries the bank serves. */
export function isCountryCode(value: unknown): value is CountryCode {
  return (COUNTRY_CODES as readonly unknown[]).includes(value);
}

/**
 * A corporate application's country: the company's (`company.countryCode`, chosen on businessData;
 * issue 24, docs/decisions/184), when given. Undefined before that, and for a retail application.
 */
export function companyCountryOf(data: unknown): CountryCode | undefined {
  const company = typeof data === 'object' && data !== null ? (data as { company?: unknown }).company : undefined;
  const code = typeof company === 'object' && company !== null ? (company as { countryCode?: unknown }).countryCode : undefined;
  return isCountryCode(code) ? code : undefined;
}

/** The country an application is of: a corporate one's company country once chosen, else the domain's (corporate: the configured one). */
export function countryOfApplication(domain: BusinessDomain, data: unknown, configured?: CountryCode): CountryCode {
  return (isCorporate(domain) ? companyCountryOf(data) : undefined) ?? countryOfDomain(domain, configured);
}
