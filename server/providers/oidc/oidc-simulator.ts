import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { Context } from 'hono';
import { escapeHtml, hiddenFields } from '../simulator-host';
import { pkceChallenge } from './oidc-client';

/**
 * The authorization server's half of the exchange, for the simulators of eParaksts and of the banks
 * of payment signing (issue 21; docs/decisions/168). It is strict where a real provider is: the
 * client and its secret (client_secret_basic), PKCE S256, a nonce, single-use codes bound to their
 * client, redirect URI and verifier, short lifetimes, signed ID tokens (RS256, its key published as
 * a JWKS). What it does not check, and says so: the redirect URI is not pre-registered (a
 * demonstration's address is not known in advance).
 *
 * Requests wait in memory for the person's answer on the simulator's page; a test may preselect the
 * answer by the request's `state` (`script`), never skip the page.
 */
export interface SimulatedClient {
  clientId: string;
  clientSecret: string;
}

/** An authorization request that passed the checks and waits for the person. */
export interface PendingAuthorization {
  /** The page's own id (the index page links to it). */
  id: string;
  clientId: string;
  redirectUri: string;
  scope: readonly string[];
  state: string | undefined;
  nonce: string;
  codeChallenge: string;
  /** Every parameter, for what a party reads besides (login_hint, ui_locales, authorization_details). */
  params: URLSearchParams;
  createdAt: number;
}

interface IssuedCode<G> {
  request: PendingAuthorization;
  subject: string;
  claims: Record<string, unknown>;
  grant: G;
  issuedAt: number;
  used: boolean;
  accessTokens: string[];
}

export interface AccessGrant<G> {
  request: PendingAuthorization;
  subject: string;
  grant: G;
  expiresAt: number;
}

export type ReceivedAuthorization =
  | { kind: 'pending'; request: PendingAuthorization }
  /** RFC 6749 section 4.1.2.1: an error the client is told at its redirect URI. */
  | { kind: 'redirect'; location: string }
  /** A request whose client or redirect URI is wrong is never redirected: the person is told. */
  | { kind: 'page'; message: string };

/** RFC 6749 section 4.1.2: "a maximum authorization code lifetime of 10 minutes is RECOMMENDED"; shorter here. */
export const CODE_TTL_MS = 2 * 60 * 1000;
export const TOKEN_TTL_SECONDS = 300;
const PENDING_LIMIT = 500;

const randomToken = () => randomBytes(32).toString('base64url');

function withParams(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  // RFC 6749 section 2.3.1: each part is form-encoded.
  const decode = (part: string) => new URLSearchParams(`v=${part}`).get('v') ?? '';
  return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
}

export class SimulatedAuthorizationServer<G> {
  private pending = new Map<string, PendingAuthorization>();
  private codes = new Map<string, IssuedCode<G>>();
  private tokens = new Map<string, AccessGrant<G>>();
  private scripts = new Map<string, string>();
  private signingKey: { privateKey: KeyObject; jwk: Record<string, unknown>; kid: string } | null = null;

  constructor(
    private readonly options: {
      /** The issuer identifier (known once the host listens). */
      issuer: () => string;
      client: () => SimulatedClient;
      /** Fields the token response carries besides the tokens (RFC 9396 section 7: authorization_details). */
      tokenExtras?: (grant: G) => Record<string, unknown>;
    },
  ) {}

  private key() {
    if (!this.signingKey) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const jwk = publicKey.export({ format: 'jwk' }) as Record<string, unknown>;
      const kid = createHash('sha256').update(String(jwk['n'])).digest('base64url').slice(0, 16);
      this.signingKey = { privateKey, jwk: { ...jwk, kid, alg: 'RS256', use: 'sig' }, kid };
    }
    return this.signingKey;
  }

  /** OpenID Connect Discovery 1.0 section 3, with a party's own additions. */
  metadata(extra: Record<string, unknown> = {}): Record<string, unknown> {
    const issuer = this.options.issuer();
    return {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['openid'],
      ...extra,
    };
  }

  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: [this.key().jwk] };
  }

  /** RFC 6749 section 4.1.1 and 4.1.2.1, OpenID Connect Core section 3.1.2.1 and RFC 7636 section 4.4. */
  receive(url: URL): ReceivedAuthorization {
    const params = url.searchParams;
    for (const name of new Set(params.keys())) if (params.getAll(name).length > 1) return { kind: 'page', message: `The parameter ${name} is given more than once.` };
    const client = this.options.client();
    const clientId = params.get('client_id');
    if (clientId !== client.clientId) return { kind: 'page', message: 'The service that sent you here is not known to this provider.' };
    const redirectUri = params.get('redirect_uri') ?? '';
    let parsed: URL | null = null;
    try {
      parsed = new URL(redirectUri);
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.hash !== '' || parsed.username || parsed.password) {
      return { kind: 'page', message: 'The address to send you back to is missing or not valid.' };
    }
    const state = params.get('state') ?? undefined;
    const refuse = (error: string, description: string): ReceivedAuthorization => ({ kind: 'redirect', location: withParams(redirectUri, { error, error_description: description, state }) });
    if (params.get('response_type') !== 'code') return refuse('unsupported_response_type', 'Only the authorization code flow is supported.');
    const scope = (params.get('scope') ?? '').split(' ').filter(Boolean);
    if (!scope.includes('openid')) return refuse('invalid_scope', 'The openid scope is required.');
    const codeChallenge = params.get('code_challenge') ?? '';
    if (params.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) return refuse('invalid_request', 'PKCE with S256 is required.');
    const nonce = params.get('nonce') ?? '';
    if (nonce === '') return refuse('invalid_request', 'A nonce is required.');
    if (this.pending.size >= PENDING_LIMIT) this.pending.delete(this.pending.keys().next().value as string);
    const request: PendingAuthorization = { id: randomToken().slice(0, 22), clientId, redirectUri, scope, state, nonce, codeChallenge, params, createdAt: Date.now() };
    this.pending.set(request.id, request);
    return { kind: 'pending', request };
  }

  find(id: string): PendingAuthorization | undefined {
    return this.pending.get(id);
  }

  open(): PendingAuthorization[] {
    return [...this.pending.values()];
  }

  /** The person approved: a code to the client's redirect URI (RFC 6749 section 4.1.2). */
  approve(id: string, subject: string, claims: Record<string, unknown>, grant: G): string | undefined {
    const request = this.pending.get(id);
    if (!request) return undefined;
    this.pending.delete(id);
    const code = randomToken();
    this.codes.set(code, { request, subject, claims, grant, issuedAt: Date.now(), used: false, accessTokens: [] });
    return withParams(request.redirectUri, { code, state: request.state });
  }

  /** The person refused, cancelled, or the provider failed (RFC 6749 section 4.1.2.1). */
  deny(id: string, error: string, description: string): string | undefined {
    const request = this.pending.get(id);
    if (!request) return undefined;
    this.pending.delete(id);
    return withParams(request.redirectUri, { error, error_description: description, state: request.state });
  }

  /** A test's preselected answer for the request with this state. */
  script(state: string, outcome: string): void {
    this.scripts.set(state, outcome);
  }

  scriptFor(request: PendingAuthorization): string | undefined {
    return request.state === undefined ? undefined : this.scripts.get(request.state);
  }

  private idToken(issued: IssuedCode<G>, now: number): string {
    const { privateKey, kid } = this.key();
    const seconds = Math.floor(now / 1000);
    const header = { alg: 'RS256', typ: 'JWT', kid };
    const payload = {
      ...issued.claims,
      iss: this.options.issuer(),
      sub: issued.subject,
      aud: issued.request.clientId,
      exp: seconds + TOKEN_TTL_SECONDS,
      iat: seconds,
      auth_time: Math.floor(issued.issuedAt / 1000),
      nonce: issued.request.nonce,
    };
    const signingInput = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${signingInput}.${sign('sha256', Buffer.from(signingInput), privateKey).toString('base64url')}`;
  }

  /** RFC 6749 section 4.1.3 and 5, RFC 7636 section 4.6. */
  async token(c: Context): Promise<Response> {
    const answer = (body: Record<string, unknown>, status: 200 | 400 | 401 = 200, headers: Record<string, string> = {}) =>
      c.json(body, status, { 'cache-control': 'no-store', pragma: 'no-cache', ...headers });
    const client = this.options.client();
    const presented = basicCredentials(c.req.header('authorization'));
    if (!presented || presented.id !== client.clientId || presented.secret !== client.clientSecret) {
      return answer({ error: 'invalid_client', error_description: 'Client authentication failed.' }, 401, { 'www-authenticate': 'Basic realm="token"' });
    }
    if (!(c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded')) {
      return answer({ error: 'invalid_request', error_description: 'The request must be form-encoded.' }, 400);
    }
    const form = new URLSearchParams(await c.req.text());
    if (form.get('grant_type') !== 'authorization_code') return answer({ error: 'unsupported_grant_type' }, 400);
    const code = form.get('code') ?? '';
    const issued = this.codes.get(code);
    const invalidGrant = (description: string) => answer({ error: 'invalid_grant', error_description: description }, 400);
    if (!issued) return invalidGrant('The authorization code is not valid.');
    if (issued.used) {
      // Section 4.1.2: a code used twice revokes what it gave.
      for (const token of issued.accessTokens) this.tokens.delete(token);
      return invalidGrant('The authorization code was used already.');
    }
    issued.used = true;
    const now = Date.now();
    if (now - issued.issuedAt > CODE_TTL_MS) return invalidGrant('The authorization code has expired.');
    if (issued.request.clientId !== presented.id) return invalidGrant('The authorization code was issued to another client.');
    if (form.get('redirect_uri') !== issued.request.redirectUri) return invalidGrant('The redirect_uri is not the one of the authorization request.');
    const verifier = form.get('code_verifier') ?? '';
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || pkceChallenge(verifier) !== issued.request.codeChallenge) return invalidGrant('The code_verifier does not match.');
    const accessToken = randomToken();
    issued.accessTokens.push(accessToken);
    this.tokens.set(accessToken, { request: issued.request, subject: issued.subject, grant: issued.grant, expiresAt: now + TOKEN_TTL_SECONDS * 1000 });
    return answer({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_SECONDS,
      scope: issued.request.scope.join(' '),
      id_token: this.idToken(issued, now),
      ...this.options.tokenExtras?.(issued.grant),
    });
  }

  /** The grant behind a bearer token (RFC 6750 section 2.1), if it is live. */
  grantOf(authorization: string | undefined): AccessGrant<G> | null {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    const grant = match?.[1] ? this.tokens.get(match[1]) : undefined;
    return grant && grant.expiresAt > Date.now() ? grant : null;
  }

  reset(): void {
    this.pending.clear();
    this.codes.clear();
    this.tokens.clear();
    this.scripts.clear();
  }
}

/** RFC 6750 section 3: how a resource server refuses a token. */
export function invalidToken(c: Context): Response {
  return c.json({ error: 'invalid_token', error_description: 'The access token is missing, unknown or expired.' }, 401, { 'www-authenticate': 'Bearer error="invalid_token"' });
}

/**
 * The person's page: what is asked, and one labelled radio per answer with the test's (or the
 * first) answer checked, sent with one button.
 */
export function answerForm(action: string, fields: Record<string, string>, legend: string, outcomes: readonly { value: string; label: string }[], chosen: string | undefined): string {
  const selected = outcomes.some((outcome) => outcome.value === chosen) ? chosen : outcomes[0]?.value;
  const radios = outcomes
    .map(
      (outcome, index) =>
        `<div><input type="radio" id="answer-${index}" name="outcome" value="${escapeHtml(outcome.value)}"${outcome.value === selected ? ' checked' : ''}>` +
        ` <label for="answer-${index}">${escapeHtml(outcome.label)}</label></div>`,
    )
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${hiddenFields(fields)}<fieldset><legend>${escapeHtml(legend)}</legend>${radios}</fieldset><p><button type="submit" class="primary">Continue</button></p></form>`;
}

/** A definition list of what the person is asked to approve. */
export function detailsList(rows: readonly (readonly [string, string])[]): string {
  return `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}
