import * as v from 'valibot';
import { ESIGN_CERTIFICATE_INACTIVE, ESIGN_SIGNING_REFUSED, type EsignMethod } from '../../../core/domain/signing';
import { ProviderError } from '../provider-http';
import { OAuthErrorSchema, OidcRelyingParty, type CallbackQuery, type RelyingPartySettings } from '../oidc/oidc-client';
import type { FlowSecrets } from '../oidc/flow-secrets';
import { scriptSimulator } from '../oidc/simulator-script';
import { EPARAKSTS_SIMULATOR, type EparakstsSettings } from './eparaksts.settings';

/**
 * eParaksts, authenticate then sign (issue 21; docs/decisions/168; docs/providers/eparaksts.md), as
 * an OpenID Connect provider:
 * - **authenticate**: an authorization-code request with `scope=openid`, `acr_values` naming the
 *   means (eParaksts mobile or the eID card), `ui_locales`, and `login_hint` with the applicant's
 *   ETSI semantics identifier (`PNOLV-…`) when the application holds their personal code. The ID
 *   token's `serial_number` names who authenticated.
 * - **sign**: the same request with RFC 9396 `authorization_details` of type `credential` (the Cloud
 *   Signature Consortium API v2's, without a credentialID: the provider signs with the person's own
 *   signing certificate), carrying the contract's SHA-256 digest and its name, which the person
 *   approves on the provider's page. With the tokens, the provider's `signing_endpoint` (its
 *   metadata names it) signs exactly that digest: `POST {hashes, hashAlgorithmOID}` answers
 *   `{signatures}`, or 403 with an OAuth-style error (`certificate_inactive`).
 */
export type EsignPhase = 'authenticate' | 'sign';

/** The contract to sign, as the provider's page shows it and its signing endpoint signs it. */
export interface DocumentDigest {
  label: string;
  /** SHA-256 of the document, base64. */
  hash: string;
}

export interface EparakstsFlow {
  phase: EsignPhase;
  /** This API's callback, exactly as in the authorization request (RFC 6749 section 4.1.3). */
  redirectUri: string;
  secrets: FlowSecrets;
  /** Sign phase: what is signed. */
  document?: DocumentDigest;
}

export interface EparakstsStart extends EparakstsFlow {
  method: EsignMethod;
  /** BCP 47 tag of the person's language (OpenID Connect `ui_locales`). */
  locale?: string;
  /** The applicant's semantics identifier, when known. */
  loginHint?: string;
}

/** Who the provider says authenticated or signed (OpenID Connect ID token claims). */
export interface EsignPerson {
  subject: string;
  /** ETSI EN 319 412-1 semantics identifier, e.g. `PNOLV-010101-12345`. */
  serialNumber: string | null;
}

export type EparakstsResult =
  | { outcome: 'authenticated'; person: EsignPerson }
  | { outcome: 'signed'; person: EsignPerson; signature: string }
  /** errorCode: null for authentication (section 8 keeps none), else the signing's errorCode. */
  | { outcome: 'failed'; errorCode: string | null; reason: string };

/** What the simulator's page has chosen, set by a test (test mode only). */
export type EparakstsPageOutcome = 'approve' | 'refuse' | 'cancel' | 'error' | 'sign' | 'certificate-inactive';

export interface EparakstsAdapter {
  /** True when this is the simulator on loopback (test-mode scripts go to it). */
  readonly simulated: boolean;
  readonly issuer: string;
  /** The provider's page to send the browser to. */
  authorizationUrl(start: EparakstsStart): Promise<string>;
  /** The provider's answer at the callback, turned into the outcome; a fault throws a `ProviderError`. */
  complete(callback: CallbackQuery, flow: EparakstsFlow, now: Date): Promise<EparakstsResult>;
  /** Test mode: the simulator's page opens with this answer chosen for the request with `state`. */
  script?(state: string, outcome: EparakstsPageOutcome): Promise<void>;
}

/** The `acr_values` for each way to sign (set to what the provider documents for mobile and eID card). */
export const EPARAKSTS_ACR: Record<EsignMethod, string> = { EPARAKSTS: 'urn:eparaksts:mobile', EPARAKSTS_EID: 'urn:eparaksts:eid-card' };
/** The OID of SHA-256 (RFC 5754), as CSC names digest algorithms. */
export const SHA256_OID = '2.16.840.1.101.3.4.2.1';

export const SignRequestSchema = v.object({ hashes: v.pipe(v.array(v.string()), v.minLength(1)), hashAlgorithmOID: v.string() });
export const SignResponseSchema = v.object({ signatures: v.pipe(v.array(v.string()), v.minLength(1)) });

/** The provider's errors at the authorization step that say the provider, not the person, failed. */
const PROVIDER_FAILURES = new Set(['server_error', 'temporarily_unavailable']);
/** The errorCode a signing carries when the provider failed (its status says so, the person may try again). */
export const ESIGN_PROVIDER_FAILED = 'PROVIDER_UNAVAILABLE';

function callbackFailure(phase: EsignPhase, error: string, description: string | undefined): EparakstsResult {
  const reason = `the provider answered ${error}${description ? ` (${description})` : ''}`;
  if (phase === 'authenticate') return { outcome: 'failed', errorCode: null, reason };
  if (error === 'certificate_inactive') return { outcome: 'failed', errorCode: ESIGN_CERTIFICATE_INACTIVE, reason };
  return { outcome: 'failed', errorCode: PROVIDER_FAILURES.has(error) ? ESIGN_PROVIDER_FAILED : ESIGN_SIGNING_REFUSED, reason };
}

export function createEparakstsAdapter(settings: RelyingPartySettings & { simulated: boolean; simulatorBase?: string }, fetcher?: typeof fetch): EparakstsAdapter {
  const party = new OidcRelyingParty(settings, fetcher);
  return {
    simulated: settings.simulated,
    issuer: settings.issuer,

    authorizationUrl(start) {
      const details =
        start.phase === 'sign' && start.document
          ? JSON.stringify([{ type: 'credential', documentDigests: [{ hash: start.document.hash, label: start.document.label }], hashAlgorithmOID: SHA256_OID }])
          : undefined;
      return party.authorizationUrl({
        redirectUri: start.redirectUri,
        scope: 'openid',
        state: start.secrets.state,
        nonce: start.secrets.nonce,
        codeVerifier: start.secrets.codeVerifier,
        extra: { acr_values: EPARAKSTS_ACR[start.method], ui_locales: start.locale, login_hint: start.loginHint, authorization_details: details },
      });
    },

    async complete(callback, flow, now) {
      if (callback.error !== undefined) return callbackFailure(flow.phase, callback.error, callback.error_description);
      if (callback.code === undefined) return callbackFailure(flow.phase, 'invalid_request', 'the callback carried neither a code nor an error');
      const answer = await party.exchangeCode({ code: callback.code, redirectUri: flow.redirectUri, codeVerifier: flow.secrets.codeVerifier });
      if (answer.kind === 'refused') return callbackFailure(flow.phase, answer.error.error, answer.error.error_description);
      const checked = await party.verifyIdToken(answer.tokens.id_token, { nonce: flow.secrets.nonce, now });
      if (!checked.ok) return { outcome: 'failed', errorCode: flow.phase === 'sign' ? ESIGN_SIGNING_REFUSED : null, reason: `the ID token failed its ${checked.problem} check` };
      const serial = checked.claims['serial_number'];
      const person: EsignPerson = { subject: checked.claims.sub, serialNumber: typeof serial === 'string' ? serial : null };
      if (flow.phase === 'authenticate') return { outcome: 'authenticated', person };
      if (!flow.document) throw new Error('a signing flow needs its document');

      const metadata = await party.metadata();
      const endpoint = v.safeParse(v.pipe(v.string(), v.url()), metadata['signing_endpoint']);
      if (!endpoint.success) throw new ProviderError(settings.provider, 'malformed', 'metadata names no signing_endpoint');
      const signed = await party.resource({
        url: endpoint.output,
        accessToken: answer.tokens.access_token,
        method: 'POST',
        json: { hashes: [flow.document.hash], hashAlgorithmOID: SHA256_OID },
        schema: v.union([OAuthErrorSchema, SignResponseSchema]),
        // The provider's documented refusals (the certificate, the digest) carry their meaning.
        acceptStatuses: [400, 403],
      });
      const refusal = v.safeParse(OAuthErrorSchema, signed.body);
      if (refusal.success) return callbackFailure('sign', refusal.output.error, refusal.output.error_description);
      if (signed.status !== 200) throw new ProviderError(settings.provider, 'malformed', `the signing endpoint answered HTTP ${signed.status} with signatures`, signed.status);
      const [signature = ''] = v.parse(SignResponseSchema, signed.body).signatures;
      return { outcome: 'signed', person, signature };
    },

    ...(settings.simulated && settings.simulatorBase
      ? {
          async script(state: string, outcome: EparakstsPageOutcome) {
            await scriptSimulator(settings.simulatorBase ?? '', state, outcome);
          },
        }
      : {}),
  };
}

/** The adapter the settings call for: the real provider, its simulator at the simulators' origin, or none (production unconfigured). */
export function eparakstsAdapterFor(settings: EparakstsSettings, simulatorsOrigin: string | null): EparakstsAdapter | null {
  const { source } = settings;
  if (source.kind === 'none' || (source.kind === 'simulator' && !simulatorsOrigin)) return null;
  const issuer = source.kind === 'real' ? source.url : `${simulatorsOrigin}/${EPARAKSTS_SIMULATOR}`;
  const simulated = source.kind === 'simulator';
  return createEparakstsAdapter({ provider: 'eparaksts', issuer, clientId: settings.clientId, clientSecret: settings.clientSecret, simulated, ...(simulated ? { simulatorBase: issuer } : {}) });
}
