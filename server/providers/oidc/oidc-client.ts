import { createHash, createPublicKey, timingSafeEqual, verify as verifySignature, type JsonWebKey, type KeyObject } from 'node:crypto';
import * as v from 'valibot';
import { decodeBase64url } from '../../http/base64url';
import { DEFAULT_PROVIDER_TIMEOUT_MS, ProviderError, joinUrl, providerCall } from '../provider-http';

/**
 * The relying party's half of an OpenID Connect authorization-code exchange (issue 21;
 * docs/decisions/168): what eParaksts and every bank of payment signing share. It follows
 * - OpenID Connect Discovery 1.0 (the provider's metadata at `{issuer}/.well-known/openid-configuration`,
 *   whose `issuer` must be the configured one, section 4.3);
 * - RFC 6749 section 4.1 (authorization request, code, token request with client_secret_basic,
 *   section 2.3.1) and section 5 (token and error responses);
 * - RFC 7636 (PKCE, S256 only);
 * - OpenID Connect Core 1.0 section 3.1.3.7 (ID token validation: signature with the provider's
 *   JWKS, RS256 or ES256; iss, aud, azp, exp, iat, nonce).
 * Every call goes through `providerCall`: a fault is a `ProviderError`. What the provider refuses
 * on purpose (an OAuth error response, a token that fails validation) is an answer, not a fault.
 */

const HttpsOrHttpUrl = v.pipe(v.string(), v.url());

/** OpenID Connect Discovery 1.0 section 3: the metadata this client reads; the rest is kept as is. */
export const ProviderMetadataSchema = v.looseObject({
  issuer: HttpsOrHttpUrl,
  authorization_endpoint: HttpsOrHttpUrl,
  token_endpoint: HttpsOrHttpUrl,
  jwks_uri: HttpsOrHttpUrl,
  code_challenge_methods_supported: v.optional(v.array(v.string())),
  id_token_signing_alg_values_supported: v.optional(v.array(v.string())),
});
export type ProviderMetadata = v.InferOutput<typeof ProviderMetadataSchema>;

/** RFC 6749 section 5.1, with OpenID Connect Core section 3.1.3.3's `id_token`. */
export const TokenResponseSchema = v.looseObject({
  access_token: v.pipe(v.string(), v.minLength(1)),
  token_type: v.string(),
  expires_in: v.optional(v.number()),
  refresh_token: v.optional(v.string()),
  scope: v.optional(v.string()),
  id_token: v.optional(v.string()),
});
export type TokenResponse = v.InferOutput<typeof TokenResponseSchema>;

/** RFC 6749 section 5.2 (and 4.1.2.1): `error` is one ASCII token, without `"` and `\`. */
export const OAuthErrorSchema = v.looseObject({
  error: v.pipe(v.string(), v.regex(/^[\x20-\x21\x23-\x5B\x5D-\x7E]{1,100}$/)),
  error_description: v.optional(v.string()),
  error_uri: v.optional(v.string()),
});
export type OAuthError = v.InferOutput<typeof OAuthErrorSchema>;

/** RFC 7517 section 5: a key set; each key is imported by Node's own JWK reader. */
const JwksSchema = v.object({
  keys: v.array(v.looseObject({ kty: v.string(), kid: v.optional(v.string()), use: v.optional(v.string()), alg: v.optional(v.string()) })),
});

/** The signature algorithms an ID token may use here (OpenID Connect Core section 15.1: RS256 at least). */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'ES256'] as const;
type IdTokenAlgorithm = (typeof ID_TOKEN_ALGORITHMS)[number];

/** Clock skew allowed between the provider and this server when checking `exp` and `iat`. */
export const CLOCK_SKEW_SECONDS = 60;
const METADATA_TTL_MS = 60 * 60 * 1000;
/** An unknown `kid` refetches the key set (key rotation), at most this often. */
const JWKS_REFETCH_MS = 30 * 1000;

export interface RelyingPartySettings {
  /** The party's name in errors and logs (`eparaksts`, `bank-payment/HABALV22`). */
  provider: string;
  /** The issuer identifier: the metadata is at `{issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
}

export interface AuthorizationRequest {
  redirectUri: string;
  scope: string;
  state: string;
  nonce: string;
  /** RFC 7636: the verifier stays here; only its S256 challenge is sent. */
  codeVerifier: string;
  /** Further parameters (`ui_locales`, `login_hint`, `acr_values`, `authorization_details`). */
  extra?: Record<string, string | undefined>;
}

/** The token endpoint's answer: the tokens, or the provider's refusal (RFC 6749 section 5.2). */
export type TokenAnswer = { kind: 'tokens'; tokens: TokenResponse & { id_token: string } } | { kind: 'refused'; error: OAuthError };

/** Why an ID token was not accepted (OpenID Connect Core section 3.1.3.7). */
export type IdTokenProblem = 'malformed' | 'algorithm' | 'key' | 'signature' | 'issuer' | 'audience' | 'expired' | 'issued-in-future' | 'nonce' | 'subject';

export type IdTokenClaims = Record<string, unknown> & { iss: string; sub: string; aud: string | string[]; exp: number; iat: number; nonce: string };

export type IdTokenCheck = { ok: true; claims: IdTokenClaims } | { ok: false; problem: IdTokenProblem };

export const base64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');

/** RFC 7636 section 4.2: `BASE64URL(SHA256(ASCII(code_verifier)))`. */
export function pkceChallenge(codeVerifier: string): string {
  return base64url(createHash('sha256').update(codeVerifier, 'ascii').digest());
}

/** RFC 6749 section 2.3.1: client id and secret form-encoded, then Basic. */
export function clientSecretBasic(clientId: string, clientSecret: string): string {
  const encode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}

function decodeSegment(segment: string): unknown {
  const bytes = segment ? decodeBase64url(segment) : null;
  if (!bytes) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export class OidcRelyingParty {
  private metadataCache: { value: ProviderMetadata; at: number } | null = null;
  private keysCache: { keys: v.InferOutput<typeof JwksSchema>['keys']; at: number } | null = null;

  constructor(
    readonly settings: RelyingPartySettings,
    private readonly fetcher?: typeof fetch,
  ) {}

  private get timeoutMs(): number {
    return this.settings.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  }

  /** The provider's metadata (Discovery section 4), kept for an hour. */
  async metadata(): Promise<ProviderMetadata> {
    if (this.metadataCache && Date.now() - this.metadataCache.at < METADATA_TTL_MS) return this.metadataCache.value;
    const { body } = await providerCall({
      provider: this.settings.provider,
      url: joinUrl(this.settings.issuer, '/.well-known/openid-configuration'),
      schema: ProviderMetadataSchema,
      timeoutMs: this.timeoutMs,
      fetcher: this.fetcher,
    });
    // Discovery section 4.3: the metadata must name the issuer it was asked of, else it is another's.
    if (body.issuer !== this.settings.issuer) {
      throw new ProviderError(this.settings.provider, 'malformed', `metadata names the issuer "${body.issuer}", not "${this.settings.issuer}"`);
    }
    if (body.code_challenge_methods_supported && !body.code_challenge_methods_supported.includes('S256')) {
      throw new ProviderError(this.settings.provider, 'malformed', 'metadata does not offer PKCE with S256');
    }
    this.metadataCache = { value: body, at: Date.now() };
    return body;
  }

  /** RFC 6749 section 4.1.1 with PKCE (RFC 7636 section 4.3) and OpenID Connect's nonce. */
  async authorizationUrl(request: AuthorizationRequest): Promise<string> {
    const { authorization_endpoint } = await this.metadata();
    const url = new URL(authorization_endpoint);
    const params: Record<string, string | undefined> = {
      response_type: 'code',
      client_id: this.settings.clientId,
      redirect_uri: request.redirectUri,
      scope: request.scope,
      state: request.state,
      nonce: request.nonce,
      code_challenge: pkceChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
      ...request.extra,
    };
    for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
    return url.toString();
  }

  /** RFC 6749 section 4.1.3: the code for tokens, the client authenticated with client_secret_basic. */
  async exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string }): Promise<TokenAnswer> {
    const { token_endpoint } = await this.metadata();
    const answer = await providerCall({
      provider: this.settings.provider,
      url: token_endpoint,
      method: 'POST',
      headers: { authorization: clientSecretBasic(this.settings.clientId, this.settings.clientSecret) },
      form: new URLSearchParams({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, code_verifier: input.codeVerifier }),
      schema: v.union([OAuthErrorSchema, TokenResponseSchema]),
      // Section 5.2: a refusal is 400 (401 for a client that failed to authenticate), with its error body.
      acceptStatuses: [400, 401],
      timeoutMs: this.timeoutMs,
      fetcher: this.fetcher,
    });
    const refusal = v.safeParse(OAuthErrorSchema, answer.body);
    if (refusal.success) {
      const error = refusal.output;
      // A 401 invalid_client is this server's configuration, not the person's doing: the provider is unusable.
      if (answer.status === 401 || error.error === 'invalid_client' || error.error === 'unauthorized_client') {
        throw new ProviderError(this.settings.provider, 'status', `refused this client at the token endpoint (${error.error})`, answer.status, error);
      }
      return { kind: 'refused', error };
    }
    const body = v.parse(TokenResponseSchema, answer.body);
    if (answer.status !== 200) throw new ProviderError(this.settings.provider, 'malformed', `answered HTTP ${answer.status} with tokens`, answer.status);
    // Section 7.1 and RFC 6750: only bearer tokens are understood here.
    if (body.token_type.toLowerCase() !== 'bearer') throw new ProviderError(this.settings.provider, 'malformed', `issued a "${body.token_type}" token, not a bearer token`);
    if (body.id_token === undefined) throw new ProviderError(this.settings.provider, 'malformed', 'answered without an id_token');
    return { kind: 'tokens', tokens: { ...body, id_token: body.id_token } };
  }

  private async keys(refresh: boolean): Promise<v.InferOutput<typeof JwksSchema>['keys']> {
    if (this.keysCache && !(refresh && Date.now() - this.keysCache.at > JWKS_REFETCH_MS)) return this.keysCache.keys;
    const { jwks_uri } = await this.metadata();
    const { body } = await providerCall({ provider: this.settings.provider, url: jwks_uri, schema: JwksSchema, timeoutMs: this.timeoutMs, fetcher: this.fetcher });
    this.keysCache = { keys: body.keys, at: Date.now() };
    return body.keys;
  }

  private async keyFor(kid: string | undefined, algorithm: IdTokenAlgorithm): Promise<KeyObject | null> {
    const kty = algorithm === 'RS256' ? 'RSA' : 'EC';
    const pick = (keys: v.InferOutput<typeof JwksSchema>['keys']) => {
      const usable = keys.filter((key) => key.kty === kty && (key.use === undefined || key.use === 'sig') && (key.alg === undefined || key.alg === algorithm));
      return kid === undefined ? (usable.length === 1 ? usable[0] : undefined) : usable.find((key) => key.kid === kid);
    };
    const jwk = pick(await this.keys(false)) ?? pick(await this.keys(true));
    if (!jwk) return null;
    try {
      return createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
    } catch {
      return null;
    }
  }

  /** OpenID Connect Core section 3.1.3.7, at `now` (this server's clock). */
  async verifyIdToken(idToken: string, expected: { nonce: string; now: Date }): Promise<IdTokenCheck> {
    const parts = idToken.split('.');
    if (parts.length !== 3) return { ok: false, problem: 'malformed' };
    const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
    const header = decodeSegment(headerPart) as { alg?: unknown; kid?: unknown; crit?: unknown } | undefined;
    const claims = decodeSegment(payloadPart) as Record<string, unknown> | undefined;
    const signature = signaturePart ? decodeBase64url(signaturePart) : null;
    if (!header || typeof header !== 'object' || !claims || typeof claims !== 'object' || Array.isArray(claims) || !signature) {
      return { ok: false, problem: 'malformed' };
    }
    // `none`, HS256 (a key both sides hold) and anything unlisted are refused; so is a header with extensions we do not know.
    if (!(ID_TOKEN_ALGORITHMS as readonly unknown[]).includes(header.alg) || header.crit !== undefined) return { ok: false, problem: 'algorithm' };
    const algorithm = header.alg as IdTokenAlgorithm;
    const key = await this.keyFor(typeof header.kid === 'string' ? header.kid : undefined, algorithm);
    if (!key) return { ok: false, problem: 'key' };
    const data = Buffer.from(`${headerPart}.${payloadPart}`, 'ascii');
    const valid = algorithm === 'RS256' ? verifySignature('sha256', data, key, signature) : verifySignature('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature);
    if (!valid) return { ok: false, problem: 'signature' };

    const { iss, aud, azp, exp, iat, nonce, sub } = claims;
    if (iss !== this.settings.issuer) return { ok: false, problem: 'issuer' };
    const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
    if (!audiences.includes(this.settings.clientId)) return { ok: false, problem: 'audience' };
    if ((audiences.length > 1 || azp !== undefined) && azp !== this.settings.clientId) return { ok: false, problem: 'audience' };
    const nowSeconds = expected.now.getTime() / 1000;
    if (typeof exp !== 'number' || nowSeconds >= exp + CLOCK_SKEW_SECONDS) return { ok: false, problem: 'expired' };
    if (typeof iat !== 'number' || iat > nowSeconds + CLOCK_SKEW_SECONDS) return { ok: false, problem: 'issued-in-future' };
    if (typeof nonce !== 'string' || !sameText(nonce, expected.nonce)) return { ok: false, problem: 'nonce' };
    if (typeof sub !== 'string' || sub === '') return { ok: false, problem: 'subject' };
    return { ok: true, claims: claims as IdTokenClaims };
  }

  /** A call to the provider's resource (RFC 6750 section 2.1: the access token as a bearer). */
  async resource<T>(call: { url: string; accessToken: string; method?: 'GET' | 'POST'; json?: unknown; schema: v.GenericSchema<unknown, T>; acceptStatuses?: readonly number[] }) {
    return providerCall({
      provider: this.settings.provider,
      url: call.url,
      method: call.method,
      headers: { authorization: `Bearer ${call.accessToken}` },
      json: call.json,
      schema: call.schema,
      acceptStatuses: call.acceptStatuses,
      timeoutMs: this.timeoutMs,
      fetcher: this.fetcher,
    });
  }
}

/**
 * A callback's query (RFC 6749 section 4.1.2 and 4.1.2.1): a code, or an error, with the state.
 * Anything else is not an answer of the provider.
 */
export const CallbackQuerySchema = v.object({
  state: v.optional(v.pipe(v.string(), v.maxLength(512))),
  code: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(2048))),
  error: v.optional(v.pipe(v.string(), v.maxLength(100))),
  error_description: v.optional(v.pipe(v.string(), v.maxLength(1000))),
});
export type CallbackQuery = v.InferOutput<typeof CallbackQuerySchema>;
