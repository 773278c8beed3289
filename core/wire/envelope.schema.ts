import * as v from 'valibot';
import { plainRecord } from './plain-record';

/** Every successful reply wraps its payload: `{ data: ... }` (section 7). */
export function envelope<T extends v.GenericSchema>(data: T) {
  return v.object({ data });
}

export const API_ERROR_CODES = [
  'VALIDATION_FAILED',
  'VERSION_CONFLICT',
  'STEP_OUT_OF_ORDER',
  'IDEMPOTENCY_KEY_REUSED',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN_ORIGIN',
  'PROCESS_NOT_AVAILABLE',
  'RATE_LIMITED',
  'BAD_REQUEST',
  'SANDBOX_FAILURE',
  'INTERNAL',
  /** The database cannot be reached just now; retry after the reply's Retry-After. */
  'SERVICE_UNAVAILABLE',
  'PAYLOAD_TOO_LARGE',
  /** A body that is not `application/json`. */
  'UNSUPPORTED_MEDIA_TYPE',
  /** Create without a valid `x-captcha-token` while captcha is on. */
  'CAPTCHA_FAILED',
  /** Issue 12, section 8: the e-signature signing call refused: the certificate is inactive. */
  'ESIGN_CERTIFICATE_INACTIVE',
  /** Issue 12: the e-signature signing call refused for another reason (e.g. not authenticated). */
  'ESIGN_SIGNING_REFUSED',
  /** Issue 12: this signing method is not available for the application (disabled, restricted, already signed). */
  'SIGNING_NOT_AVAILABLE',
  /**
   * Issue 21: an outside party (signing, open banking, identification, login, captcha) did not answer
   * in time, failed or answered outside its protocol. Nothing changed; the person may try again.
   */
  'PROVIDER_UNAVAILABLE',
  /** Issue 25 (decision 188): a valid API key asking for what its partner or broker may not (another partner's application). */
  'FORBIDDEN',
  /** Issue 26 (decision 195): an applicant's one-time link that has expired; the person asks for a new one. */
  'LINK_EXPIRED',
  /** Issue 26 (decision 195): an applicant's link opened where someone else is logged in or has an application open. */
  'LINK_FOR_ANOTHER_PERSON',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Field errors: a dotted payload path to message keys of `core/validation` (translated by the client). */
export const FieldErrorsSchema = plainRecord(v.string(), v.array(v.string()));
export type FieldErrors = v.InferOutput<typeof FieldErrorsSchema>;

/**
 * Numbers a refusal tells beside its message (decision 133: `uploadAttemptsLeft`, the failed upload
 * attempts the person has left on the step).
 */
export const ErrorDetailsSchema = plainRecord(v.string(), v.number());
export type ErrorDetails = v.InferOutput<typeof ErrorDetailsSchema>;

/** Every failed reply: `{ error: { code, message, fieldErrors?, details? } }`. */
export const ApiErrorBodySchema = v.object({
  error: v.object({
    code: v.picklist(API_ERROR_CODES),
    message: v.string(),
    fieldErrors: v.optional(FieldErrorsSchema),
    details: v.optional(ErrorDetailsSchema),
  }),
});
export type ApiErrorBody = v.InferOutput<typeof ApiErrorBodySchema>;

/** The reply header that carries the session expiry (ISO 8601), on every reply (section 4). */
export const SESSION_EXPIRES_HEADER = 'x-session-expires-at';

/** Section 6: the cookie the bank's login service sets for an authenticated applicant. */
export const AUTHENTICATED_COOKIE = 'Authenticated';
/** The header that makes a retried submission idempotent. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The header that carries the captcha token on create (section 7). */
export const CAPTCHA_HEADER = 'x-captcha-token';
