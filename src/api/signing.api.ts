/**
 * Issue 12: section 7's signing calls (docs/decisions/139-141), the I/O the signing machines'
 * actors are made of (machines/signing). Only the contract-signing steps use them, so this module
 * loads with those steps, not with the first page. The calls that start something are POSTs
 * without an idempotency key: the client never repeats them by itself (a repeat would start a second
 * signing); the status calls are safe to repeat.
 */
import type { CallOptions } from './application.api';
import { apiRequest } from './client';
import {
  EsignStatusResponseSchema,
  PaymentSigningEnabledResponseSchema,
  RedirectResponseSchema,
  SigningStatusResponseSchema,
  StartSigningResponseSchema,
  type EsignAuthenticateRequest,
  type EsignSignRequest,
  type EsignStatusResponse,
  type PaymentSigningEnabledResponse,
  type RedirectResponse,
  type SigningStatusResponse,
  type StartSigningRequest,
  type StartSigningResponse,
} from '../../core/wire/signing.schema';

const signingPath = (externalId: string) => `application/${encodeURIComponent(externalId)}/signing`;

/** POST .../signing: starts Smart-ID (answers the verification code) or payment signing (answers the bank's address). */
export function startSigning(externalId: string, request: StartSigningRequest, options: CallOptions = {}): Promise<StartSigningResponse> {
  return apiRequest(signingPath(externalId), { method: 'POST', body: request, schema: StartSigningResponseSchema, signal: options.signal });
}

/** POST .../signing/status: the running Smart-ID or payment signing's status. */
export function signingStatus(externalId: string, options: CallOptions = {}): Promise<SigningStatusResponse> {
  return apiRequest(`${signingPath(externalId)}/status`, { method: 'POST', schema: SigningStatusResponseSchema, signal: options.signal });
}

/** GET .../signing/eparaksts/status. */
export function esignStatus(externalId: string, options: CallOptions = {}): Promise<EsignStatusResponse> {
  return apiRequest(`${signingPath(externalId)}/eparaksts/status`, { schema: EsignStatusResponseSchema, signal: options.signal });
}

/** POST .../signing/eparaksts/authenticate: the provider's address to send the browser to. */
export function esignAuthenticate(externalId: string, request: EsignAuthenticateRequest, options: CallOptions = {}): Promise<RedirectResponse> {
  return apiRequest(`${signingPath(externalId)}/eparaksts/authenticate`, { method: 'POST', body: request, schema: RedirectResponseSchema, signal: options.signal });
}

/** POST .../signing/eparaksts/sign: the provider's address; a refusal's `code` is its errorCode. */
export function esignSign(externalId: string, request: EsignSignRequest, options: CallOptions = {}): Promise<RedirectResponse> {
  return apiRequest(`${signingPath(externalId)}/eparaksts/sign`, { method: 'POST', body: request, schema: RedirectResponseSchema, signal: options.signal });
}

/** GET /api/v1/signing/{externalId}/check/payment-signing-enabled: the restriction check. */
export function checkPaymentSigningEnabled(externalId: string, options: CallOptions = {}): Promise<PaymentSigningEnabledResponse> {
  return apiRequest(`signing/${encodeURIComponent(externalId)}/check/payment-signing-enabled`, { schema: PaymentSigningEnabledResponseSchema, signal: options.signal });
}
