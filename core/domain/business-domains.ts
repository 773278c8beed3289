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
