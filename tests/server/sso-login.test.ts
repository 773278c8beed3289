/**
 * Issue 21 on the reference API (docs/decisions/156, 169): section 7's login service `/auth/public-sso`
 * as an OpenID Connect login at the bank's provider, here its simulator over real HTTP. The return
 * address is on the allowlist only; the state, nonce and PKCE verifier stay on the server, bound to
 * the session, single use; logging in renews the session id (the old cookie opens nothing) and the
 * applicant counts as authenticated, but only when the person is the applicant; cancel and failure
 * change nothing; production without SSO_* offers no login.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import { loadConfig } from '../../server/config';
import type { ApiClient } from './support/api-client';
import { MARI, continuePath } from './support/payloads';
import { logInThroughSso, renewedSessionCookie } from './support/sso-login';
import { TEST_ORIGIN, startTestApp, type TestApp } from './support/test-app';
import { freshSecret } from './support/secrets';
import { TEST_DATA_KEYS_ENV } from '../support/data-keys';

type Data<T> = { data: T };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

/** A current-account application of this browser, at IdentifyCustomer, with MARI's personal code. */
async function atIdentifyCustomer(client: ApiClient, personalCode: string | null = MARI.personalCode): Promise<TaskResponse> {
  const reply = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: 'identifyCustomer',
    productName: 'CURRENT_ACCOUNT',
    previousTasks: ['createApplicationStep'],
    application: { personUpdates: [{ role: 'APPLICANT', ...(personalCode ? { personalCode } : {}), declaredData: { firstName: MARI.firstName, surname: MARI.surname } }] },
  });
  if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
  return reply.body.data;
}

const startPath = (originalUrl: string, method = 'SMART_ID') => `/auth/public-sso?${new URLSearchParams({ originalUrl, method, language: 'et' }).toString()}`;
const authenticationOf = async (client: ApiClient, externalId: string) =>
  (await client.post<Data<TaskResponse>>(continuePath(externalId))).body.data.application.relatedPersons.persons.find((person) => person.role === 'APPLICANT')?.authentication;

describe('starting a login, /auth/public-sso', () => {
  it('refuses a return address off the allowlist and an unknown method with a page, never a redirect', async () => {
    for (const target of ['https://evil.example/', `${TEST_ORIGIN}/evil`, '//evil.example/', 'javascript:alert(1)', `${TEST_ORIGIN}.evil.example/`]) {
      const refused = await t.app.request(startPath(target));
      expect(refused.status, target).toBe(400);
      expect(refused.headers.get('location')).toBeNull();
    }
    const unknown = await t.app.request(startPath(`${TEST_ORIGIN}/`, 'PASSWORD'));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('<html lang="en">');
  });

  it('sends the browser to the login service with the code flow, PKCE, the method, the language and the applicant’s code as the hint', async () => {
    const browser = t.client();
    await atIdentifyCustomer(browser);
    const started = await t.app.request(startPath(`${TEST_ORIGIN}/?externalId=x`, 'MOBILE_ID'), { headers: { cookie: browser.sessionCookie! } });
    expect(started.status).toBe(303);
    expect(started.headers.get('cache-control')).toBe('no-store');
    const target = new URL(started.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe(`${t.simulators.origin}/sso/authorize`);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      response_type: 'code',
      redirect_uri: `${TEST_ORIGIN}/auth/public-sso/callback`,
      code_challenge_method: 'S256',
      acr_values: 'MOBILE_ID',
      ui_locales: 'et',
      login_hint: MARI.personalCode,
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(target.searchParams.get(name)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the state is kept.
    const rows = await t.database.db.query<{ state_hash: string }>('select state_hash from sso_logins');
    expect(rows.map((row) => row.state_hash)).not.toContain(target.searchParams.get('state'));
    expect(rows.map((row) => row.state_hash)).toContain(createHashOf(target.searchParams.get('state')!));
  });

  it('without a session, returns at once as a failed login', async () => {
    const reply = await t.app.request(startPath(`${TEST_ORIGIN}/?externalId=x`));
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe(`${TEST_ORIGIN}/?externalId=x&ssoResult=failed`);
  });
});

describe('coming back from the login service, /auth/public-sso/callback', () => {
  it('a login renews the session id: the old cookie opens nothing, the new one the same application, now authenticated', async () => {
    const browser = t.client();
    const task = await atIdentifyCustomer(browser);
    expect(await authenticationOf(browser, task.externalId)).toEqual({ isAuthenticated: false });
    const oldCookie = browser.sessionCookie!;
    const back = `${TEST_ORIGIN}/?externalId=${task.externalId}&lang=et`;

    const reply = await logInThroughSso(t, browser, back);
    expect(reply.status).toBe(303);
    expect(reply.location).toBe(back);
    const newCookie = renewedSessionCookie(reply);
    expect(newCookie).toBeDefined();
    expect(newCookie).not.toBe(oldCookie);
    expect(reply.cookies.some((cookie) => cookie.startsWith('Authenticated=true'))).toBe(true);

    const attacker = t.client();
    attacker.useCookie(oldCookie);
    expect((await attacker.post(continuePath(task.externalId))).status).toBe(404);

    browser.useCookie(newCookie);
    expect(await authenticationOf(browser, task.externalId)).toEqual({ isAuthenticated: true });
    expect((await browser.get<Data<{ authenticated: boolean }>>('/api/v1/session')).body.data.authenticated).toBe(true);
  });

  it('cancel and failure return with ssoResult and change nothing', async () => {
    const browser = t.client();
    const task = await atIdentifyCustomer(browser);
    const back = `${TEST_ORIGIN}/?externalId=${task.externalId}`;
    const cancelled = await logInThroughSso(t, browser, back, { outcome: 'cancel' });
    expect(cancelled.location).toBe(`${back}&ssoResult=cancelled`);
    expect(cancelled.cookies).toEqual([]);
    const failed = await logInThroughSso(t, browser, back, { outcome: 'fail' });
    expect(failed.location).toBe(`${back}&ssoResult=failed`);
    expect(await authenticationOf(browser, task.externalId)).toEqual({ isAuthenticated: false });
  });

  it('someone other than the applicant cannot log in for the application (ssoResult=mismatch); a code written with separators is the same code', async () => {
    const browser = t.client();
    const task = await atIdentifyCustomer(browser);
    const back = `${TEST_ORIGIN}/?externalId=${task.externalId}`;
    const other = await logInThroughSso(t, browser, back, { personalCode: '49403136526' });
    expect(other.location).toBe(`${back}&ssoResult=mismatch`);
    expect(other.cookies).toEqual([]);
    expect(await authenticationOf(browser, task.externalId)).toEqual({ isAuthenticated: false });

    const prefixed = await logInThroughSso(t, browser, back, { personalCode: `PNOEE-${MARI.personalCode}` });
    expect(prefixed.location).toBe(back);
  });

  it('an application without a personal code yet is logged in as whoever logs in', async () => {
    const browser = t.client();
    const task = await atIdentifyCustomer(browser, null);
    const reply = await logInThroughSso(t, browser, `${TEST_ORIGIN}/`, { personalCode: '49403136526' });
    expect(reply.location).toBe(`${TEST_ORIGIN}/`);
    browser.useCookie(renewedSessionCookie(reply));
    expect(await authenticationOf(browser, task.externalId)).toEqual({ isAuthenticated: true });
  });

  it('refuses a callback for another browser’s login, a replayed one and a forged one, with a page', async () => {
    const victim = t.client();
    await atIdentifyCustomer(victim);
    const started = await t.app.request(startPath(`${TEST_ORIGIN}/`), { headers: { cookie: victim.sessionCookie! } });
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const attacker = t.client();
    await attacker.startSession();
    // Login CSRF: the attacker's browser brings the victim's login back; it is not its own.
    const foreign = await t.app.request(`/auth/public-sso/callback?${new URLSearchParams({ state, code: 'whatever' })}`, { headers: { cookie: attacker.sessionCookie! } });
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('location')).toBeNull();
    expect(await foreign.text()).toContain('Login not found');

    const browser = t.client();
    await atIdentifyCustomer(browser);
    const done = await logInThroughSso(t, browser, `${TEST_ORIGIN}/`);
    expect(done.status).toBe(303);
    const forged = await t.app.request(`/auth/public-sso/callback?state=forged&code=forged`, { headers: { cookie: browser.sessionCookie! } });
    expect(forged.status).toBe(400);
  });

  it('a login left at the provider for over ten minutes is gone', async () => {
    const browser = t.client();
    await atIdentifyCustomer(browser);
    const app = t.withEnv({});
    const started = await app.app.request(startPath(`${TEST_ORIGIN}/`), { headers: { cookie: browser.sessionCookie! } });
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    app.advance(601);
    try {
      const late = await app.app.request(`/auth/public-sso/callback?${new URLSearchParams({ state, error: 'access_denied' })}`, { headers: { cookie: browser.sessionCookie! } });
      expect(late.status).toBe(400);
    } finally {
      app.advance(-601);
    }
  });

  it('a provider that fails at the start or at the code exchange is a failed login, and the next one works', async () => {
    const browser = t.client();
    const task = await atIdentifyCustomer(browser);
    const back = `${TEST_ORIGIN}/?externalId=${task.externalId}`;
    // A new app: its client has not read the provider's discovery document yet.
    const app = t.withEnv({});
    const spoil = (path: string) =>
      fetch(`${t.simulators.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ simulator: 'sso', fault: 'status', status: 500, path }) });
    await spoil('openid-configuration');
    const before = await t.database.db.query<{ n: number }>('select count(*)::int as n from sso_logins');
    const started = await app.app.request(startPath(back), { headers: { cookie: browser.sessionCookie! } });
    expect(started.headers.get('location')).toBe(`${back}&ssoResult=failed`);
    expect(await t.database.db.query<{ n: number }>('select count(*)::int as n from sso_logins')).toEqual(before);

    await spoil('/token');
    expect((await logInThroughSso(app, browser, back)).location).toBe(`${back}&ssoResult=failed`);
    expect(await authenticationOf(browser, task.externalId)).toEqual({ isAuthenticated: false });
    const reply = await logInThroughSso(app, browser, back);
    expect(reply.location).toBe(back);
  });
});

describe('production without the login service configured', () => {
  const production = { SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: freshSecret(), ...TEST_DATA_KEYS_ENV };

  it('offers no login, and the login address says so', async () => {
    const app = t.withEnv(production);
    expect(app.providers.sso).toBeNull();
    const config = await app.client().get<Data<{ providers: { login: boolean } }>>('/api/v1/runtime-config');
    expect(config.body.data.providers.login).toBe(false);
    const page = await app.app.request(startPath(`${TEST_ORIGIN}/`));
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Logging in is not available here.');
  });

  it('is configured with SSO_ISSUER (https), SSO_CLIENT_ID and SSO_CLIENT_SECRET, checked at start-up', () => {
    expect(() => loadConfig({ ...production, SSO_ISSUER: 'https://login.bank.example/realms/customers' })).toThrow(/^Invalid configuration: SSO_CLIENT_ID is required/);
    expect(() => loadConfig({ ...production, SSO_ISSUER: 'https://login.bank.example', SSO_CLIENT_ID: 'solis' })).toThrow(/^Invalid configuration: SSO_CLIENT_SECRET is required/);
    expect(() => loadConfig({ ...production, SSO_ISSUER: 'http://login.bank.example', SSO_CLIENT_ID: 'solis', SSO_CLIENT_SECRET: freshSecret() })).toThrow(/^Invalid configuration: SSO_ISSUER /);
    expect(() => loadConfig({ ...production, SSO_ISSUER: 'https://login.bank.example', SSO_CLIENT_ID: 'solis', SSO_CLIENT_SECRET: freshSecret(), SSO_METHOD_ACR_VALUES: 'PASSWORD=x' })).toThrow(
      /^Invalid configuration: SSO_METHOD_ACR_VALUES /,
    );
    const config = loadConfig({ ...production, SSO_ISSUER: 'https://login.bank.example/', SSO_CLIENT_ID: 'solis', SSO_CLIENT_SECRET: freshSecret(), SSO_SCOPE: 'nin openid', SSO_METHOD_ACR_VALUES: 'SMART_ID=idp:sk-smartid' });
    expect(config.providers.sso).toMatchObject({ source: { kind: 'real', url: 'https://login.bank.example' }, clientId: 'solis', scope: 'openid nin', personalCodeClaim: 'sub' });
    expect(config.providers.sso.methodAcrValues).toMatchObject({ SMART_ID: 'idp:sk-smartid', MOBILE_ID: 'MOBILE_ID' });
  });
});

function createHashOf(state: string): string {
  return createHash('sha256').update(state).digest('base64url');
}
