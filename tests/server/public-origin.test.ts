/**
 * Issue 23 item 8 (decision 178): a forged Host header must not steer where the server sends a
 * browser. With PUBLIC_ORIGIN set, every address built for a browser or an outside party (the
 * redirect signings' callbacks, the origin a write must come from) is made from it, whatever Host
 * the request carried. (/logout: tests/server/logout.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_REQUEST } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

const PUBLIC = 'https://apply.bank.example';
const forged = (app: TestApp, path: string, init: RequestInit = {}) =>
  app.app.request(`http://evil.example${path}`, { ...init, headers: { host: 'evil.example', ...(init.headers as Record<string, string> | undefined) } });

describe('PUBLIC_ORIGIN (issue 23 item 8)', () => {
  it('is where the signing callbacks send the browser back, not the host a forged Host header names', async () => {
    const app = t.withEnv({ PUBLIC_ORIGIN: PUBLIC });
    for (const path of ['/api/v1/signing/eparaksts/callback?state=unknown&code=x', '/api/v1/signing/payment/callback?state=unknown']) {
      const reply = await forged(app, path);
      expect(reply.status).toBe(303);
      expect(reply.headers.get('location')).toBe(`${PUBLIC}/`);
    }
  });

  it('is the only origin (besides ALLOWED_ORIGINS) a write may come from: a forged Host and a matching Origin are refused', async () => {
    const app = t.withEnv({ PUBLIC_ORIGIN: PUBLIC });
    const post = (origin: string) => forged(app, '/api/v1/application-process', { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(CREATE_REQUEST) });
    const refused = await post('http://evil.example');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN_ORIGIN');
    expect((await post(PUBLIC)).status).toBe(201);
  });

  it('is refused at start when it is not an origin', async () => {
    const { loadConfig } = await import('../../server/config');
    for (const bad of ['apply.bank.example', 'https://apply.bank.example/path', 'ftp://apply.bank.example', 'https://user@apply.bank.example']) {
      expect(() => loadConfig({ SOLIS_MODE: 'test', PUBLIC_ORIGIN: bad }), bad).toThrow(/^Invalid configuration: PUBLIC_ORIGIN /);
    }
    expect(loadConfig({ SOLIS_MODE: 'test', PUBLIC_ORIGIN: 'https://apply.bank.example/' }).publicOrigin).toBe(PUBLIC);
  });
});
