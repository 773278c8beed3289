import { createPrivateKey, generateKeyPairSync, randomBytes, sign, timingSafeEqual, type KeyObject } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { isAuthenticationMethod } from '../../../core/domain/identification';
import { escapeHtml, hiddenFields, simulatorPage, type OpenRequest, type Simulator, type SimulatorContext } from '../simulator-host';
import { SSO_PROVIDER } from './sso.adapter';
import { pkceChallenge } from '../oidc/oidc-client';

/**
 * The bank's login service, simulated (issue 21; docs/decisions/169): an OpenID Connect provider
 * with the authorization code flow and PKCE, as sso.adapter.ts talks to a real one.
 * - `GET /.well-known/openid-configuration`, `GET /jwks` (an RSA key made at start, RS256);
 * - `GET /authorize`: the person's page, where they choose how the login ends: log in as a personal
 *   code (the login hint filled in), cancel (`error=access_denied`), or fail (`error=server_error`);
 * - `POST /token`: the client's credentials (HTTP Basic or in the body), the code (single use, one
 *   minute), the same redirect URI, and the PKCE verifier against the challenge are all checked.
 */
export const SSO_SIMULATOR = SSO_PROVIDER;

interface Client {
  clientId: string;
  clientSecret: string;
}

interface PendingLogin {
  id: string;
  redirectUri: string;
  state: string | null;
  nonce: string;
  codeChallenge: string;
  acr: string | null;
  loginHint: string | null;
  createdAt: number;
}

interface IssuedCode {
  redirectUri: string;
  nonce: string;
  codeChallenge: string;
  acr: string | null;
  personalCode: string;
  expiresAt: number;
}

const METHOD_TITLES: Record<string, string> = { SMART_ID: 'Smart-ID', MOBILE_ID: 'Mobile-ID', ID_CARD: 'ID card', BANK_LINK: 'Internet bank' };
const PENDING_TTL_MS = 15 * 60 * 1000;
const CODE_TTL_MS = 60 * 1000;
const TOKEN_TTL_SECONDS = 300;
const PERSONAL_CODE = /^[A-Za-z0-9-]{4,24}$/;
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

const equal = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createSsoSimulator(context: SimulatorContext, client: Client): Simulator {
  const routes = new Hono();
  const pending = new Map<string, PendingLogin>();
  const codes = new Map<string, IssuedCode>();
  let signingKey: { kid: string; privateKey: KeyObject; jwk: Record<string, unknown> } | null = null;
  const issuer = () => context.base(SSO_SIMULATOR);

  function key() {
    if (!signingKey) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const kid = `sim-${randomBytes(6).toString('hex')}`;
      signingKey = { kid, privateKey: createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' })), jwk: { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' } };
    }
    return signingKey;
  }

  function sweep() {
    const now = Date.now();
    for (const [id, login] of pending) if (now - login.createdAt > PENDING_TTL_MS) pending.delete(id);
    for (const [code, issued] of codes) if (issued.expiresAt < now) codes.delete(code);
  }

  function idToken(issued: IssuedCode): string {
    const { kid, privateKey } = key();
    const now = Math.floor(Date.now() / 1000);
    const method = issued.acr && isAuthenticationMethod(issued.acr) ? issued.acr : null;
    const claims = {
      iss: issuer(),
      sub: issued.personalCode,
      aud: client.clientId,
      exp: now + TOKEN_TTL_SECONDS,
      iat: now,
      auth_time: now,
      nonce: issued.nonce,
      ...(issued.acr ? { acr: issued.acr } : {}),
      ...(method ? { amr: [method] } : {}),
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${encode({ alg: 'RS256', typ: 'JWT', kid })}.${encode(claims)}`;
    return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
  }

  /** RFC 6749 4.1.2.1: an error goes back to the client, with its state, once the redirect URI is trusted. */
  function back(c: Context, redirectUri: string, parameters: Record<string, string>, state: string | null) {
    const url = new URL(redirectUri);
    for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
    if (state !== null) url.searchParams.set('state', state);
    c.header('cache-control', 'no-store');
    return c.redirect(url.toString(), 303);
  }

  routes.get('/.well-known/openid-configuration', (c) =>
    c.json({
      issuer: issuer(),
      authorization_endpoint: `${issuer()}/authorize`,
      token_endpoint: `${issuer()}/token`,
      jwks_uri: `${issuer()}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: ['openid'],
      claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'acr', 'amr'],
      ui_locales_supported: ['en', 'et', 'lv', 'lt', 'ru'],
    }),
  );

  routes.get('/jwks', (c) => c.json({ keys: [key().jwk] }));

  routes.get('/authorize', (c) => {
    sweep();
    const query = (name: string) => c.req.query(name) ?? null;
    // The index page's link to a login that waits for its person.
    const resumed = pending.get(query('resume') ?? '');
    if (resumed) return loginPage(resumed);
    const redirectUri = query('redirect_uri');
    let redirectOk = false;
    try {
      redirectOk = redirectUri !== null && ['http:', 'https:'].includes(new URL(redirectUri).protocol) && !new URL(redirectUri).hash;
    } catch {
      redirectOk = false;
    }
    // Never redirect to an address the client did not prove it owns (RFC 6749 4.1.2.1).
    if (query('client_id') !== client.clientId || !redirectOk) {
      return simulatorPage('Login refused', '<p>The application that sent you here is not registered with this login service.</p>', { status: 400 });
    }
    const state = query('state');
    const problem =
      query('response_type') !== 'code'
        ? 'unsupported_response_type'
        : !(query('scope') ?? '').split(' ').includes('openid') || !query('nonce') || !query('code_challenge') || query('code_challenge_method') !== 'S256'
          ? 'invalid_request'
          : null;
    if (problem) return back(c, redirectUri!, { error: problem }, state);
    const login: PendingLogin = {
      id: randomBytes(12).toString('base64url'),
      redirectUri: redirectUri!,
      state,
      nonce: query('nonce')!,
      codeChallenge: query('code_challenge')!,
      acr: query('acr_values'),
      loginHint: query('login_hint'),
      createdAt: Date.now(),
    };
    pending.set(login.id, login);
    return loginPage(login);
  });

  function loginPage(login: PendingLogin, problem?: string) {
    const methodTitle = login.acr ? (METHOD_TITLES[login.acr] ?? login.acr) : null;
    const error = problem ? `<div role="alert"><p><strong>${escapeHtml(problem)}</strong></p></div>` : '';
    return simulatorPage(
      methodTitle ? `Log in to the bank with ${methodTitle}` : 'Log in to the bank',
      `${error}<p class="note">Simulated login service: choose how the login ends. A real login service asks the person to prove who they are here.</p>` +
        `<form method="post" action="${escapeHtml(`${issuer()}/authorize/decide`)}">${hiddenFields({ login: login.id })}` +
        `<p><label for="personal-code">Personal code</label><br><input id="personal-code" name="personal_code" autocomplete="off" spellcheck="false" value="${escapeHtml(login.loginHint ?? '')}"${problem ? ' aria-invalid="true"' : ''}></p>` +
        `<button type="submit" name="outcome" value="login" class="primary">Log in</button>` +
        `<button type="submit" name="outcome" value="cancel">Cancel login</button>` +
        `<button type="submit" name="outcome" value="fail">Fail login</button></form>`,
      { status: problem ? 400 : 200 },
    );
  }

  routes.post('/authorize/decide', async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const login = pending.get(field('login'));
    if (!login) return simulatorPage('Login not found', '<p>This login is unknown or already finished. Go back to the application and start again.</p>', { status: 404 });
    const outcome = field('outcome');
    if (outcome === 'cancel' || outcome === 'fail') {
      pending.delete(login.id);
      return back(c, login.redirectUri, outcome === 'cancel' ? { error: 'access_denied', error_description: 'The person cancelled the login.' } : { error: 'server_error', error_description: 'The login did not succeed.' }, login.state);
    }
    const personalCode = field('personal_code').trim();
    if (outcome !== 'login' || !PERSONAL_CODE.test(personalCode)) return loginPage(login, 'Enter the personal code to log in as.');
    pending.delete(login.id);
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { redirectUri: login.redirectUri, nonce: login.nonce, codeChallenge: login.codeChallenge, acr: login.acr, personalCode, expiresAt: Date.now() + CODE_TTL_MS });
    return back(c, login.redirectUri, { code }, login.state);
  });

  routes.post('/token', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    c.header('cache-control', 'no-store');
    // RFC 6749 2.3.1: HTTP Basic (form-encoded id and secret) or both in the body.
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(c.req.header('authorization') ?? '');
    if (basic) {
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon > 0) [id, secret] = [decodeURIComponent(decoded.slice(0, colon)), decodeURIComponent(decoded.slice(colon + 1))];
    }
    if (id !== client.clientId || secret === null || !equal(secret, client.clientSecret)) return c.json({ error: 'invalid_client' }, 401);
    if (form.get('grant_type') !== 'authorization_code') return c.json({ error: 'unsupported_grant_type' }, 400);
    sweep();
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    // Single use: a code is gone once presented, whatever the outcome (RFC 6749 4.1.2).
    codes.delete(code);
    if (!issued) return c.json({ error: 'invalid_grant', error_description: 'The code is unknown, used or expired.' }, 400);
    if (form.get('redirect_uri') !== issued.redirectUri) return c.json({ error: 'invalid_grant', error_description: 'The redirect URI differs from the authorization request’s.' }, 400);
    const verifier = form.get('code_verifier') ?? '';
    if (!CODE_VERIFIER.test(verifier) || pkceChallenge(verifier) !== issued.codeChallenge) {
      return c.json({ error: 'invalid_grant', error_description: 'The code verifier does not match the challenge.' }, 400);
    }
    return c.json({ access_token: randomBytes(24).toString('base64url'), token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS, id_token: idToken(issued) });
  });

  return {
    name: SSO_SIMULATOR,
    title: 'Login service (OpenID Connect)',
    routes,
    open(): OpenRequest[] {
      sweep();
      return [...pending.values()].map((login) => ({
        text: `Login${login.acr ? ` with ${METHOD_TITLES[login.acr] ?? login.acr}` : ''}${login.loginHint ? ` for ${login.loginHint}` : ''}`,
        href: `${issuer()}/authorize?${new URLSearchParams({ resume: login.id }).toString()}`,
      }));
    },
    reset() {
      pending.clear();
      codes.clear();
    },
  };
}
