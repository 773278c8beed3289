/**
 * Section 7: POST /api/v1/active-applications, POST /api/v1/active-applications/annul and
 * POST /api/v1/application-process/{externalId}/annul, for ChooseContinueOption (decision 121).
 * Each names the applicant's current (new) application. Only that step uses them, so the app loads
 * this module (and its schemas) with the step, not on the first page (src/app/step-actors.ts).
 */
import { apiRequest } from './client';
import type { CallOptions } from './application.api';
import {
  ActiveApplicationsSchema,
  AnnulledActiveApplicationsSchema,
  AnnulledApplicationSchema,
  type ActiveApplications,
  type AnnulledActiveApplications,
  type AnnulledApplication,
} from '../../core/wire/active-applications.schema';

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

/**
 * POST /api/v1/application-process/{externalId}/annul (section 7; decision 121): the applicant gives
 * up this application of theirs; afterwards it answers 404 like one that does not exist. Not
 * retried by the client: a repeat of one that went through answers 404, which the caller takes as
 * done.
 */
export function annulApplication(externalId: string, options: CallOptions = {}): Promise<AnnulledApplication> {
  return apiRequest(`application-process/${encodeURIComponent(externalId)}/annul`, {
    method: 'POST',
    schema: AnnulledApplicationSchema,
    signal: options.signal,
  });
}
