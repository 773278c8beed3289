import type { X509Certificate } from 'node:crypto';
import * as v from 'valibot';
import { ProviderError, joinUrl, providerCall } from '../provider-http';
import { SMART_ID_QUALIFIED_POLICIES, isRefusal, verifyCertificate, verifySignature } from '../sk-eid/certificates';
import { digest, smartIdVerificationCode } from '../sk-eid/hashes';
import type { FinalSigningResult, SignableData, SigningPoll, SigningStart } from '../sk-eid/signing-session';

/**
 * Smart-ID, the relying-party REST API v2 (SK ID Solutions' smart-id-documentation, RP API v2;
 * docs/decisions/167). A signature session by the person's ETSI semantics identifier
 * (`POST {base}/signature/etsi/PNOEE-…`), its status by long poll (`GET {base}/session/{id}?timeoutMs=`),
 * and the answer verified before it is believed: the certificate chains to a trusted certificate and
 * is valid, is a qualified signing certificate, names the person asked, and the signature is over
 * the hash that was sent. Everything goes through `providerCall` (deadlines, no redirects, the
 * documented JSON only); a fault of the party is a `ProviderError` (503 PROVIDER_UNAVAILABLE).
 */
export const SMART_ID = 'smart-id';

export type InteractionType = 'displayTextAndPIN' | 'verificationCodeChoice' | 'confirmationMessage' | 'confirmationMessageAndVerificationCodeChoice';

export interface SmartIdSignatureRequest {
  /** `PNOEE-38001085718` (section 2.3.2.2). */
  semanticsIdentifier: string;
  signable: SignableData;
  /** Up to 60 characters, shown in the app beside the relying party's name. */
  displayText: string;
  /** Random, up to 30 characters: a retried request with another nonce is a new session (section 2.3.5). */
  nonce?: string;
}

export interface SmartIdStatusRequest {
  sessionId: string;
  signable: SignableData;
  /** Whose signature it must be: the semantics identifier the session was opened for. */
  semanticsIdentifier: string;
  now: Date;
}

export interface SmartIdAdapter {
  readonly provider: typeof SMART_ID;
  /** The four digits the person compares with the app (section 2.3.13.2). */
  verificationCode(signable: SignableData): string;
  startSignature(request: SmartIdSignatureRequest): Promise<SigningStart>;
  /** One long poll of the session (a short `timeoutMs`: the person's browser polls the bank in its own loop). */
  sessionStatus(request: SmartIdStatusRequest): Promise<SigningPoll>;
  /** The simulator's test-mode script control; null for the real party. */
  readonly scripts: SmartIdScripts | null;
}

/** What a test-mode script tells the simulator about the next session opened with `nonce` (smart-id.simulator.ts). */
export interface SmartIdScript {
  nonce: string;
  /** Refuse to open the session: 404 (no account), 471 (no account of the level), 472 (the person must look at the app). */
  refuseWith?: 404 | 471 | 472;
  /** Status polls answered RUNNING before the end result. */
  runningPolls: number;
  endResult: string;
  certificateLevel?: 'QUALIFIED' | 'ADVANCED';
  /** `another-person`: the certificate names someone else; `other-hash`: the signature is over another hash. */
  spoil?: 'another-person' | 'other-hash';
}

export interface SmartIdScripts {
  script(script: SmartIdScript): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The protocol's answers (section 2.3.4, 2.3.12.4). Unknown fields are ignored (section 2.2.9).
// ---------------------------------------------------------------------------------------------

export const SessionCreatedSchema = v.object({ sessionID: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) });

export const SessionStatusSchema = v.object({
  state: v.picklist(['RUNNING', 'COMPLETE']),
  result: v.optional(v.object({ endResult: v.optional(v.string()), documentNumber: v.optional(v.string()) })),
  signature: v.optional(v.object({ value: v.string(), algorithm: v.string() })),
  cert: v.optional(v.object({ value: v.string(), certificateLevel: v.string() })),
  interactionFlowUsed: v.optional(v.string()),
});
export type SessionStatus = v.InferOutput<typeof SessionStatusSchema>;

/** What each documented end result is in section 4's words (section 2.3.12.5); any other is UNKNOWN. */
const END_RESULTS: Record<string, FinalSigningResult> = {
  USER_REFUSED: 'USER_CANCELLED',
  USER_REFUSED_CERT_CHOICE: 'USER_CANCELLED',
  USER_REFUSED_DISPLAYTEXTANDPIN: 'USER_CANCELLED',
  USER_REFUSED_VC_CHOICE: 'USER_CANCELLED',
  USER_REFUSED_CONFIRMATIONMESSAGE: 'USER_CANCELLED',
  USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE: 'USER_CANCELLED',
  TIMEOUT: 'TIMEOUT',
  WRONG_VC: 'WRONG_VC',
  // The account cannot be used for this request: the person must look at the app or ask SK.
  DOCUMENT_UNUSABLE: 'END_PROVIDER_MISCONFIGURATION',
  // The person's app is too old for every interaction asked for.
  REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP: 'END_PROVIDER_MISCONFIGURATION',
};

/** What a documented refusal to open a session is (sections 2.1.1, 2.3.3, 2.3.11.3). */
const REFUSALS: Record<number, { status: FinalSigningResult; providerResult: string }> = {
  404: { status: 'NOT_CLIENT', providerResult: 'USER_ACCOUNT_NOT_FOUND (404)' },
  471: { status: 'INVALID_CERTIFICATE_LEVEL', providerResult: 'NO_SUITABLE_ACCOUNT_OF_REQUESTED_TYPE (471)' },
  472: { status: 'END_PROVIDER_MISCONFIGURATION', providerResult: 'PERSON_SHOULD_VIEW_SMART_ID_APP (472)' },
  // The bank's side: its relying party is not allowed this (401, 403), or the API version is retired (480).
  401: { status: 'END_PROVIDER_MISCONFIGURATION', providerResult: 'RELYING_PARTY_NOT_AUTHORISED (401)' },
  403: { status: 'END_PROVIDER_MISCONFIGURATION', providerResult: 'RELYING_PARTY_NOT_PERMITTED (403)' },
  480: { status: 'END_PROVIDER_MISCONFIGURATION', providerResult: 'CLIENT_TOO_OLD (480)' },
};

export interface SmartIdAdapterOptions {
  /** The API's base, e.g. `https://rp-api.smart-id.com/v2`. */
  baseUrl: string;
  relyingPartyUuid: string;
  relyingPartyName: string;
  /** The certificates that may issue a signer's certificate (a promise: the simulator's CA is made lazily). */
  trusted: () => Promise<readonly X509Certificate[]>;
  /** The long poll's `timeoutMs` (the API's minimum is 1000). */
  pollTimeoutMs?: number;
  /** The deadline of a session-creating call. */
  requestTimeoutMs?: number;
  /** Where the simulator's test-mode controls are (simulated party only). */
  simulatorControlUrl?: string;
  fetcher?: typeof fetch;
}

/** How much longer than `timeoutMs` a long poll may take in transit (MID REST API 3.3.4 advises about 1500 ms). */
const LONG_POLL_MARGIN_MS = 1500;

export function createSmartIdAdapter(options: SmartIdAdapterOptions): SmartIdAdapter {
  const pollTimeoutMs = Math.max(1000, options.pollTimeoutMs ?? 1000);
  const body = (request: SmartIdSignatureRequest) => ({
    relyingPartyUUID: options.relyingPartyUuid,
    relyingPartyName: options.relyingPartyName,
    certificateLevel: 'QUALIFIED',
    hash: digest(request.signable.hashType, request.signable.data).toString('base64'),
    hashType: request.signable.hashType,
    // The person chooses the code shown by the bank among three (WRONG_VC when they choose another);
    // an app that cannot do that shows it with the PIN screen (section 3.1, example message 5).
    allowedInteractionsOrder: [
      { type: 'verificationCodeChoice', displayText60: request.displayText.slice(0, 60) },
      { type: 'displayTextAndPIN', displayText60: request.displayText.slice(0, 60) },
    ],
    ...(request.nonce ? { nonce: request.nonce.slice(0, 30) } : {}),
  });

  async function startSignature(request: SmartIdSignatureRequest): Promise<SigningStart> {
    try {
      const answer = await providerCall({
        provider: SMART_ID,
        url: joinUrl(options.baseUrl, `signature/etsi/${encodeURIComponent(request.semanticsIdentifier)}`),
        json: body(request),
        schema: SessionCreatedSchema,
        timeoutMs: options.requestTimeoutMs,
        fetcher: options.fetcher,
      });
      return { kind: 'session', sessionId: answer.body.sessionID };
    } catch (error) {
      const refusal = error instanceof ProviderError && error.fault === 'status' && error.status !== undefined ? REFUSALS[error.status] : undefined;
      if (refusal) return { kind: 'refused', ...refusal };
      // 580 (maintenance), 5xx, 400 and the rest: the party is not answering as it should; try again later.
      throw error;
    }
  }

  async function sessionStatus(request: SmartIdStatusRequest): Promise<SigningPoll> {
    let status: SessionStatus;
    try {
      status = (
        await providerCall({
          provider: SMART_ID,
          url: `${joinUrl(options.baseUrl, `session/${encodeURIComponent(request.sessionId)}`)}?timeoutMs=${pollTimeoutMs}`,
          schema: SessionStatusSchema,
          timeoutMs: pollTimeoutMs + LONG_POLL_MARGIN_MS,
          fetcher: options.fetcher,
        })
      ).body;
    } catch (error) {
      // Section 2.3.12.3: the session does not exist or has expired; it cannot end signed any more.
      if (error instanceof ProviderError && error.fault === 'status' && error.status === 404) {
        return { kind: 'complete', status: 'PROVIDER_ERROR', providerResult: 'SESSION_NOT_FOUND (404)', signature: null };
      }
      throw error;
    }
    if (status.state === 'RUNNING') return { kind: 'running' };
    const endResult = status.result?.endResult;
    if (!endResult) throw new ProviderError(SMART_ID, 'malformed', 'answered a COMPLETE session without result.endResult', 200, status);
    if (endResult !== 'OK') return { kind: 'complete', status: END_RESULTS[endResult] ?? 'UNKNOWN', providerResult: endResult, signature: null };
    return verified(status, request, await options.trusted());
  }

  return {
    provider: SMART_ID,
    verificationCode: (signable) => smartIdVerificationCode(digest(signable.hashType, signable.data)),
    startSignature,
    sessionStatus,
    scripts: options.simulatorControlUrl ? simulatorScripts(options.simulatorControlUrl, options.fetcher) : null,
  };
}

/**
 * Section 2.3.13.3, for a signature: an OK answer is believed only when all of it holds; else the
 * signing failed (a refusal: PROVIDER_ERROR, or the section 4 status that names the reason).
 */
function verified(status: SessionStatus, request: SmartIdStatusRequest, trusted: readonly X509Certificate[]): SigningPoll {
  const refused = (result: FinalSigningResult, why: string): SigningPoll => ({ kind: 'complete', status: result, providerResult: `OK refused: ${why}`, signature: null });
  if (!status.cert || !status.signature) return refused('PROVIDER_ERROR', 'the answer has no certificate or no signature');
  const signer = verifyCertificate(status.cert.value, trusted, request.now);
  if (isRefusal(signer)) return refused('PROVIDER_ERROR', signer.refused);
  if (!signer.nonRepudiation) return refused('PROVIDER_ERROR', 'the certificate is not a signing (non-repudiation) certificate');
  // The level asked for (QUALIFIED), as the answer states it and as the certificate's policies do.
  if (status.cert.certificateLevel !== 'QUALIFIED' || !signer.policies.some((policy) => (SMART_ID_QUALIFIED_POLICIES as readonly string[]).includes(policy))) {
    return refused('INVALID_CERTIFICATE_LEVEL', `the certificate level is ${status.cert.certificateLevel}, not QUALIFIED`);
  }
  const badSignature = verifySignature({
    signedData: request.signable.data,
    hashType: request.signable.hashType,
    signatureBase64: status.signature.value,
    algorithm: status.signature.algorithm,
    certificate: signer.certificate,
  });
  if (badSignature) return refused('PROVIDER_ERROR', badSignature.refused);
  if (signer.serialNumber !== request.semanticsIdentifier) return refused('NAMES_DONT_MATCH', 'the certificate names another person');
  return { kind: 'complete', status: 'SIGNED_CONTRACT', providerResult: 'OK', signature: { certificate: status.cert.value, value: status.signature.value, algorithm: status.signature.algorithm } };
}

function simulatorScripts(controlUrl: string, fetcher: typeof fetch | undefined): SmartIdScripts {
  return {
    async script(script) {
      await providerCall({ provider: SMART_ID, url: joinUrl(controlUrl, 'script'), json: script, schema: v.object({ accepted: v.literal(true) }), fetcher });
    },
  };
}

