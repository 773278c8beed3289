import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings } from '../../server/http/static-files';
import { APP_ROUTES, type AppRoute } from '../../core/domain/app-routes';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let staticDir: string;
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>';
const SCRIPT = `console.log(${JSON.stringify('app '.repeat(200))})`;
const STYLES = `.solis-page { min-height: 100vh; }\n`.repeat(20);
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file and the `.br` and `.gz` the build writes beside it (vite.config.ts). */
function writeWithPrecompressed(file: string, content: string, encodings: Array<'br' | 'gz'> = ['br', 'gz']): void {
  writeFileSync(file, content);
  if (encodings.includes('br')) writeFileSync(`${file}.br`, brotliCompressSync(content));
  if (encodings.includes('gz')) writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'solis-static-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeWithPrecompressed(path.join(staticDir, 'index.html'), INDEX);
  writeWithPrecompressed(path.join(staticDir, 'assets', 'index-abc123.js'), SCRIPT);
  writeWithPrecompressed(path.join(staticDir, 'assets', 'index-abc123.css'), STYLES, ['gz']);
  // A sibling older than its file is stale (a file replaced after the build): never sent.
  writeWithPrecompressed(path.join(staticDir, 'assets', 'stale-abc123.js'), SCRIPT);
  const past = new Date(Date.now() - 60_000);
  utimesSync(path.join(staticDir, 'assets', 'stale-abc123.js.br'), past, past);
  utimesSync(path.join(staticDir, 'assets', 'stale-abc123.js.gz'), past, past);
  writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ STATIC_DIR: staticDir, ALLOWED_ORIGINS: 'https://parent.example' });
});
afterAll(async () => {
  await t.database.dispose();
  rmSync(staticDir, { recursive: true, force: true });
});

function decode(body: ArrayBuffer, encoding: string | null): string {
  const bytes = Buffer.from(body);
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

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
    expect(reply.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('serves other files revalidated, and a missing asset as 404 rather than HTML', async () => {
    const icon = await t.app.request('/favicon.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    const missing = await t.app.request('/assets/index-gone.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toContain('text/html');
  });

  it('does not serve files outside the static directory', async () => {
    const reply = await t.app.request('/..%2f..%2fetc%2fpasswd');
    expect(reply.status).toBe(404);
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

describe('compression (issue 8)', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['*', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['deflate', null],
    ['identity', null],
    ['*;q=0', null],
    ['br;q=0, gzip;q=0', null],
  ])('with Accept-Encoding "%s" sends %s', async (accept, encoding) => {
    const reply = await t.app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': accept } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-encoding')).toBe(encoding);
    expect(reply.headers.get('vary')).toBe('accept-encoding');
    expect(reply.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe(IMMUTABLE);
    const body = await reply.arrayBuffer();
    expect(reply.headers.get('content-length')).toBe(String(body.byteLength));
    expect(decode(body, encoding)).toBe(SCRIPT);
    if (encoding) expect(body.byteLength).toBeLessThan(Buffer.byteLength(SCRIPT));
  });

  it('sends the file as it is to a client that accepts nothing compressed (no Accept-Encoding)', async () => {
    const reply = await t.app.request('/assets/index-abc123.js');
    expect(reply.headers.get('content-encoding')).toBeNull();
    expect(reply.headers.get('vary')).toBe('accept-encoding');
    expect(reply.headers.get('content-length')).toBe(String(Buffer.byteLength(SCRIPT)));
    expect(await reply.text()).toBe(SCRIPT);
  });

  it('answers HEAD with the headers of GET, length included, and no body', async () => {
    const headers = { 'accept-encoding': 'gzip, br' };
    const get = await t.app.request('/assets/index-abc123.js', { headers });
    const head = await t.app.request('/assets/index-abc123.js', { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    for (const name of ['content-type', 'content-encoding', 'content-length', 'cache-control', 'vary']) {
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    }
    expect(head.headers.get('content-encoding')).toBe('br');
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const plain = await t.app.request('/assets/index-abc123.js', { method: 'HEAD' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(SCRIPT)));
  });

  it('falls back to the encoding that exists, and to the file when none does', async () => {
    const css = await t.app.request('/assets/index-abc123.css', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect(decode(await css.arrayBuffer(), 'gzip')).toBe(STYLES);
    const onlyBrotli = await t.app.request('/assets/index-abc123.css', { headers: { 'accept-encoding': 'br' } });
    expect(onlyBrotli.headers.get('content-encoding')).toBeNull();
    expect(await onlyBrotli.text()).toBe(STYLES);
    const icon = await t.app.request('/favicon.svg', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(icon.headers.get('content-encoding')).toBeNull();
    expect(icon.headers.get('vary')).toBe('accept-encoding');
  });

  it('never sends a precompressed file older than the file itself', async () => {
    const reply = await t.app.request('/assets/stale-abc123.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(reply.headers.get('content-encoding')).toBeNull();
    expect(await reply.text()).toBe(SCRIPT);
  });

  it('compresses index.html, for routes and unknown paths alike, still revalidated', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/error', 200],
      ['/no-such-page', 404],
    ] as const) {
      const reply = await t.app.request(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(reply.status, url).toBe(status);
      expect(reply.headers.get('content-encoding'), url).toBe('br');
      expect(reply.headers.get('cache-control'), url).toBe('no-cache');
      // `/` also varies by the session cookie (decision 206: a new applicant's first step top).
      expect(reply.headers.get('vary'), url).toBe(url === '/' ? 'accept-encoding, cookie' : 'accept-encoding');
      expect(decode(await reply.arrayBuffer(), 'br'), url).toBe(INDEX);
    }
  });

  it('reads Accept-Encoding by RFC 9110: q-values, the wildcard, no header', () => {
    expect([...acceptedEncodings(undefined)]).toEqual([]);
    expect([...acceptedEncodings('')]).toEqual([]);
    expect([...acceptedEncodings('GZIP, BR')]).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('br;q=0.5, *;q=0')]).toEqual(['br']);
    expect([...acceptedEncodings('gzip;q=0, *')]).toEqual(['br']);
    expect([...acceptedEncodings('br; q=0.000')]).toEqual([]);
    expect([...acceptedEncodings('br;q=nonsense, gzip')]).toEqual(['gzip']);
  });
});

/** A path of each route, `:param` segments filled in. */
function examplePath(route: AppRoute): string {
  return route.path.replace(/:[^/]+/g, (param) => (param === ':lang' ? 'et' : 'TRAVELING-1'));
}

describe('unknown paths answer 404 with the app (issue 8)', () => {
  it('answers 200 on every route of the app in its domain', async () => {
    for (const route of Object.values(APP_ROUTES) as AppRoute[]) {
      const reply = await t.app.request(examplePath(route));
      expect(reply.status, route.path).toBe(200);
    }
    for (const url of ['/ERROR', '/maintenance/', '/?externalId=x', '/continue/abc?lang=ru']) {
      expect((await t.app.request(url)).status, url).toBe(200);
    }
  });

  it.each(['/no-such-page', '/continue', '/continue/a/b', '/error/details', '/landing/et', '/favicon.ico', '/.well-known/x'])(
    'answers %s with 404, and index.html so the app shows its 404 page',
    async (url) => {
      for (const method of ['GET', 'HEAD']) {
        const reply = await t.app.request(url, { method });
        expect(reply.status, method).toBe(404);
        expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(reply.headers.get('cache-control')).toBe('no-cache');
        expect(reply.headers.get('content-length')).toBe(String(Buffer.byteLength(INDEX)));
        expect(await reply.text()).toBe(method === 'GET' ? INDEX : '');
      }
    },
  );

  it.each([
    ['retail-banking-lv', ['/current-account'], ['/link-expired', '/landing/et/TRAVELING']],
    ['retail-banking-lt', [], ['/current-account', '/link-expired', '/landing/et/TRAVELING']],
    ['corporate-banking', [], ['/current-account', '/link-expired', '/landing/et/TRAVELING']],
    ['retail-banking-ee', ['/current-account', '/link-expired', '/landing/et/TRAVELING'], []],
  ] as const)('in %s, answers 200 on its own domain-only routes and 404 on the others', async (domain, found, missing) => {
    const app = t.withEnv({ BUSINESS_DOMAIN: domain }).app;
    for (const url of found) expect((await app.request(url)).status, url).toBe(200);
    for (const url of missing) {
      const reply = await app.request(url);
      expect(reply.status, url).toBe(404);
      expect(await reply.text()).toBe(INDEX);
    }
    expect((await app.request('/error')).status).toBe(200);
  });

  it('keeps the JSON 404 of unknown API paths', async () => {
    const reply = await t.app.request('/api/v1/no-such-endpoint');
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toContain('application/json');
    expect(((await reply.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});
