import type { CountryCode } from '../../core/domain/business-domains';
import { CompanyLookupSchema, type CompanyLookup } from '../../core/wire/business-register.schema';
import type { CallOptions } from './application.api';
import { apiRequest } from './client';

/**
 * POST /api/v1/business-register/lookup (issue 24, decision 181): what the business register says of
 * a registration code. Not retried by the client: each attempt spends the session's allowance.
 */
export function lookUpCompany(registrationCode: string, countryCode: CountryCode, options: CallOptions = {}): Promise<CompanyLookup> {
  return apiRequest('business-register/lookup', {
    method: 'POST',
    body: { registrationCode, countryCode },
    schema: CompanyLookupSchema,
    signal: options.signal,
    retry: false,
  });
}
