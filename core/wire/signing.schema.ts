import * as v from 'valibot';

/**
 * Section 7's signing calls (issue 12; docs/decisions/139-141), one contract for client and server.
 * Statuses travel as text: a status this client does not know yet is handled by the loop's
 * "anything else" branch rather than failing the reply. The request schemas (the server's check of
 * what the client sends) are in signing-request.schema.ts, so the app's bundle holds only the
 * answers it parses (the first page's budget, decision 041).
 */
export type { EsignAuthenticateRequest, EsignSignRequest, StartSigningRequest } from './signing-request.schema';

export const StartSigningResponseSchema = v.object({
  method: v.picklist(['SMART_ID', 'MOBILE_SIGNATURE', 'PAYMENT']),
  status: v.string(),
  /** Smart-ID and Mobile-ID: the code the person compares on their phone. */
  verificationCode: v.nullable(v.string()),
  /** Payment: the bank payment provider's page. */
  redirectUrl: v.nullable(v.string()),
});
export type StartSigningResponse = v.InferOutput<typeof StartSigningResponseSchema>;

/** POST /api/v1/application/{externalId}/signing/status: the running Smart-ID, Mobile-ID or payment signing. */
export const SigningStatusResponseSchema = v.object({
  method: v.nullable(v.picklist(['SMART_ID', 'MOBILE_SIGNATURE', 'PAYMENT'])),
  status: v.string(),
  verificationCode: v.nullable(v.string()),
  /**
   * Decision 175: the bank ended the signing (the provider refused for good): the application moved
   * on to the signing negative page, which the app loads. Present only when true.
   */
  signingEnded: v.optional(v.boolean()),
});
export type SigningStatusResponse = v.InferOutput<typeof SigningStatusResponseSchema>;

/** GET .../signing/eparaksts/status. */
export const EsignStatusResponseSchema = v.object({
  status: v.string(),
  /** The errorCode of the last refused signing (section 8), else null. */
  errorCode: v.nullable(v.string()),
  /** The contracts already signed (cross-sell: the loop signs the next one). */
  signedFileServiceIds: v.array(v.string()),
  /** Decision 175: the bank ended the signing (see SigningStatusResponseSchema). Present only when true. */
  signingEnded: v.optional(v.boolean()),
});
export type EsignStatusResponse = v.InferOutput<typeof EsignStatusResponseSchema>;

export const RedirectResponseSchema = v.object({ redirectUrl: v.string() });
export type RedirectResponse = v.InferOutput<typeof RedirectResponseSchema>;

/** GET /api/v1/signing/{externalId}/check/payment-signing-enabled. */
export const PaymentSigningEnabledResponseSchema = v.object({ enabled: v.boolean() });
export type PaymentSigningEnabledResponse = v.InferOutput<typeof PaymentSigningEnabledResponseSchema>;
