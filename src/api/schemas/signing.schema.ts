import * as v from 'valibot';
import { LANGUAGE_CODES } from '../../domain/languages';
import { ESIGN_METHODS, PAYMENT_BANK_BICS } from '../../domain/signing';
import { MESSAGES } from '../../validation/messages';

/**
 * Section 7's signing calls (issue 12; docs/decisions/139-141), one contract for client and server.
 * Statuses travel as text: a status this client does not know yet is handled by the loop's
 * "anything else" branch rather than failing the reply.
 */

const FileServiceId = v.pipe(v.string(), v.minLength(1), v.maxLength(200), v.regex(/^[A-Za-z0-9._-]+$/));
/** Where the provider sends the browser back to; the server checks it against its allowlist. */
const ReturnUrl = v.pipe(v.string(), v.minLength(1), v.maxLength(2000));

/** POST /api/v1/application/{externalId}/signing: starts Smart-ID or payment signing. */
export const StartSigningRequestSchema = v.variant('method', [
  v.object({ method: v.literal('SMART_ID'), fileServiceId: v.optional(FileServiceId) }),
  v.object({
    method: v.literal('PAYMENT'),
    selectedBankBic: v.picklist(PAYMENT_BANK_BICS, MESSAGES.choiceInvalid),
    paymentPurpose: v.optional(v.pipe(v.string(), v.maxLength(140))),
    returnUrl: v.optional(ReturnUrl),
  }),
]);
export type StartSigningRequest = v.InferOutput<typeof StartSigningRequestSchema>;

export const StartSigningResponseSchema = v.object({
  method: v.picklist(['SMART_ID', 'PAYMENT']),
  status: v.string(),
  /** Smart-ID: the code the person compares on their phone. */
  verificationCode: v.nullable(v.string()),
  /** Payment: the bank payment provider's page. */
  redirectUrl: v.nullable(v.string()),
});
export type StartSigningResponse = v.InferOutput<typeof StartSigningResponseSchema>;

/** POST /api/v1/application/{externalId}/signing/status: the running Smart-ID or payment signing. */
export const SigningStatusResponseSchema = v.object({
  method: v.nullable(v.picklist(['SMART_ID', 'PAYMENT'])),
  status: v.string(),
  verificationCode: v.nullable(v.string()),
});
export type SigningStatusResponse = v.InferOutput<typeof SigningStatusResponseSchema>;

/** GET .../signing/eparaksts/status. */
export const EsignStatusResponseSchema = v.object({
  status: v.string(),
  /** The errorCode of the last refused signing (section 8), else null. */
  errorCode: v.nullable(v.string()),
  /** The contracts already signed (cross-sell: the loop signs the next one). */
  signedFileServiceIds: v.array(v.string()),
});
export type EsignStatusResponse = v.InferOutput<typeof EsignStatusResponseSchema>;

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

export const RedirectResponseSchema = v.object({ redirectUrl: v.string() });
export type RedirectResponse = v.InferOutput<typeof RedirectResponseSchema>;

/** GET /api/v1/signing/{externalId}/check/payment-signing-enabled. */
export const PaymentSigningEnabledResponseSchema = v.object({ enabled: v.boolean() });
export type PaymentSigningEnabledResponse = v.InferOutput<typeof PaymentSigningEnabledResponseSchema>;
