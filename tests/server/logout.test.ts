import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import { SESSION_COOKIE } from '../../server/sessions/session-token';
import { startTestApp, type TestApp } from './support/test-app';
import { continuePath, createApplication, stepPath } from './support/payloads';

type Data<T> = { data: T };

describe('GET /logout (section 7 browser redirect, reference stand-in)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ALLOWED_ORIGINS: 'https://parent.example' });
  });
  afterAll(() => t.database.dispose());

  async function logout(redirectToUrl: string, cookie = `${SESSION_COOKIE}=abc; Authenticated=true`) {
    const response = await t.app.request(`http://localhost/logout?language=et&redirectToUrl=${encodeURIComponent(redirectToUrl)}`, {
      headers: { cookie },
    });
    return { status: response.status, location: response.headers.get('location'), cookies: response.headers.getSetCookie() };
  }

  it('forgets the session and the Authenticated cookie and redirects to this origin', async () => {
    const reply = await logout('http://localhost/?lang=ru');
    expect(reply.status).toBe(303);
    // Issue 23 item 8: this site's own address is answered as a path (the browser stays where it is).
    expect(reply.location).toBe('/?lang=ru');
    // A __Host- cookie is only replaced by one with Secure and Path=/, so the deletion carries both.
    expect(reply.cookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`) && /Max-Age=0/.test(c) && /Secure/.test(c) && /Path=\//.test(c))).toBe(true);
    expect(reply.cookies.some((c) => c.startsWith('Authenticated=;') && /Max-Age=0/.test(c))).toBe(true);
  });

  it('redirects to an allowed embedding parent, and never elsewhere (no open redirect)', async () => {
    expect((await logout('https://parent.example/loans')).location).toBe('https://parent.example/loans');
    expect((await logout('https://evil.example/')).location).toBe('/');
    expect((await logout('//evil.example/')).location).toBe('/');
    expect((await logout('/\\evil.example/')).location).toBe('/');
    expect((await logout('http://localhost//evil.example/')).location).toBe('/evil.example/');
    expect((await logout('https://user:pw@parent.example/loans')).location).toBe('/');
  });

  it('is not steered by a forged Host header (issue 23 item 8): the forged host is neither kept nor redirected to', async () => {
    for (const host of ['evil.example', 'localhost.evil.example', 'evil.example:8443']) {
      const response = await t.app.request(`http://${host}/logout?language=et&redirectToUrl=${encodeURIComponent(`http://${host}/phish?x=1`)}`, { headers: { host } });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).not.toContain('evil.example');
      expect(response.headers.get('location')!.startsWith('/')).toBe(true);
      expect(response.headers.get('location')!.startsWith('//')).toBe(false);
    }
  });

  it('with PUBLIC_ORIGIN, keeps a path of that origin only, whatever Host the request carried', async () => {
    const app = t.withEnv({ ALLOWED_ORIGINS: 'https://parent.example', PUBLIC_ORIGIN: 'https://apply.bank.example' }).app;
    const logoutAt = async (host: string, target: string) =>
      (await app.request(`http://${host}/logout?redirectToUrl=${encodeURIComponent(target)}`, { headers: { host } })).headers.get('location');
    expect(await logoutAt('evil.example', 'http://evil.example/phish')).toBe('/');
    expect(await logoutAt('evil.example', 'https://apply.bank.example/?lang=et')).toBe('/?lang=et');
    expect(await logoutAt('apply.bank.example', 'https://parent.example/loans')).toBe('https://parent.example/loans');
  });

  it('ends the session on the server: a copy of the old cookie reads nothing afterwards (issue 9)', async () => {
    const browser = t.client();
    const created = await createApplication(browser);
    const saved = await browser.put(stepPath(created.externalId), { taskDefinitionKey: 'createApplicationStep', version: 0, data: { personalCode: '38001085718' } });
    expect(saved.status).toBe(200);
    const copied = browser.sessionCookie!;

    const reply = await logout('/', copied);
    expect(reply.status).toBe(303);

    const attacker = t.client();
    attacker.useCookie(copied);
    const resumed = await attacker.post<Data<TaskResponse>>(continuePath(created.externalId));
    expect(resumed.status).toBe(404);
    expect(resumed.text).not.toContain('38001085718');
    const session = await attacker.get<Data<{ expiresAt: string }>>('/api/v1/session');
    expect(session.headers.get('x-session-expires-at')).toBeNull();
  });
});
