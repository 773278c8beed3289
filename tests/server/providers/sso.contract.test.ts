/**
 * Issue 21, the login service (docs/decisions/169): the OpenID Connect client (server/providers/sso)
 * against its simulator over real HTTP on loopback, and against the public specifications' example
 * answers (OpenID Connect Discovery 4.2, Core 3.1.3.3 and appendix A.1, RFC 6749 5.2) replayed by a
 * tiny loopback server. Faults of the provider (timeout, 500, malformed JSON, no answer) are
 * ProviderErrors, which the API answers as 503 PROVIDER_UNAVAILABLE.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTHENTICATION_METHODS } from '../../../core/domain/identification';
import { ProviderError } from '../../../server/providers/provider-http';
import { startSimulators, type RunningSimulators } from '../../../server/providers/simulator-host';
import { createOidcClient, newPkcePair, personalCodeOf, SsoLoginRefused, type SsoProvider } from '../../../server/providers/sso/sso.adapter';
import { pkceChallenge } from '../../../server/providers/oidc/oidc-client';
import { createSsoSimulator } from '../../../server/providers/sso/sso.simulator';
import { PATIENT_MS, SHORT_MS, SLOW_ANSWER_MS } from './support/deadlines';

const CLIENT = { clientId: 'solis-test', clientSecret: 'test-secret-with-enough-entropy' };
const REDIRECT_URI = 'http://localhost/auth/public-sso/callback';
const METHODS = Object.fromEntries(AUTHENTICATION_METHODS.map((method) => [method, method])) as Record<(typeof AUTHENTICATION_METHODS)[number], string>;

let host: RunningSimulators;
beforeAll(async () => {
  host = await startSimulators((context) => [createSsoSimulator(context, CLIENT)], { unref: true });
});
afterAll(() => host.close());
beforeEach(async () => {
  await fetch(`${host.origin}/control/reset`, { method: 'POST' });
});

const client = (overrides: Partial<Parameters<typeof createOidcClient>[0]> = {}): SsoProvider =>
  createOidcClient({ issuer: `${host.origin}/sso`, ...CLIENT, scope: 'openid', personalCodeClaim: 'sub', methodAcrValues: METHODS, timeoutMs: PATIENT_MS, ...overrides });

interface Started {
  url: URL;
  state: string;
  nonce: string;
  verifier: string;
}

async function start(provider: SsoProvider, loginHint?: string): Promise<Started> {
  const pkce = newPkcePair();
  const state = `state-${Math.random()}`;
  const nonce = `nonce-${Math.random()}`;
  const url = new URL(await provider.authorizationUrl({ redirectUri: REDIRECT_URI, state, nonce, codeChallenge: pkce.challenge, method: 'SMART_ID', language: 'et', ...(loginHint ? { loginHint } : {}) }));
  return { url, state, nonce, verifier: pkce.verifier };
}

/** The person's page, then their choice on it, as a browser would send them. */
async function decide(started: Started, outcome: 'login' | 'cancel' | 'fail', personalCode = '38001085718'): Promise<URL> {
  const page = await fetch(started.url, { redirect: 'manual' });
  expect(page.status).toBe(200);
  const html = await page.text();
  const login = /name="login" value="([^"]+)"/.exec(html)![1]!;
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&#38;/g, '&');
  const reply = await fetch(action, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ login, outcome, personal_code: personalCode }) });
  expect(reply.status).toBe(303);
  return new URL(reply.headers.get('location')!);
}

describe('the OpenID Connect client against the simulator', () => {
  it('asks for the code flow with PKCE S256, state, nonce, the method and the language, and logs the person in', async () => {
    const provider = client();
    const started = await start(provider, '38001085718');
    const query = Object.fromEntries(started.url.searchParams);
    expect(query).toMatchObject({ response_type: 'code', client_id: CLIENT.clientId, redirect_uri: REDIRECT_URI, scope: 'openid', state: started.state, nonce: started.nonce, code_challenge_method: 'S256', acr_values: 'SMART_ID', ui_locales: 'et', login_hint: '38001085718' });
    expect(query['code_challenge']).toBe(pkceChallenge(started.verifier));

    const page = await (await fetch(started.url)).text();
    expect(page).toContain('<h1>Log in to the bank with Smart-ID</h1>');
    expect(page).toMatch(/<label for="personal-code">Personal code<\/label>/);
    expect(page).toContain('value="38001085718"');

    const back = await decide(started, 'login', '38001085718');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe(started.state);
    const identity = await provider.exchangeCode({ code: back.searchParams.get('code')!, codeVerifier: started.verifier, redirectUri: REDIRECT_URI, nonce: started.nonce });
    expect(identity).toEqual({ subject: '38001085718', personalCode: '38001085718', country: null });
  });

  it('sends the person back with access_denied when they cancel, server_error when the login fails', async () => {
    const provider = client();
    const cancelled = await start(provider);
    const back = await decide(cancelled, 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(cancelled.state);
    expect(back.searchParams.has('code')).toBe(false);
    const failed = await decide(await start(provider), 'fail');
    expect(failed.searchParams.get('error')).toBe('server_error');
  });

  it('refuses a code used twice, a wrong PKCE verifier, another redirect URI and another nonce', async () => {
    const provider = client();
    const started = await start(provider);
    const code = (await decide(started, 'login')).searchParams.get('code')!;
    const exchange = { code, codeVerifier: started.verifier, redirectUri: REDIRECT_URI, nonce: started.nonce };
    await expect(provider.exchangeCode(exchange)).resolves.toMatchObject({ personalCode: '38001085718' });
    await expect(provider.exchangeCode(exchange)).rejects.toThrow(SsoLoginRefused);

    const second = await start(provider);
    const secondCode = (await decide(second, 'login')).searchParams.get('code')!;
    await expect(provider.exchangeCode({ code: secondCode, codeVerifier: newPkcePair().verifier, redirectUri: REDIRECT_URI, nonce: second.nonce })).rejects.toThrow(/refused the code \(invalid_grant\)/);

    const third = await start(provider);
    const thirdCode = (await decide(third, 'login')).searchParams.get('code')!;
    await expect(provider.exchangeCode({ code: thirdCode, codeVerifier: third.verifier, redirectUri: 'http://localhost/elsewhere', nonce: third.nonce })).rejects.toThrow(SsoLoginRefused);

    const fourth = await start(provider);
    const fourthCode = (await decide(fourth, 'login')).searchParams.get('code')!;
    await expect(provider.exchangeCode({ code: fourthCode, codeVerifier: fourth.verifier, redirectUri: REDIRECT_URI, nonce: 'another-nonce' })).rejects.toThrow(/nonce/);
  });

  it('treats refused client credentials as the bank’s configuration (a ProviderError), not a failed login', async () => {
    const started = await start(client());
    const code = (await decide(started, 'login')).searchParams.get('code')!;
    const wrong = client({ clientSecret: 'not-the-secret' });
    await expect(wrong.exchangeCode({ code, codeVerifier: started.verifier, redirectUri: REDIRECT_URI, nonce: started.nonce })).rejects.toThrow(ProviderError);
  });

  it('refuses an ID token whose time is past by our clock', async () => {
    const started = await start(client());
    const code = (await decide(started, 'login')).searchParams.get('code')!;
    const anHourLater = client({ now: () => Math.floor(Date.now() / 1000) + 3600 });
    await expect(anHourLater.exchangeCode({ code, codeVerifier: started.verifier, redirectUri: REDIRECT_URI, nonce: started.nonce })).rejects.toThrow(/expired/);
  });

  it('never sends the person back to an unregistered client, and tells a registered one what was wrong', async () => {
    const refused = await fetch(`${host.origin}/sso/authorize?${new URLSearchParams({ client_id: 'someone-else', redirect_uri: 'https://evil.example/cb', response_type: 'code' })}`, { redirect: 'manual' });
    expect(refused.status).toBe(400);
    const withoutPkce = await fetch(`${host.origin}/sso/authorize?${new URLSearchParams({ client_id: CLIENT.clientId, redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'openid', state: 's', nonce: 'n' })}`, { redirect: 'manual' });
    expect(withoutPkce.status).toBe(303);
    const back = new URL(withoutPkce.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('s');
  });

  it.each([
    ['answers 500', { fault: 'status', status: 500 }, 'status'],
    ['answers malformed JSON', { fault: 'malformed' }, 'malformed'],
    ['times out', { fault: 'slow', delayMs: SLOW_ANSWER_MS }, 'timeout'],
    ['never answers', { fault: 'hang' }, 'timeout'],
  ] as const)('a provider that %s is a ProviderError, and the next try works', async (_name, fault, expected) => {
    const spoiled = await fetch(`${host.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ simulator: 'sso', path: 'openid-configuration', ...fault }) });
    expect(spoiled.status).toBe(200);
    const error = await start(client({ timeoutMs: SHORT_MS })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).fault).toBe(expected);
    await expect(start(client())).resolves.toMatchObject({ state: expect.any(String) });
  });

  it('a token endpoint fault is a ProviderError too', async () => {
    const provider = client();
    const started = await start(provider);
    const code = (await decide(started, 'login')).searchParams.get('code')!;
    await fetch(`${host.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ simulator: 'sso', path: '/token', fault: 'status', status: 503 }) });
    await expect(provider.exchangeCode({ code, codeVerifier: started.verifier, redirectUri: REDIRECT_URI, nonce: started.nonce })).rejects.toThrow(ProviderError);
  });
});

describe('personal codes as identity providers write them', () => {
  it.each([
    ['38001085718', { personalCode: '38001085718', country: null }],
    ['EE38001085718', { personalCode: '38001085718', country: 'EE' }],
    ['PNOLT-30303039914', { personalCode: '30303039914', country: 'LT' }],
    ['pnolv-320101-12345', { personalCode: '320101-12345', country: 'LV' }],
  ])('%s', (value, expected) => expect(personalCodeOf(value)).toEqual(expected));

  it.each([[''], ['jane@example.com'], [42], ['PNOFI-010101-123X']])('not %o', (value) => expect(personalCodeOf(value)).toBeNull());
});

/** The specifications' examples, replayed on loopback; `server.example.com` is routed there. */
describe('the OpenID Connect client against the specifications’ examples', () => {
  const recorded = (name: string) => JSON.parse(readFileSync(new URL(`./sso/recorded/${name}.json`, import.meta.url), 'utf8')) as { status: number; body: unknown };
  let replay: Server;
  let origin: string;
  let tokenAnswer: { status: number; body: unknown };
  const tokenRequests: { authorization: string | undefined; form: URLSearchParams }[] = [];
  beforeAll(async () => {
    replay = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const answer =
          request.url === '/.well-known/openid-configuration' ? recorded('discovery') : request.url === '/jwks.json' ? recorded('jwks') : request.url === '/connect/token' && request.method === 'POST' ? tokenAnswer : { status: 404, body: {} };
        if (request.url === '/connect/token') tokenRequests.push({ authorization: request.headers.authorization, form: new URLSearchParams(body) });
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => replay.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(replay.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => replay.close(() => resolve())));

  const routed: typeof fetch = (input, init) => fetch(String(input).replace('http://server.example.com', origin), init);
  const specClient = (now = 1311281000) =>
    createOidcClient({ issuer: 'http://server.example.com', clientId: 's6BhdRkqt3', clientSecret: 'some secret', scope: 'openid', personalCodeClaim: 'sub', methodAcrValues: METHODS, now: () => now, fetcher: routed });
  const exchange = { code: 'SplxlOBeZQQYbYS6WxSbIA', codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', redirectUri: 'https://client.example.org/cb', nonce: 'n-0S6_WzA2Mj' };

  it('computes the PKCE challenge of RFC 7636 appendix B', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('builds the authorization request at the discovered endpoint', async () => {
    const url = new URL(await specClient().authorizationUrl({ redirectUri: exchange.redirectUri, state: 'af0ifjsldkj', nonce: exchange.nonce, codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', method: 'ID_CARD', language: 'lt' }));
    expect(`${url.origin}${url.pathname}`).toBe('http://server.example.com/connect/authorize');
    expect(url.searchParams.get('state')).toBe('af0ifjsldkj');
  });

  it('verifies the Core 3.1.3.3 ID token with the appendix A key and reads the subject', async () => {
    tokenAnswer = recorded('token-success');
    await expect(specClient().exchangeCode(exchange)).resolves.toEqual({ subject: '248289761001', personalCode: '248289761001', country: null });
    const sent = tokenRequests.at(-1)!;
    expect(sent.authorization).toBe(`Basic ${Buffer.from('s6BhdRkqt3:some%20secret').toString('base64')}`);
    expect(Object.fromEntries(sent.form)).toEqual({ grant_type: 'authorization_code', code: exchange.code, redirect_uri: exchange.redirectUri, code_verifier: exchange.codeVerifier });
  });

  it('refuses the same token when it has expired, carries another nonce, is for another client or was altered', async () => {
    tokenAnswer = recorded('token-success');
    await expect(specClient(1311281970 + 61).exchangeCode(exchange)).rejects.toThrow(/expired/);
    await expect(specClient().exchangeCode({ ...exchange, nonce: 'other' })).rejects.toThrow(/nonce/);
    const otherClient = createOidcClient({ issuer: 'http://server.example.com', clientId: 'other-client', clientSecret: 's', scope: 'openid', personalCodeClaim: 'sub', methodAcrValues: METHODS, now: () => 1311281000, fetcher: routed });
    await expect(otherClient.exchangeCode(exchange)).rejects.toThrow(/another client/);
    const body = recorded('token-success').body as { id_token: string };
    const [header, payload, signature] = body.id_token.split('.') as [string, string, string];
    const altered = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('248289761001', '248289761002')).toString('base64url');
    tokenAnswer = { status: 200, body: { ...body, id_token: `${header}.${altered}.${signature}` } };
    await expect(specClient().exchangeCode(exchange)).rejects.toThrow(/signature/);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    tokenAnswer = { status: 200, body: { ...body, id_token: unsigned } };
    await expect(specClient().exchangeCode(exchange)).rejects.toThrow(/not accepted/);
  });

  it('issue 23: refuses another spelling of the same token (padding, the standard alphabet, stray trailing bits)', async () => {
    const body = recorded('token-success').body as { id_token: string };
    const [header, payload, signature] = body.id_token.split('.') as [string, string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const stray = `${signature.slice(0, -1)}${alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1]}`;
    expect(signature.length % 4).not.toBe(0);
    expect(signature).toMatch(/[-_]/);
    for (const spelling of [`${header}.${payload}.${signature}==`, `${header}.${payload}.${signature.replace(/-/g, '+').replace(/_/g, '/')}`, `${header}.${payload}.${stray}`]) {
      tokenAnswer = { status: 200, body: { ...body, id_token: spelling } };
      await expect(specClient().exchangeCode(exchange)).rejects.toThrow(/cannot be read/);
    }
  });

  it('answers the RFC 6749 5.2 error as a refused login', async () => {
    tokenAnswer = recorded('token-error');
    await expect(specClient().exchangeCode(exchange)).rejects.toThrow(SsoLoginRefused);
  });

  it('refuses a discovery document naming another issuer', async () => {
    const elsewhere = createOidcClient({ issuer: 'http://server.example.com/realms/other', clientId: 's6BhdRkqt3', clientSecret: 's', scope: 'openid', personalCodeClaim: 'sub', methodAcrValues: METHODS, fetcher: (input, init) => fetch(String(input).replace('http://server.example.com/realms/other', origin), init) });
    await expect(elsewhere.authorizationUrl({ redirectUri: exchange.redirectUri, state: 's', nonce: 'n', codeChallenge: 'c', method: 'SMART_ID', language: 'en' })).rejects.toThrow(/names the issuer/);
  });
});
