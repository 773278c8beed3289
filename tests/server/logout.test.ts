import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

describe('GET /logout (section 7 browser redirect, reference stand-in)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ALLOWED_ORIGINS: 'https://parent.example' });
  });
  afterAll(() => t.database.dispose());

  async function logout(redirectToUrl: string) {
    const response = await t.app.request(`http://localhost/logout?language=et&redirectToUrl=${encodeURIComponent(redirectToUrl)}`, {
      headers: { cookie: 'solis_sid=abc; Authenticated=true' },
    });
    return { status: response.status, location: response.headers.get('location'), cookies: response.headers.getSetCookie() };
  }

  it('forgets the session and the Authenticated cookie and redirects to this origin', async () => {
    const reply = await logout('http://localhost/?lang=ru');
    expect(reply.status).toBe(303);
    expect(reply.location).toBe('http://localhost/?lang=ru');
    expect(reply.cookies.some((c) => c.startsWith('solis_sid=;') && /Max-Age=0/.test(c))).toBe(true);
    expect(reply.cookies.some((c) => c.startsWith('Authenticated=;') && /Max-Age=0/.test(c))).toBe(true);
  });

  it('redirects to an allowed embedding parent, and never elsewhere (no open redirect)', async () => {
    expect((await logout('https://parent.example/loans')).location).toBe('https://parent.example/loans');
    expect((await logout('https://evil.example/')).location).toBe('/');
    expect((await logout('//evil.example/')).location).toBe('/');
  });
});
