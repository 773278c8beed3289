import { createPublicKey, randomBytes, verify as verifySignature, type JsonWebKey, type KeyObject } from 'node:crypto';
import * as v from 'valibot';
import type { CountryCode } from '../../../core/domain/business-domains';
import type { AuthenticationMethod } from '../../../core/domain/identification';
import { decodeBase64url } from '../../http/base64url';
import { joinUrl, providerCall, ProviderError } from '../provider-http';
import { pkceChallenge } from '../oidc/oidc-client';
import type { SsoSettings } from './sso.settings';

/**
 * The bank's login service as an OpenID Connect provider (OpenID Connect Core 1.0, the
 * authorization code flow; RFC 7636 PKCE with S256; OpenID Connect Discovery 1.0;
 * docs/decisions/169). The same client talks to the bank's provider and to the simulator
 * (sso.simulator.ts).
 */
export const SSO_PROVIDER = 'sso';

export interface SsoAuthorizationRequest {
  /** Our callback, registered at the provider. */
  redirectUri: string;
  state: string;
  nonce: string;
  /** BASE64URL(SHA256(code_verifier)). */
  codeChallenge: string;
  method: AuthenticationMethod;
  /** The app's language (`ui_locales`). */
  language: string;
  /** The applicant's personal code where the application holds one (`login_hint`). */
  loginHint?: string;
}

export interface SsoCodeExchange {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  /** The nonce the authorization request carried; the ID token must carry it back. */
  nonce: string;
}

/** Who logged in, from a verified ID token. */
export interface SsoIdentity {
  subject: string;
  /** The personal code, without a country prefix. */
  personalCode: string;
  /** The country the claim named by its prefix, if it had one. */
  country: CountryCode | null;
}

/** The login ended without a person we may trust (the provider refused the code, or its token failed a check). */
export class SsoLoginRefused extends Error {
  override readonly name = 'SsoLoginRefused';
}

export interface SsoProvider {
  authorizationUrl(request: SsoAuthorizationRequest): Promise<string>;
  exchangeCode(exchange: SsoCodeExchange): Promise<SsoIdentity>;
}

/** PKCE (RFC 7636 section 4): a verifier of 43 characters and its S256 challenge. */
export function newPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

const DiscoverySchema = v.object({
  issuer: v.pipe(v.string(), v.url()),
  authorization_endpoint: v.pipe(v.string(), v.url()),
  token_endpoint: v.pipe(v.string(), v.url()),
  jwks_uri: v.pipe(v.string(), v.url()),
  token_endpoint_auth_methods_supported: v.optional(v.array(v.string())),
  code_challenge_methods_supported: v.optional(v.array(v.string())),
});
export type DiscoveryDocument = v.InferOutput<typeof DiscoverySchema>;

const JwksSchema = v.object({
  keys: v.array(v.looseObject({ kty: v.string(), kid: v.optional(v.string()), use: v.optional(v.string()), alg: v.optional(v.string()) })),
});

const TokenAnswerSchema = v.union([
  v.looseObject({ id_token: v.string(), token_type: v.string(), access_token: v.optional(v.string()) }),
  // RFC 6749 section 5.2: a refusal, with status 400 (or 401 for the client's credentials).
  v.looseObject({ error: v.string(), error_description: v.optional(v.string()) }),
]);

/** Signature algorithms accepted for ID tokens: asymmetric ones, keys from the provider's JWKS. */
const ALGORITHMS: Record<string, { hash: string; kty: string; dsaEncoding?: 'ieee-p1363' }> = {
  RS256: { hash: 'sha256', kty: 'RSA' },
  ES256: { hash: 'sha256', kty: 'EC', dsaEncoding: 'ieee-p1363' },
};

/** What the clocks of two servers may differ by. */
const CLOCK_LEEWAY_SECONDS = 60;
/** An ID token issued longer ago than this is refused (OpenID Connect Core 3.1.3.7, item 10). */
const MAX_TOKEN_AGE_SECONDS = 600;
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** A JWKS is fetched again for an unknown key id, but not more often than this (key rotation, not a flood). */
const JWKS_REFRESH_MS = 60 * 1000;

export interface OidcClientOptions {
  /** The issuer as configured (SSO_ISSUER); the discovery document must name the same one. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  personalCodeClaim: string;
  methodAcrValues: Record<AuthenticationMethod, string>;
  /** Seconds since the epoch; the wall clock by default (the provider's tokens are stamped by it). */
  now?: () => number;
  fetcher?: typeof fetch;
  /** Each call's deadline (provider-http's default unless said). */
  timeoutMs?: number;
}

const sameIssuer = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** The client: discovery and JWKS are read when first needed and kept (a login never waits at start-up). */
export function createOidcClient(options: OidcClientOptions): SsoProvider {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  let discovery: { document: DiscoveryDocument; readAt: number } | null = null;
  let jwks: { keys: Map<string, { key: KeyObject; kty: string }>; unnamed: { key: KeyObject; kty: string }[]; readAt: number } | null = null;

  async function discover(): Promise<DiscoveryDocument> {
    if (discovery && Date.now() - discovery.readAt < DISCOVERY_TTL_MS) return discovery.document;
    const { body } = await providerCall({ provider: SSO_PROVIDER, url: joinUrl(options.issuer, '/.well-known/openid-configuration'), schema: DiscoverySchema, fetcher: options.fetcher, timeoutMs: options.timeoutMs });
    // Discovery 4.3: the issuer it names must be the one configured, or its tokens are someone else's.
    if (!sameIssuer(body.issuer, options.issuer)) throw new ProviderError(SSO_PROVIDER, 'malformed', `its discovery document names the issuer ${body.issuer}, not ${options.issuer}`);
    if (body.code_challenge_methods_supported && !body.code_challenge_methods_supported.includes('S256')) {
      throw new ProviderError(SSO_PROVIDER, 'malformed', 'its discovery document does not offer PKCE with S256');
    }
    discovery = { document: body, readAt: Date.now() };
    return body;
  }

  async function readKeys(document: DiscoveryDocument): Promise<NonNullable<typeof jwks>> {
    const { body } = await providerCall({ provider: SSO_PROVIDER, url: document.jwks_uri, schema: JwksSchema, fetcher: options.fetcher, timeoutMs: options.timeoutMs });
    const keys = new Map<string, { key: KeyObject; kty: string }>();
    const unnamed: { key: KeyObject; kty: string }[] = [];
    for (const jwk of body.keys) {
      if (jwk.use !== undefined && jwk.use !== 'sig') continue;
      let key: KeyObject;
      try {
        key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
      } catch {
        continue;
      }
      if (jwk.kid) keys.set(jwk.kid, { key, kty: jwk.kty });
      else unnamed.push({ key, kty: jwk.kty });
    }
    jwks = { keys, unnamed, readAt: Date.now() };
    return jwks;
  }

  async function keyFor(document: DiscoveryDocument, kid: string | undefined, kty: string): Promise<KeyObject | undefined> {
    const pick = (set: NonNullable<typeof jwks>) => {
      if (kid !== undefined) return set.keys.get(kid);
      const candidates = [...set.unnamed, ...set.keys.values()].filter((entry) => entry.kty === kty);
      return candidates.length === 1 ? candidates[0] : undefined;
    };
    let set = jwks ?? (await readKeys(document));
    let found = pick(set);
    if (!found && Date.now() - set.readAt > JWKS_REFRESH_MS) {
      set = await readKeys(document);
      found = pick(set);
    }
    return found && found.kty === kty ? found.key : undefined;
  }

  async function verifyIdToken(document: DiscoveryDocument, token: string, nonce: string): Promise<Record<string, unknown>> {
    const parts = token.split('.');
    if (parts.length !== 3) throw new SsoLoginRefused('The ID token is not a signed JWT.');
    const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
    const header = decodeJson(encodedHeader);
    const claims = decodeJson(encodedPayload);
    const signature = decodeBase64url(encodedSignature);
    if (!header || !claims || !signature) throw new SsoLoginRefused('The ID token cannot be read.');
    const algorithm = typeof header['alg'] === 'string' ? ALGORITHMS[header['alg']] : undefined;
    if (!algorithm) throw new SsoLoginRefused(`The ID token is signed with ${String(header['alg'])}, which is not accepted.`);
    const key = await keyFor(document, typeof header['kid'] === 'string' ? header['kid'] : undefined, algorithm.kty);
    if (!key) throw new SsoLoginRefused('The ID token is signed with a key the provider does not publish.');
    const signed = verifySignature(
      algorithm.hash,
      Buffer.from(`${encodedHeader}.${encodedPayload}`, 'ascii'),
      algorithm.dsaEncoding ? { key, dsaEncoding: algorithm.dsaEncoding } : key,
      signature,
    );
    if (!signed) throw new SsoLoginRefused('The ID token signature does not verify.');

    // OpenID Connect Core 3.1.3.7.
    if (claims['iss'] !== document.issuer) throw new SsoLoginRefused('The ID token is from another issuer.');
    const audience = Array.isArray(claims['aud']) ? claims['aud'] : [claims['aud']];
    if (!audience.includes(options.clientId)) throw new SsoLoginRefused('The ID token is for another client.');
    if (audience.length > 1 && claims['azp'] !== options.clientId) throw new SsoLoginRefused('The ID token names another authorized party.');
    const exp = claims['exp'];
    const iat = claims['iat'];
    const current = now();
    if (typeof exp !== 'number' || exp + CLOCK_LEEWAY_SECONDS <= current) throw new SsoLoginRefused('The ID token has expired.');
    if (typeof iat !== 'number' || iat - CLOCK_LEEWAY_SECONDS > current || current - iat > MAX_TOKEN_AGE_SECONDS) {
      throw new SsoLoginRefused('The ID token was not issued just now.');
    }
    if (claims['nonce'] !== nonce) throw new SsoLoginRefused('The ID token does not carry this login’s nonce.');
    return claims;
  }

  return {
    async authorizationUrl(request) {
      const document = await discover();
      const url = new URL(document.authorization_endpoint);
      const query: Record<string, string> = {
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: request.redirectUri,
        scope: options.scope,
        state: request.state,
        nonce: request.nonce,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
        ui_locales: request.language,
        acr_values: options.methodAcrValues[request.method],
        ...(request.loginHint ? { login_hint: request.loginHint } : {}),
      };
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      return url.toString();
    },

    async exchangeCode(exchange) {
      const document = await discover();
      const form = new URLSearchParams({ grant_type: 'authorization_code', code: exchange.code, redirect_uri: exchange.redirectUri, code_verifier: exchange.codeVerifier });
      // RFC 6749 2.3.1: HTTP Basic with the form-encoded id and secret, unless the provider takes the secret in the body only.
      const methods = document.token_endpoint_auth_methods_supported;
      const headers: Record<string, string> = {};
      if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
        form.set('client_id', options.clientId);
        form.set('client_secret', options.clientSecret);
      } else {
        const credentials = `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`;
        headers['authorization'] = `Basic ${Buffer.from(credentials).toString('base64')}`;
      }
      const { status, body } = await providerCall({
        provider: SSO_PROVIDER,
        url: document.token_endpoint,
        method: 'POST',
        form,
        headers,
        schema: TokenAnswerSchema,
        acceptStatuses: [400, 401],
        fetcher: options.fetcher,
        timeoutMs: options.timeoutMs,
      });
      if ('error' in body) {
        // Our client's credentials refused: the bank's configuration, not the applicant's login.
        if (status === 401 || body.error === 'invalid_client') throw new ProviderError(SSO_PROVIDER, 'status', `refused this client's credentials (${body.error})`, status, body);
        throw new SsoLoginRefused(`The provider refused the code (${body.error}).`);
      }
      if (status !== 200 || typeof body['id_token'] !== 'string') throw new ProviderError(SSO_PROVIDER, 'malformed', `answered HTTP ${status} without an ID token`, status);
      const claims = await verifyIdToken(document, body['id_token'], exchange.nonce);
      const subject = typeof claims['sub'] === 'string' ? claims['sub'] : '';
      if (!subject) throw new SsoLoginRefused('The ID token names no subject.');
      const identity = personalCodeOf(claims[options.personalCodeClaim]);
      if (!identity) throw new SsoLoginRefused(`The ID token's ${options.personalCodeClaim} claim holds no personal code.`);
      return { subject, ...identity };
    },
  };
}

function decodeJson(part: string): Record<string, unknown> | null {
  const bytes = decodeBase64url(part);
  if (!bytes || bytes.length === 0) return null;
  try {
    const value = JSON.parse(bytes.toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A personal code as identity providers write it: bare (`38001085718`), with the country's prefix
 * (`EE38001085718`, Estonia's TARA) or as an ETSI semantics identifier (`PNOEE-38001085718`, Smart-ID).
 */
export function personalCodeOf(value: unknown): { personalCode: string; country: CountryCode | null } | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().toUpperCase();
  const match = /^(?:PNO(EE|LV|LT)-|(EE|LV|LT))?([0-9][0-9-]{5,19})$/.exec(text);
  if (!match) return null;
  const country = (match[1] ?? match[2] ?? null) as CountryCode | null;
  return { personalCode: match[3]!, country };
}

/** Two personal codes are the same person's when they match apart from the separators people type (Latvia: `320101-12345`). */
export function samePersonalCode(a: string, b: string): boolean {
  const plain = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
  return plain(a) === plain(b);
}

/** The adapter the settings call for: the bank's provider, its simulator on loopback, or none (production without SSO_*). */
export function ssoProviderFor(settings: SsoSettings, simulatorsOrigin: string | null): SsoProvider | null {
  const issuer = settings.source.kind === 'real' ? settings.source.url : settings.source.kind === 'simulator' && simulatorsOrigin ? joinUrl(simulatorsOrigin, SSO_PROVIDER) : null;
  if (issuer === null) return null;
  return createOidcClient({ issuer, clientId: settings.clientId, clientSecret: settings.clientSecret, scope: settings.scope, personalCodeClaim: settings.personalCodeClaim, methodAcrValues: settings.methodAcrValues });
}
