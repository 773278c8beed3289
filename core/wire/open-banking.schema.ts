import * as v from 'valibot';
import { ExternalIdSchema } from './ids.schema';
import { LOCALES } from '../domain/languages';

/**
 * Section 7's PSD2 and consent calls (issue 13; docs/decisions/153-open-banking.md), one schema for
 * both sides: `GET /api/v1/psd2/list-institutions`, `POST /api/v1/psd2/select-institution`,
 * `POST /api/v1/application/consent-url`, `GET /api/v1/application/consent-reference`.
 */

/** Section 9: the institution list is waited for 30 seconds at most. */
export const LIST_INSTITUTIONS_TIMEOUT_MS = 30_000;

/** The PSD2 limits a provider enforces (decision 153): failed consents per person, idle minutes of a consent. */
export const MAX_FAILED_CONSENTS = 5;
export const CONSENT_IDLE_MINUTES = 5;

/** How a person's last consent at the bank ended. */
export const CONSENT_STATUSES = ['PENDING', 'APPROVED', 'REFUSED', 'TIMED_OUT', 'CANCELLED'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

const IdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[A-Za-z0-9_-]+$/));

/** Section 3 "Open banking institution": id, logo, accounts {iban, id}; with its name, BIC and country. */
export const InstitutionSchema = v.object({
  id: IdSchema,
  name: v.string(),
  bic: v.string(),
  countryCode: v.string(),
  /** An image address: a data URI of the bank's mark (the sandbox) or the bank's own logo. */
  logo: v.string(),
  accounts: v.array(v.object({ iban: v.string(), id: v.string() })),
});
export type Institution = v.InferOutput<typeof InstitutionSchema>;

/** The enrolled and available lists of section 3, and where the person stands with the PSD2 limits. */
export const InstitutionListSchema = v.object({
  enrolled: v.array(InstitutionSchema),
  available: v.array(InstitutionSchema),
  lastConsent: v.nullable(v.object({ institutionId: IdSchema, status: v.picklist(CONSENT_STATUSES) })),
  failedAttempts: v.number(),
  maxFailedAttempts: v.number(),
});
export type InstitutionList = v.InferOutput<typeof InstitutionListSchema>;

export const ListInstitutionsQuerySchema = v.object({ externalId: ExternalIdSchema });

export const SelectInstitutionRequestSchema = v.object({
  externalId: ExternalIdSchema,
  institutionId: IdSchema,
  userLanguage: v.picklist(LOCALES),
});
export type SelectInstitutionRequest = v.InferOutput<typeof SelectInstitutionRequestSchema>;

export const RedirectSchema = v.object({ redirectUrl: v.pipe(v.string(), v.url()) });
export type Redirect = v.InferOutput<typeof RedirectSchema>;

export const ConsentUrlRequestSchema = v.object({ externalId: ExternalIdSchema });
/** The page of the person's consent still open at the bank (to resume it), or null. */
export const ConsentUrlSchema = v.object({ consentUrl: v.nullable(v.pipe(v.string(), v.url())) });
export const ConsentReferenceSchema = v.object({ reference: v.nullable(v.string()) });

/** ProvideBasViaOpenBanking's variables (section 4): `uploadBasManually` true goes to the manual upload. */
export const ProvideBasVariablesSchema = v.object({ uploadBasManually: v.optional(v.boolean(), false) });
