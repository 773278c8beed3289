/**
 * Issue 21 (decisions 027, 169): with CAPTCHA_ENABLED=true, the three calls that create an
 * application from a browser (create, upsale, current account) need a token the captcha provider
 * (here its simulator, over real HTTP) says was solved on this host, once. Missing, invalid, reused,
 * over-long and solved-elsewhere tokens are 400 CAPTCHA_FAILED; a provider fault is 503
 * PROVIDER_UNAVAILABLE; nothing is created either way. The page may load the widget from the
 * configured origin only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { silentLogger } from '../../server/http/logger';
import { SIMULATED_CAPTCHA_SITE_KEY } from '../../server/providers/captcha/captcha.settings';
import { CREATE_REQUEST } from './support/payloads';
import { freshSecret } from './support/secrets';
import { startTestApp, type TestApp } from './support/test-app';
import { TEST_DATA_KEYS_ENV } from '../support/data-keys';
import { ENTRY_LOADER_CSP_SOURCE } from '../../server/http/entry-loader';

type Data<T> = { data: T };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ CAPTCHA_ENABLED: 'true' });
});
afterAll(() => t.database.dispose());

const CREATIONS = [
  { name: 'create', path: '/api/v1/application-process', body: CREATE_REQUEST },
  { name: 'upsale', path: '/api/v1/application-process/upsale', body: { application: { creditConditions: {} } } },
  { name: 'current account', path: '/api/current-account', body: { channel: 'WEB' } },
] as const;

async function count(): Promise<number> {
  return (await t.database.db.query<{ n: number }>('select count(*)::int as n from applications'))[0]!.n;
}

/** A token as the simulator's widget gets one for a page on `hostname`. */
async function widgetToken(hostname = 'localhost'): Promise<string> {
  const reply = await fetch(`${t.simulators.origin}/captcha/widget/token`, { method: 'POST', headers: { accept: 'application/json' }, body: new URLSearchParams({ sitekey: SIMULATED_CAPTCHA_SITE_KEY, hostname }) });
  return ((await reply.json()) as { token: string }).token;
}

/** The test-mode control: a token solved on this host, as the widget would solve it. */
async function sandboxToken(app: TestApp = t): Promise<string> {
  return (await app.client().post<Data<{ token: string }>>('/api/sandbox/captcha-token', {})).body.data.token;
}

const create = (app: TestApp, creation: (typeof CREATIONS)[number], token?: string) =>
  app.client().post<ApiErrorBody>(creation.path, creation.body, { headers: token === undefined ? {} : { 'x-captcha-token': token } });

describe.each(CREATIONS)('$name with CAPTCHA_ENABLED=true', (creation) => {
  it('refuses a missing, made-up, over-long, reused or elsewhere-solved token with CAPTCHA_FAILED, creating nothing', async () => {
    const before = await count();
    const used = await sandboxToken();
    expect((await create(t, creation, used)).status).toBe(201);
    const after = await count();
    expect(after).toBe(before + 1);
    for (const [why, token] of [
      ['missing', undefined],
      ['made up', 'sim.made-up-token'],
      ['over-long', 'x'.repeat(5000)],
      ['reused', used],
      ['solved on another site', await widgetToken('evil.example')],
    ] as const) {
      const refused = await create(t, creation, token);
      expect(refused.status, why).toBe(400);
      expect(refused.body.error.code, why).toBe('CAPTCHA_FAILED');
    }
    expect(await count()).toBe(after);
  });

  it('answers 503 PROVIDER_UNAVAILABLE when the provider fails or does not answer, creates nothing, and the same token passes after', async () => {
    const before = await count();
    const token = await sandboxToken();
    await fetch(`${t.simulators.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ simulator: 'captcha', path: 'siteverify', fault: 'status', status: 500 }) });
    const failed = await create(t, creation, token);
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(failed.headers.get('retry-after')).toBe('2');
    await fetch(`${t.simulators.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ simulator: 'captcha', path: 'siteverify', fault: 'malformed' }) });
    expect((await create(t, creation, token)).status).toBe(503);
    expect(await count()).toBe(before);
    expect((await create(t, creation, token)).status).toBe(201);
  });
});

describe('captcha tokens', () => {
  it('are not asked of an embedding parent that authenticated the applicant (a bearer token)', async () => {
    const bearer = (await t.client().post<Data<{ token: string }>>('/api/sandbox/token', { sub: 'parent-subject' })).body.data.token;
    const reply = await t.client().post('/api/v1/application-process', CREATE_REQUEST, { headers: { authorization: `Bearer ${bearer}` } });
    expect(reply.status).toBe(201);
  });

  it('must have been solved on CAPTCHA_HOSTNAME where it is set, whatever host the request came to', async () => {
    const app = t.withEnv({ CAPTCHA_ENABLED: 'true', CAPTCHA_HOSTNAME: 'apply.bank.example' });
    expect((await create(app, CREATIONS[0], await widgetToken('localhost'))).status).toBe(400);
    expect((await create(app, CREATIONS[0], await widgetToken('apply.bank.example'))).status).toBe(201);
  });

  it('must have been solved on the configured host, not on the host a forged Host header names (issue 23 item 3)', async () => {
    for (const creation of CREATIONS) {
      const before = await count();
      const forged = t.client({ origin: 'http://evil.example' });
      const reply = await forged.post<ApiErrorBody>(`http://evil.example${creation.path}`, creation.body, { headers: { host: 'evil.example', 'x-captcha-token': await widgetToken('evil.example') } });
      expect(reply.status, creation.name).toBe(400);
      expect(reply.body.error.code, creation.name).toBe('CAPTCHA_FAILED');
      expect(await count()).toBe(before);
    }
  });

  it('are each good once: the second creation with the same token is refused on every route (issue 23 item 3)', async () => {
    for (const first of CREATIONS) {
      const token = await sandboxToken();
      expect((await create(t, first, token)).status, first.name).toBe(201);
      for (const again of CREATIONS) {
        const refused = await create(t, again, token);
        expect(refused.status, `${first.name} then ${again.name}`).toBe(400);
        expect(refused.body.error.code).toBe('CAPTCHA_FAILED');
      }
    }
  });

  it('are not asked when the captcha is off', async () => {
    const app = t.withEnv({ CAPTCHA_ENABLED: 'false' });
    expect((await create(app, CREATIONS[0])).status).toBe(201);
  });

  it('are refused (503) when the captcha is on but no provider is reachable: closed, never open', async () => {
    const app = createApp({ config: loadConfig({ SOLIS_MODE: 'test', STATIC_DIR: '/nonexistent-static-dir', CAPTCHA_ENABLED: 'true' }), db: t.database.db, logger: silentLogger });
    const reply = await app.request('/api/v1/application-process', { method: 'POST', headers: { origin: 'http://localhost', 'content-type': 'application/json', 'x-captcha-token': 'sim.anything' }, body: JSON.stringify(CREATE_REQUEST) });
    expect(reply.status).toBe(503);
    expect(((await reply.json()) as ApiErrorBody).error.code).toBe('PROVIDER_UNAVAILABLE');
  });
});

describe('the widget', () => {
  it('is named to the app: the site key and the simulator’s script', async () => {
    const config = await t.client().get<Data<{ captcha: unknown }>>('/api/v1/runtime-config');
    expect(config.body.data.captcha).toEqual({ enabled: true, siteKey: SIMULATED_CAPTCHA_SITE_KEY, scriptUrl: `${t.simulators.origin}/captcha/api.js` });
  });

  it('may be loaded by the page from its origin only (script, frames, its token call)', async () => {
    const csp = (await t.app.request('/api/v1/runtime-config')).headers.get('content-security-policy')!;
    // And index.html's entry loader by its hash (decision 231).
    expect(csp).toContain(`script-src 'self' ${t.simulators.origin} ${ENTRY_LOADER_CSP_SOURCE};`);
    expect(csp).toContain(`connect-src 'self' ${t.simulators.origin};`);
    expect(csp).toContain(`frame-src 'self' ${t.simulators.origin};`);
    const off = t.withEnv({ CAPTCHA_ENABLED: 'false' });
    const plain = (await off.app.request('/api/v1/runtime-config')).headers.get('content-security-policy')!;
    expect(plain).toContain(`script-src 'self' ${ENTRY_LOADER_CSP_SOURCE};`);
    expect(plain).not.toContain('frame-src');
  });
});

describe('configuration (CAPTCHA_*)', () => {
  const SECRET = freshSecret();
  const CAPTCHA_SECRET = freshSecret();
  const real = {
    SOLIS_MODE: 'production',
    EMBED_TOKEN_SECRET: SECRET,
    CAPTCHA_ENABLED: 'true',
    CAPTCHA_SITE_KEY: 'site-key',
    CAPTCHA_VERIFY_URL: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    CAPTCHA_SECRET,
    CAPTCHA_SCRIPT_URL: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    ...TEST_DATA_KEYS_ENV,
  };

  it('uses the simulator outside production without a verify URL, with a site key of its own', () => {
    expect(loadConfig({ SOLIS_MODE: 'demonstration', EMBED_TOKEN_SECRET: SECRET, CAPTCHA_ENABLED: 'true' }).captcha).toMatchObject({ enabled: true, source: { kind: 'simulator' }, siteKey: SIMULATED_CAPTCHA_SITE_KEY });
  });

  it("needs the provider's verify URL, secret, site key and widget script in production", () => {
    expect(() => loadConfig({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: SECRET, CAPTCHA_ENABLED: 'true', CAPTCHA_SITE_KEY: 'k' })).toThrow(/^Invalid configuration: CAPTCHA_VERIFY_URL is required in production/);
    expect(() => loadConfig({ ...real, CAPTCHA_SECRET: undefined })).toThrow(/^Invalid configuration: CAPTCHA_SECRET is required/);
    expect(() => loadConfig({ ...real, CAPTCHA_SITE_KEY: undefined })).toThrow(/^Invalid configuration: CAPTCHA_SITE_KEY is required/);
    expect(() => loadConfig({ ...real, CAPTCHA_SCRIPT_URL: undefined })).toThrow(/^Invalid configuration: CAPTCHA_SCRIPT_URL is required/);
    expect(() => loadConfig({ ...real, CAPTCHA_VERIFY_URL: 'http://captcha.example/siteverify' })).toThrow(/^Invalid configuration: CAPTCHA_VERIFY_URL /);
    expect(() => loadConfig({ ...real, CAPTCHA_VERIFY_URL: 'not a url' })).toThrow(/^Invalid configuration: CAPTCHA_VERIFY_URL /);
    expect(() => loadConfig({ ...real, CAPTCHA_SCRIPT_URL: 'http://challenges.cloudflare.com/api.js' })).toThrow(/^Invalid configuration: CAPTCHA_SCRIPT_URL /);
    expect(() => loadConfig({ ...real, CAPTCHA_WIDGET_ORIGINS: 'https://www.gstatic.com/path' })).toThrow(/^Invalid configuration: CAPTCHA_WIDGET_ORIGINS /);
    expect(() => loadConfig({ ...real, CAPTCHA_HOSTNAME: 'not a host' })).toThrow(/^Invalid configuration: CAPTCHA_HOSTNAME /);
    expect(() => loadConfig({ ...real, CAPTCHA_WIDGET_ORIGINS: 'https://www.gstatic.com' })).toThrow(/^Invalid configuration: CAPTCHA_HOSTNAME is required in production/);
    expect(loadConfig({ ...real, PUBLIC_ORIGIN: 'https://Apply.Bank.example' }).captcha).toMatchObject({ hostname: 'apply.bank.example' });
    expect(loadConfig({ ...real, CAPTCHA_WIDGET_ORIGINS: 'https://www.gstatic.com', CAPTCHA_HOSTNAME: 'apply.bank.example', PUBLIC_ORIGIN: 'https://other.example' }).captcha).toEqual({
      enabled: true,
      source: { kind: 'real', url: real.CAPTCHA_VERIFY_URL },
      siteKey: 'site-key',
      secret: CAPTCHA_SECRET,
      hostname: 'apply.bank.example',
      scriptUrl: real.CAPTCHA_SCRIPT_URL,
      widgetOrigins: ['https://challenges.cloudflare.com', 'https://www.gstatic.com'],
    });
  });

  it('checks tokens against a host name of the configuration, never of the request: outside production HOST or localhost (issue 23 item 3)', () => {
    const simulated = (env: Record<string, string>) => loadConfig({ SOLIS_MODE: 'demonstration', EMBED_TOKEN_SECRET: SECRET, CAPTCHA_ENABLED: 'true', ...env }).captcha;
    expect(simulated({})).toMatchObject({ hostname: 'localhost' });
    expect(simulated({ HOST: '0.0.0.0' })).toMatchObject({ hostname: 'localhost' });
    expect(simulated({ HOST: '127.0.0.1' })).toMatchObject({ hostname: '127.0.0.1' });
    expect(simulated({ HOST: '127.0.0.1', PUBLIC_ORIGIN: 'http://apply.localtest.me:3000' })).toMatchObject({ hostname: 'apply.localtest.me' });
    expect(simulated({ PUBLIC_ORIGIN: 'http://apply.localtest.me:3000', CAPTCHA_HOSTNAME: 'widget.example' })).toMatchObject({ hostname: 'widget.example' });
    expect(() => simulated({ PUBLIC_ORIGIN: 'https://apply.bank.example/path' })).toThrow(/^Invalid configuration: PUBLIC_ORIGIN /);
  });

  it('is off unless enabled', () => {
    expect(loadConfig({ SOLIS_MODE: 'test', CAPTCHA_VERIFY_URL: 'https://captcha.example/v', CAPTCHA_SECRET: 's' }).captcha).toEqual({ enabled: false });
  });
});
