import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import type { RemoteIdentificationStatus } from '../../../core/domain/identification';
import { joinUrl, providerCall, ProviderError } from '../provider-http';

/**
 * Remote identification's provider (issue 21; docs/decisions/171-remote-identification-provider.md):
 * a hosted identity-verification session. The protocol follows Veriff's public API v1, the most
 * fully documented of the hosted services (Veriff, Onfido, iDenfy):
 * - `POST {IDV_URL}/v1/sessions` with `X-AUTH-CLIENT` and `{ verification: { callback, person,
 *   vendorData, webhookUrl } }` answers 201 `{ status: 'success', verification: { id, url, ... } }`;
 *   the person's browser goes to `url` (with `lang`), and back to `callback` when they are done;
 * - the provider posts the decision to `webhookUrl` (Veriff: the decision webhook URL of the
 *   integration; iDenfy's `callbackUrl` is per session, as here), signed with `X-HMAC-SIGNATURE`, the
 *   hex HMAC-SHA256 of the raw body under the integration's shared secret; the body carries the
 *   `timestamp` it was signed at, so a stale or repeated delivery is refused;
 * - `GET {IDV_URL}/v1/sessions/{id}/decision` with `X-HMAC-SIGNATURE` over the session id answers
 *   `{ status: 'success', verification: null | { id, status, code, vendorData, person, ... } }`
 *   (null: no decision yet), for when the webhook is late or lost.
 * Our reference to the person (`vendorData`) is an opaque random value; the person's name and
 * personal code travel in the JSON body only, never in an address.
 */
export const IDV_PROVIDER = 'idv';

/** The provider's decision statuses (Veriff's decision codes 9001, 9102, 9103, 9104, 9121 and the in-progress ones). */
export const IDV_DECISION_STATUSES = ['approved', 'declined', 'resubmission_requested', 'expired', 'abandoned', 'review', 'submitted'] as const;
export type IdvDecisionStatus = (typeof IDV_DECISION_STATUSES)[number];

/**
 * Section 3's status for each of the provider's decisions (decision 171):
 * - approved: COMPLETED_OK (the person is identified, once their personal code matches);
 * - declined, resubmission_requested: COMPLETED_FAILURE (the person may try again with sharper photos);
 * - expired (the session ended without a verdict, also the provider's own technical failure): TECHNICAL_ERROR;
 * - abandoned (the person left the provider's page): NO_STATUS, as closing the modal does (section 4);
 * - review, submitted (a verdict is still coming): RUNNING.
 */
export const SECTION_3_STATUS_OF: Record<IdvDecisionStatus, RemoteIdentificationStatus> = {
  approved: 'COMPLETED_OK',
  declined: 'COMPLETED_FAILURE',
  resubmission_requested: 'COMPLETED_FAILURE',
  expired: 'TECHNICAL_ERROR',
  abandoned: 'NO_STATUS',
  review: 'RUNNING',
  submitted: 'RUNNING',
};

/** A delivery signed longer ago (or later) than this is refused as stale. */
export const IDV_WEBHOOK_TOLERANCE_MS = 5 * 60_000;

const nullableString = v.optional(v.nullable(v.string()));

export const IdvCreatedSchema = v.object({
  status: v.literal('success'),
  verification: v.object({
    id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
    url: v.pipe(v.string(), v.url()),
    vendorData: nullableString,
    host: nullableString,
    status: nullableString,
    sessionToken: nullableString,
  }),
});

export const IdvVerificationSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  /** Unknown values are kept (a provider adds statuses) and read as a technical error. */
  status: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  code: v.optional(v.nullable(v.number())),
  reason: nullableString,
  reasonCode: v.optional(v.nullable(v.number())),
  vendorData: nullableString,
  decisionTime: nullableString,
  acceptanceTime: nullableString,
  person: v.optional(v.nullable(v.object({ firstName: nullableString, lastName: nullableString, idNumber: nullableString }))),
});

export const IdvDecisionReplySchema = v.object({
  status: v.literal('success'),
  verification: v.nullable(IdvVerificationSchema),
});

export const IdvWebhookSchema = v.object({
  status: v.literal('success'),
  /** When this delivery was signed (ISO 8601): a retry is signed anew. */
  timestamp: v.pipe(v.string(), v.isoTimestamp()),
  verification: IdvVerificationSchema,
});

/** The provider's refusal body (`{ status: 'fail', code, message }`). */
const IdvRefusalSchema = v.object({ status: v.literal('fail') });

export interface IdvPerson {
  firstName: string;
  lastName: string;
  /** The personal code (the provider compares it with the document's). */
  idNumber: string | null;
}

export interface IdvSessionRequest {
  /** Our opaque reference (vendorData): random, single use, never personal. */
  reference: string;
  person: IdvPerson;
  /** Where the provider sends the person's browser back (`callback`). */
  returnUrl: string;
  /** Where the provider posts the decision. */
  webhookUrl: string;
  /** The person's language (en, et, lv, lt, ru): the provider's page shows in it. */
  language: string;
}

export interface IdvSession {
  id: string;
  /** The provider's page for the person, in their language. */
  url: string;
}

/** A decision as the provider reported it. */
export interface IdvDecision {
  sessionId: string;
  /** The provider's status, as sent (one of IDV_DECISION_STATUSES, or one it added since). */
  status: string;
  reference: string | null;
  /** The personal code read from the document, when the provider sends it. */
  idNumber: string | null;
}

export type IdvWebhookVerdict = { ok: true; decision: IdvDecision; signature: string } | { ok: false; reason: 'signature' | 'stale' | 'malformed' };

export interface IdvAdapter {
  /** Starts a session at the provider; a fault throws ProviderError (nothing was started on our side). */
  createSession(request: IdvSessionRequest): Promise<IdvSession>;
  /** The decision so far: null while there is none, 'unknown' when the provider knows no such session. */
  decision(sessionId: string): Promise<IdvDecision | null | 'unknown'>;
  /** Checks a webhook delivery: the signature over the raw body, then its timestamp. */
  verifyWebhook(rawBody: string, signature: string | undefined, now: Date): IdvWebhookVerdict;
  /** The origin of the provider's pages (the redirect allowlist lets the browser go there). */
  readonly pageOrigin: string;
}

/** Section 3's status of a decision (null: none yet). Unknown statuses are a technical error. */
export function section3StatusOf(decision: IdvDecision | null): RemoteIdentificationStatus {
  if (decision === null) return 'RUNNING';
  return (SECTION_3_STATUS_OF as Record<string, RemoteIdentificationStatus | undefined>)[decision.status] ?? 'TECHNICAL_ERROR';
}

/** The hex HMAC-SHA256 of `payload` under `secret` (Veriff's X-HMAC-SIGNATURE). */
export function idvSignature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

/** Compares a presented hex signature with the expected one in constant time. */
export function idvSignatureMatches(secret: string, payload: string, presented: string | undefined): boolean {
  if (presented === undefined || !/^[0-9a-fA-F]{64}$/.test(presented)) return false;
  return timingSafeEqual(Buffer.from(idvSignature(secret, payload), 'hex'), Buffer.from(presented, 'hex'));
}

function decisionOf(verification: v.InferOutput<typeof IdvVerificationSchema>): IdvDecision {
  return {
    sessionId: verification.id,
    status: verification.status,
    reference: verification.vendorData ?? null,
    idNumber: verification.person?.idNumber ?? null,
  };
}

export interface IdvAdapterOptions {
  baseUrl: string;
  apiKey: string;
  secret: string;
  timeoutMs: number;
  /** Where the person's pages are, when not on the API's origin. */
  pageOrigin?: string | null;
  fetcher?: typeof fetch;
}

export function createIdvAdapter(options: IdvAdapterOptions): IdvAdapter {
  const { baseUrl, apiKey, secret, timeoutMs, fetcher } = options;
  return {
    pageOrigin: options.pageOrigin ?? new URL(baseUrl).origin,

    async createSession(request) {
      const answer = await providerCall({
        provider: IDV_PROVIDER,
        url: joinUrl(baseUrl, '/v1/sessions'),
        method: 'POST',
        headers: { 'x-auth-client': apiKey },
        json: {
          verification: {
            callback: request.returnUrl,
            person: request.person,
            vendorData: request.reference,
            webhookUrl: request.webhookUrl,
          },
        },
        schema: IdvCreatedSchema,
        timeoutMs,
        fetcher,
      });
      const url = new URL(answer.body.verification.url);
      url.searchParams.set('lang', request.language);
      return { id: answer.body.verification.id, url: url.toString() };
    },

    async decision(sessionId) {
      const answer = await providerCall({
        provider: IDV_PROVIDER,
        url: joinUrl(baseUrl, `/v1/sessions/${encodeURIComponent(sessionId)}/decision`),
        headers: { 'x-auth-client': apiKey, 'x-hmac-signature': idvSignature(secret, sessionId) },
        // A 404 (the provider knows no such session) is an answer; its body is checked below.
        schema: v.unknown(),
        acceptStatuses: [404],
        timeoutMs,
        fetcher,
      });
      if (answer.status === 404) {
        // The provider's own refusal (`{ status: 'fail', ... }`), not a wrong address answering 404.
        if (v.is(IdvRefusalSchema, answer.body)) return 'unknown';
        throw new ProviderError(IDV_PROVIDER, 'malformed', 'answered HTTP 404 without the provider\'s refusal', 404);
      }
      const reply = v.safeParse(IdvDecisionReplySchema, answer.body);
      if (!reply.success) {
        const where = reply.issues.map((issue) => v.getDotPath(issue) ?? '(root)').join(', ');
        throw new ProviderError(IDV_PROVIDER, 'malformed', `answered HTTP ${answer.status} with a decision outside its protocol (at ${where})`, answer.status);
      }
      return reply.output.verification === null ? null : decisionOf(reply.output.verification);
    },

    verifyWebhook(rawBody, signature, now) {
      if (!idvSignatureMatches(secret, rawBody, signature)) return { ok: false, reason: 'signature' };
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const parsed = v.safeParse(IdvWebhookSchema, json);
      if (!parsed.success) return { ok: false, reason: 'malformed' };
      const signedAt = Date.parse(parsed.output.timestamp);
      if (!Number.isFinite(signedAt) || Math.abs(now.getTime() - signedAt) > IDV_WEBHOOK_TOLERANCE_MS) return { ok: false, reason: 'stale' };
      return { ok: true, decision: decisionOf(parsed.output.verification), signature: signature!.toLowerCase() };
    },
  };
}
