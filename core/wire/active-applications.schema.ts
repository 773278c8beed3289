import * as v from 'valibot';
import { ExternalIdSchema } from './ids.schema';

/**
 * The active-application calls of ChooseContinueOption (section 7; docs/decisions/121): shared by
 * the client and the reference API. Every call names the caller's *current* (new) application;
 * what is answered is only ever the caller's own (decision 121: typing a personal code is not
 * identification).
 */


/** POST /api/v1/active-applications and POST /api/v1/active-applications/annul. */
export const ActiveApplicationsRequestSchema = v.object({ externalId: ExternalIdSchema });
export type ActiveApplicationsRequest = v.InferOutput<typeof ActiveApplicationsRequestSchema>;

/** Another open application, as the applicant recognises it. */
export const ApplicationSummarySchema = v.object({
  externalId: v.string(),
  /** The reference the applicant quotes (core/domain/application-reference.ts). */
  reference: v.string(),
  productName: v.string(),
  loanAmount: v.nullable(v.number()),
  /**
   * ISO 8601: when the application was started. Read as a date (not with valibot's isoTimestamp,
   * which would join the first page's shared chunk for this one step).
   */
  createdAt: v.pipe(
    v.string(),
    v.check((text) => /^\d{4}-\d\d-\d\dT/.test(text) && !Number.isNaN(Date.parse(text))),
  ),
});
export type ApplicationSummary = v.InferOutput<typeof ApplicationSummarySchema>;

/** POST /api/v1/active-applications: the answer. */
export const ActiveApplicationsSchema = v.object({
  /** The caller's newest other open application for the same applicant (personal code). */
  activeApplication: v.nullable(ApplicationSummarySchema),
  /** The caller is the co-borrower (by accepted invitation) of an open application with this personal code. */
  canBeRelatedPerson: v.boolean(),
  relatedApplication: v.nullable(ApplicationSummarySchema),
});
export type ActiveApplications = v.InferOutput<typeof ActiveApplicationsSchema>;

/** POST /api/v1/active-applications/annul: how many of the caller's other applications were annulled. */
export const AnnulledActiveApplicationsSchema = v.object({ annulled: v.pipe(v.number(), v.integer(), v.minValue(0)) });
export type AnnulledActiveApplications = v.InferOutput<typeof AnnulledActiveApplicationsSchema>;

/** POST /api/v1/application-process/{externalId}/annul: the application annulled. */
export const AnnulledApplicationSchema = v.object({ externalId: v.string() });
export type AnnulledApplication = v.InferOutput<typeof AnnulledApplicationSchema>;
