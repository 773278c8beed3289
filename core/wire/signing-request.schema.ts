/**
 * Section 7's signing requests (issue 12; docs/decisions/139-141): what the reference API checks in
 * the bodies the client sends. Apart from the answers (signing.schema.ts) so that the app, which
 * sends typed bodies and parses only answers, does not bundle them.
 */
import * as v from 'valibot';
import { LANGUAGE_CODES } from '../domain/languages';
import { ESIGN_METHODS, PAYMENT_BANK_BICS } from '../domain/signing';
import { MESSAGES } from '../validation/messages';

const FileServiceId = v.pipe(v.string(), v.minLength(1), v.maxLength(200), v.regex(/^[A-Za-z0-9._-]+$/));
/** Where the provider sends the browser back to; the server checks it against its allowlist. */
const ReturnUrl = v.pipe(v.string(), v.minLength(1), v.maxLength(2000));

/**
 * POST /api/v1/application/{externalId}/signing: starts Smart-ID, Mobile-ID or payment signing.
 * Mobile-ID names no phone number: the server sends the request to the applicant's own (decision 143).
 */
export const StartSigningRequestSchema = v.variant('method', [
  v.object({ method: v.literal('SMART_ID'), fileServiceId: v.optional(FileServiceId) }),
  v.object({ method: v.literal('MOBILE_SIGNATURE'), fileServiceId: v.optional(FileServiceId) }),
  v.object({
    method: v.literal('PAYMENT'),
    selectedBankBic: v.picklist(PAYMENT_BANK_BICS, MESSAGES.choiceInvalid),
    paymentPurpose: v.optional(v.pipe(v.string(), v.maxLength(140))),
    returnUrl: v.optional(ReturnUrl),
  }),
]);
export type StartSigningRequest = v.InferOutput<typeof StartSigningRequestSchema>;

/** POST .../signing/eparaksts/authenticate. */
export const EsignAuthenticateRequestSchema = v.object({
  languageCode: v.picklist(LANGUAGE_CODES, MESSAGES.choiceInvalid),
  signingMethod: v.picklist(ESIGN_METHODS, MESSAGES.choiceInvalid),
  fileServiceId: v.optional(FileServiceId),
  returnUrl: v.optional(ReturnUrl),
});
export type EsignAuthenticateRequest = v.InferOutput<typeof EsignAuthenticateRequestSchema>;

/** POST .../signing/eparaksts/sign (a refusal carries its errorCode as the error's code). */
export const EsignSignRequestSchema = v.object({
  fileServiceId: v.optional(FileServiceId),
  returnUrl: v.optional(ReturnUrl),
});
export type EsignSignRequest = v.InferOutput<typeof EsignSignRequestSchema>;

