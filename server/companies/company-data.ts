/**
 * A corporate application's company as `applications.data.company` keeps it (issue 24, decision
 * 181): what businessData answered and what the business register said of it.
 */
import { companyCountryOf, type CountryCode } from '../../core/domain/business-domains';

export interface StoredCompany {
  registrationCode?: string;
  businessName?: string;
  countryCode?: CountryCode;
  industryCode?: string;
  legalForm?: string;
  registerStatus?: string;
  hasLiabilities?: boolean;
}

/** The stored company's fields this API reads, whatever else later steps keep beside them. */
export function storedCompanyOf(data: unknown): StoredCompany {
  if (typeof data !== 'object' || data === null) return {};
  const company: unknown = 'company' in data ? data.company : undefined;
  if (typeof company !== 'object' || company === null) return {};
  const record = company as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? { [key]: record[key] as string } : {});
  return {
    ...text('registrationCode'),
    ...text('businessName'),
    ...text('industryCode'),
    ...text('legalForm'),
    ...text('registerStatus'),
    ...(companyCountryOf(data) ? { countryCode: companyCountryOf(data)! } : {}),
    ...(typeof record['hasLiabilities'] === 'boolean' ? { hasLiabilities: record['hasLiabilities'] } : {}),
  };
}
