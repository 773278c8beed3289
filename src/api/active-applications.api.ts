/**
 * Section 7: POST /api/v1/active-applications and POST /api/v1/active-applications/annul, for
 * ChooseContinueOption (decision 121). Both name the applicant's current (new) application.
 */
import { apiRequest } from './client';
import type { CallOptions } from './application.api';
import {
  ActiveApplicationsSchema,
  AnnulledActiveApplicationsSchema,
  type ActiveApplications,
  type AnnulledActiveApplications,
} from './schemas/active-applications.schema';

/** The applicant's other open application of the same person, and one they may join as co-borrower. */
export function loadActiveApplications(externalId: string, options: CallOptions = {}): Promise<ActiveApplications> {
  return apiRequest('active-applications', {
    method: 'POST',
    body: { externalId },
    schema: ActiveApplicationsSchema,
    signal: options.signal,
  });
}

/**
 * Annuls the applicant's other open applications of the same person (never the current one).
 * Repeating it annuls nothing more, so the caller may simply try again after a failure.
 */
export function annulActiveApplications(externalId: string, options: CallOptions = {}): Promise<AnnulledActiveApplications> {
  return apiRequest('active-applications/annul', {
    method: 'POST',
    body: { externalId },
    schema: AnnulledActiveApplicationsSchema,
    signal: options.signal,
  });
}
