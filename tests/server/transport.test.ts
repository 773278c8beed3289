import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { SESSION_COOKIE } from '../../server/sessions/session-token';
import { startTestApp, type TestApp } from './support/test-app';
import { CREATE_REQUEST } from './support/payloads';

/**
 * Issue 9, item 7: cookies and transport. The session cookie is always `__Host-` and Secure; HSTS
 * goes out over https, also behind a TLS proxy when TRUST_PROXY says forwarded headers count;
 * Permissions-Policy and Cross-Origin-Opener-Policy on every reply.
 */
let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await startTestApp();
  proxied = direct.withEnv({ TRUST_PROXY: '1' });
});
afterAll(() => direct.database.dispose());

const HSTS = 'max-age=31536000; includeSubDomains';

describe('HSTS', () => {
  it('is sent over https', async () => {
    expect((await direct.app.request('https://solis.example/api/v1/runtime-config')).headers.get('strict-transport-security')).toBe(HSTS);
    expect((await direct.app.request('http://solis.example/api/v1/runtime-config')).headers.get('strict-transport-security')).toBeNull();
  });

  it('is sent behind a TLS proxy only when TRUST_PROXY lets X-Forwarded-Proto count', async () => {
    const headers = { 'x-forwarded-proto': 'https' };
    expect((await proxied.app.request('http://solis.internal/', { headers })).headers.get('strict-transport-security')).toBe(HSTS);
    expect((await direct.app.request('http://solis.internal/', { headers })).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the session cookie', () => {
  it('is __Host-, Secure, HttpOnly and SameSite=Lax, also over plain http on loopback (npm start)', async () => {
    for (const url of ['http://127.0.0.1:3000', 'http://localhost:3000', 'https://solis.example']) {
      const reply = await direct.app.request(`${url}/api/v1/application/previous-external-id`);
      expect(reply.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; Secure; SameSite=Lax$`));
    }
  });
});

describe('the origin check behind a proxy', () => {
  it('takes https://host as its own origin when X-Forwarded-Proto is trusted, and only then', async () => {
    const headers = { 'x-forwarded-proto': 'https', 'content-type': 'application/json', origin: 'https://solis.example' };
    const body = JSON.stringify(CREATE_REQUEST);
    expect((await proxied.app.request('http://solis.example/api/v1/application-process', { method: 'POST', headers, body })).status).toBe(201);
    const refused = await direct.app.request('http://solis.example/api/v1/application-process', { method: 'POST', headers, body });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ApiErrorBody).error.code).toBe('FORBIDDEN_ORIGIN');
  });
});

describe('isolation headers', () => {
  it('sends Permissions-Policy and Cross-Origin-Opener-Policy on API replies and pages', async () => {
    for (const path of ['/api/v1/runtime-config', '/', '/api/nothing']) {
      const reply = await direct.app.request(`http://localhost${path}`);
      expect(reply.headers.get('permissions-policy')).toContain('camera=()');
      expect(reply.headers.get('permissions-policy')).toContain('geolocation=()');
      expect(reply.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
  });
});
