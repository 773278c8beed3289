import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let staticDir: string;
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>';

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'solis-static-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), INDEX);
  writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ STATIC_DIR: staticDir, ALLOWED_ORIGINS: 'https://parent.example' });
});
afterAll(async () => {
  await t.database.dispose();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('the built app (SPA fallback)', () => {
  it.each(['/', '/continue/2d4c1f3e-0000-4000-8000-000000000000', '/session-expired', '/landing/et/renovation?x=1'])(
    'answers %s with index.html, never cached',
    async (url) => {
      const reply = await t.app.request(url);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(reply.headers.get('cache-control')).toBe('no-cache');
      expect(await reply.text()).toBe(INDEX);
    },
  );

  it('serves hashed assets with a year-long immutable cache', async () => {
    const reply = await t.app.request('/assets/index-abc123.js');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files revalidated, and a missing asset as 404 rather than HTML', async () => {
    const icon = await t.app.request('/favicon.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    const missing = await t.app.request('/assets/index-gone.js');
    expect(missing.status).toBe(404);
  });

  it('does not serve files outside the static directory', async () => {
    const reply = await t.app.request('/..%2f..%2fetc%2fpasswd');
    expect(await reply.text()).toBe(INDEX);
  });

  it('sends the security headers, with the embedding parents as frame ancestors', async () => {
    const reply = await t.app.request('/');
    const csp = reply.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self' https://parent.example");
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('referrer-policy')).toBe('same-origin');
  });
});
