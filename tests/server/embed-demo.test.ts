/**
 * Issue 25 (decision 187): what the server does for a partner's page embedding the app. The runtime
 * configuration names the parents the app may talk to (the same list frame-ancestors has); the demo
 * parent page exists in test mode only, with a CSP of its own that only it has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { freshSecret } from './support/secrets';
import { EMBED_DEMO_PATH, EMBED_DEMO_SCRIPT_PATH, PARENT_HELPER_PATH } from '../../server/sandbox/embed-demo';

const PARENTS = 'https://partner.example,https://shop.example:8443';
let t: TestApp;

const directive = (csp: string, name: string) => csp.split(/;\s*/).find((part) => part.startsWith(`${name} `));

beforeAll(async () => {
  t = await startTestApp({ ALLOWED_ORIGINS: PARENTS });
});
afterAll(async () => {
  await t.database.dispose();
});

describe('embedding in a parent page', () => {
  it('tells the app the allowed parents, the same origins frame-ancestors lists, and no other', async () => {
    const config = await t.client().get<{ data: { embedding: { parentOrigins: string[] } } }>('/api/v1/runtime-config');
    expect(config.body.data.embedding).toEqual({ parentOrigins: ['https://partner.example', 'https://shop.example:8443'] });
    const csp = (await t.app.request('/')).headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self' https://partner.example https://shop.example:8443");
    expect(csp).not.toContain('frame-src');
  });

  it('without ALLOWED_ORIGINS: no parent, and only its own origin may frame the app', async () => {
    const alone = t.withEnv({ ALLOWED_ORIGINS: '' });
    const config = await alone.client().get<{ data: { embedding: { parentOrigins: string[] } } }>('/api/v1/runtime-config');
    expect(config.body.data.embedding).toEqual({ parentOrigins: [] });
    const reply = await alone.app.request('/');
    expect(directive(reply.headers.get('content-security-policy') ?? '', 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(reply.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('serves the demo parent page in test mode, with the helper and its script, framing loopback only', async () => {
    const page = await t.app.request(EMBED_DEMO_PATH);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(`<script src="${PARENT_HELPER_PATH}"></script>`);
    expect(html).toContain(`<script src="${EMBED_DEMO_SCRIPT_PATH}"></script>`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-src http://127.0.0.1:* http://localhost:*');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const script = await t.app.request(EMBED_DEMO_SCRIPT_PATH);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('SolisEmbed.mountSolisFrame');
  });

  it('has no demo page outside test mode', async () => {
    const production = t.withEnv({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: freshSecret() });
    expect((await production.app.request(EMBED_DEMO_PATH)).status).toBe(404);
    expect((await production.app.request(EMBED_DEMO_SCRIPT_PATH)).status).toBe(404);
  });
});
