/**
 * Section 7's psd2 and consent calls (issue 13; docs/decisions/153-open-banking.md). Only the bank
 * statement step uses them, so this module loads with that step, not with the first page.
 */
import type { Locale } from '../../core/domain/languages';
import type { CallOptions } from './application.api';
import { apiRequest } from './client';
import {
  ConsentReferenceSchema,
  ConsentUrlSchema,
  InstitutionListSchema,
  LIST_INSTITUTIONS_TIMEOUT_MS,
  RedirectSchema,
  type InstitutionList,
} from '../../core/wire/open-banking.schema';

/** GET /api/v1/psd2/list-institutions: waited for 30 seconds (section 9). */
export function listInstitutions(externalId: string, options: CallOptions = {}): Promise<InstitutionList> {
  return apiRequest('psd2/list-institutions', {
    query: { externalId },
    schema: InstitutionListSchema,
    timeoutMs: LIST_INSTITUTIONS_TIMEOUT_MS,
    signal: options.signal,
  });
}

/** POST /api/v1/psd2/select-institution: the bank's consent page to go to. */
export function selectInstitution(request: { externalId: string; institutionId: string; userLanguage: Locale }, options: CallOptions = {}) {
  return apiRequest('psd2/select-institution', { method: 'POST', body: request, schema: RedirectSchema, signal: options.signal });
}

/** POST /api/v1/application/consent-url: the page of a consent still open at the bank, or null. */
export function consentUrl(externalId: string, options: CallOptions = {}) {
  return apiRequest('application/consent-url', { method: 'POST', body: { externalId }, schema: ConsentUrlSchema, signal: options.signal });
}

/** GET /api/v1/application/consent-reference: the reference of the person's approved consent, or null. */
export function consentReference(externalId: string, options: CallOptions = {}) {
  return apiRequest('application/consent-reference', { query: { externalId }, schema: ConsentReferenceSchema, signal: options.signal });
}
