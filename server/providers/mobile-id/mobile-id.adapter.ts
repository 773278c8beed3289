import type { X509Certificate } from 'node:crypto';
import * as v from 'valibot';
import { ProviderError, joinUrl, providerCall } from '../provider-http';
import { isRefusal, namesPerson, verifyCertificate, verifySignature } from '../sk-eid/certificates';
import { digest, mobileIdVerificationCode } from '../sk-eid/hashes';
import type { FinalSigningResult, SignableData, SigningPoll } from '../sk-eid/signing-session';

/**
 * Mobile-ID, the MID REST API (SK ID Solutions' MID documentation and mid-rest-java-client;
 * docs/decisions/167). The signing certificate of the phone number and personal code
 * (`POST {base}/certificate`: NOT_FOUND is "not a Mobile-ID client"), a signature session
 * (`POST {base}/signature`), its status by long poll (`GET {base}/signature/session/{id}?timeoutMs=`).
 * The signing answer carries no certificate, so the one fetched first verifies it: issued by a
 * trusted certificate and valid, a signing certificate naming the person, and a signature over the
 * hash that was sent. Everything goes through `providerCall`; a fault of the party is a
 * `ProviderError` (503 PROVIDER_UNAVAILABLE).
 */
export const MOBILE_ID = 'mobile-id';

/** The phone dialogue's languages (section 3.2.3). */
export type MobileIdLanguage = 'EST' | 'ENG' | 'RUS' | 'LIT';

export interface MobileIdPerson {
  /** `+37251234567` */
  phoneNumber: string;
  nationalIdentityNumber: string;
}

export interface MobileIdSignatureRequest extends MobileIdPerson {
  signable: SignableData;
  language: MobileIdLanguage;
  /** Up to 100 GSM-7 characters, shown on the phone before the PIN. */
  displayText: string;
}

export type MobileIdStart =
  | { kind: 'session'; sessionId: string; /** DER, base64: the signing certificate that will verify the signature. */ certificate: string }
  | { kind: 'refused'; status: FinalSigningResult; providerResult: string };

export interface MobileIdStatusRequest extends MobileIdPerson {
  sessionId: string;
  signable: SignableData;
  /** The certificate fetched when the session was opened. */
  certificate: string;
  /** The person's country (`EE`, `LT`): their certificate names them `PNOEE-…`. */
  country: string;
  now: Date;
}

export interface MobileIdAdapter {
  readonly provider: typeof MOBILE_ID;
  /** The four digits shown on the phone and on the bank's page (section 2.4.1). */
  verificationCode(signable: SignableData): string;
  /** The certificate, then the signature session. */
  startSignature(request: MobileIdSignatureRequest): Promise<MobileIdStart>;
  sessionStatus(request: MobileIdStatusRequest): Promise<SigningPoll>;
  /** The simulator's test-mode script control; null for the real party. */
  readonly scripts: MobileIdScripts | null;
}

/** What a test-mode script tells the simulator about an opened session (mobile-id.simulator.ts). */
export interface MobileIdScript {
  sessionId: string;
  runningPolls: number;
  result: string;
  /** `other-hash`: an OK answer's signature is over another hash. */
  spoil?: 'other-hash';
}

export interface MobileIdScripts {
  script(script: MobileIdScript): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The protocol's answers (sections 3.1.5, 3.2.5, 3.3.5). Unknown fields are ignored (section 2.7).
// ---------------------------------------------------------------------------------------------

export const CertificateAnswerSchema = v.object({ result: v.string(), cert: v.optional(v.string()) });
export const SessionCreatedSchema = v.object({ sessionID: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) });
export const SessionStatusSchema = v.object({
  state: v.picklist(['RUNNING', 'COMPLETE']),
  result: v.optional(v.string()),
  signature: v.optional(v.object({ value: v.string(), algorithm: v.string() })),
  cert: v.optional(v.string()),
});
export type SessionStatus = v.InferOutput<typeof SessionStatusSchema>;

/** What each documented end result is in section 4's words (section 3.3.8); any other is UNKNOWN. */
const RESULTS: Record<string, FinalSigningResult> = {
  TIMEOUT: 'TIMEOUT',
  NOT_MID_CLIENT: 'NOT_CLIENT',
  USER_CANCELLED: 'USER_CANCELLED',
  // The SIM's Mobile-ID differs from the provider's: the person must see their operator.
  SIGNATURE_HASH_MISMATCH: 'END_PROVIDER_MISCONFIGURATION',
  // The phone or the network did not carry the request: another try may.
  PHONE_ABSENT: 'PROVIDER_ERROR',
  DELIVERY_ERROR: 'PROVIDER_ERROR',
  SIM_ERROR: 'PROVIDER_ERROR',
};

/** 401: the relying party is not authorised (its UUID, name or address): the bank's configuration. */
const UNAUTHORISED = { kind: 'refused', status: 'END_PROVIDER_MISCONFIGURATION', providerResult: 'RELYING_PARTY_NOT_AUTHORISED (401)' } as const;

const isStatus = (error: unknown, status: number) => error instanceof ProviderError && error.fault === 'status' && error.status === status;

export interface MobileIdAdapterOptions {
  /** The API's base, e.g. `https://mid.sk.ee/mid-api`. */
  baseUrl: string;
  relyingPartyUuid: string;
  relyingPartyName: string;
  trusted: () => Promise<readonly X509Certificate[]>;
  /** The long poll's `timeoutMs` (the service's minimum is about 1000). */
  pollTimeoutMs?: number;
  requestTimeoutMs?: number;
  simulatorControlUrl?: string;
  fetcher?: typeof fetch;
}

/** Section 3.3.4: the caller's own deadline is the long poll's plus about 1500 ms. */
const LONG_POLL_MARGIN_MS = 1500;

export function createMobileIdAdapter(options: MobileIdAdapterOptions): MobileIdAdapter {
  const pollTimeoutMs = Math.max(1000, options.pollTimeoutMs ?? 1000);
  const relyingParty = { relyingPartyUUID: options.relyingPartyUuid, relyingPartyName: options.relyingPartyName };

  async function startSignature(request: MobileIdSignatureRequest): Promise<MobileIdStart> {
    const person = { phoneNumber: request.phoneNumber, nationalIdentityNumber: request.nationalIdentityNumber };
    let certificate: string;
    try {
      const answer = await providerCall({
        provider: MOBILE_ID,
        url: joinUrl(options.baseUrl, 'certificate'),
        json: { ...relyingParty, ...person },
        schema: CertificateAnswerSchema,
        timeoutMs: options.requestTimeoutMs,
        fetcher: options.fetcher,
      });
      if (answer.body.result === 'NOT_FOUND') return { kind: 'refused', status: 'NOT_CLIENT', providerResult: 'NOT_FOUND' };
      if (answer.body.result !== 'OK' || !answer.body.cert) throw new ProviderError(MOBILE_ID, 'malformed', `answered the certificate request with result ${answer.body.result}`, answer.status, answer.body);
      certificate = answer.body.cert;
    } catch (error) {
      if (isStatus(error, 401)) return UNAUTHORISED;
      throw error;
    }
    try {
      const answer = await providerCall({
        provider: MOBILE_ID,
        url: joinUrl(options.baseUrl, 'signature'),
        json: {
          ...relyingParty,
          ...person,
          hash: digest(request.signable.hashType, request.signable.data).toString('base64'),
          hashType: request.signable.hashType,
          language: request.language,
          displayText: request.displayText.slice(0, 100),
          displayTextFormat: 'GSM-7',
        },
        schema: SessionCreatedSchema,
        timeoutMs: options.requestTimeoutMs,
        fetcher: options.fetcher,
      });
      return { kind: 'session', sessionId: answer.body.sessionID, certificate };
    } catch (error) {
      if (isStatus(error, 401)) return UNAUTHORISED;
      throw error;
    }
  }

  async function sessionStatus(request: MobileIdStatusRequest): Promise<SigningPoll> {
    let status: SessionStatus;
    try {
      status = (
        await providerCall({
          provider: MOBILE_ID,
          url: `${joinUrl(options.baseUrl, `signature/session/${encodeURIComponent(request.sessionId)}`)}?timeoutMs=${pollTimeoutMs}`,
          schema: SessionStatusSchema,
          timeoutMs: pollTimeoutMs + LONG_POLL_MARGIN_MS,
          fetcher: options.fetcher,
        })
      ).body;
    } catch (error) {
      // Section 3.3.9: sessions expire within five minutes; this one cannot end signed any more.
      if (isStatus(error, 404)) return { kind: 'complete', status: 'PROVIDER_ERROR', providerResult: 'SESSION_NOT_FOUND (404)', signature: null };
      if (isStatus(error, 401)) return { kind: 'complete', status: UNAUTHORISED.status, providerResult: UNAUTHORISED.providerResult, signature: null };
      throw error;
    }
    if (status.state === 'RUNNING') return { kind: 'running' };
    if (!status.result) throw new ProviderError(MOBILE_ID, 'malformed', 'answered a COMPLETE session without a result', 200, status);
    if (status.result !== 'OK') return { kind: 'complete', status: RESULTS[status.result] ?? 'UNKNOWN', providerResult: status.result, signature: null };
    return verified(status, request, await options.trusted());
  }

  return {
    provider: MOBILE_ID,
    verificationCode: (signable) => mobileIdVerificationCode(digest(signable.hashType, signable.data)),
    startSignature,
    sessionStatus,
    scripts: options.simulatorControlUrl ? simulatorScripts(options.simulatorControlUrl, options.fetcher) : null,
  };
}

/** Section 3.3.6, for a signature with the certificate fetched first: believed only when all of it holds. */
function verified(status: SessionStatus, request: MobileIdStatusRequest, trusted: readonly X509Certificate[]): SigningPoll {
  const refused = (result: FinalSigningResult, why: string): SigningPoll => ({ kind: 'complete', status: result, providerResult: `OK refused: ${why}`, signature: null });
  if (!status.signature) return refused('PROVIDER_ERROR', 'the answer has no signature');
  const signer = verifyCertificate(request.certificate, trusted, request.now);
  if (isRefusal(signer)) return refused('PROVIDER_ERROR', signer.refused);
  if (!signer.nonRepudiation) return refused('PROVIDER_ERROR', 'the certificate is not a signing (non-repudiation) certificate');
  const badSignature = verifySignature({
    signedData: request.signable.data,
    hashType: request.signable.hashType,
    signatureBase64: status.signature.value,
    algorithm: status.signature.algorithm,
    certificate: signer.certificate,
  });
  if (badSignature) return refused('PROVIDER_ERROR', badSignature.refused);
  if (!namesPerson(signer.serialNumber, request.country, request.nationalIdentityNumber)) return refused('NAMES_DONT_MATCH', 'the certificate names another person');
  return { kind: 'complete', status: 'SIGNED_CONTRACT', providerResult: 'OK', signature: { certificate: request.certificate, value: status.signature.value, algorithm: status.signature.algorithm } };
}

function simulatorScripts(controlUrl: string, fetcher: typeof fetch | undefined): MobileIdScripts {
  return {
    async script(script) {
      await providerCall({ provider: MOBILE_ID, url: joinUrl(controlUrl, 'script'), json: script, schema: v.object({ accepted: v.literal(true) }), fetcher });
    },
  };
}
