import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ENTRY_LOADER_CSP_SOURCE, ENTRY_LOADER_SOURCE, entryAfterFirstPaint, entryLoaderTag, entryScriptsOf } from '../../server/http/entry-loader';
import { securityHeadersMiddleware } from '../../server/http/security-headers.middleware';
import type { AppEnv } from '../../server/http/app-env';

/**
 * Decision 231: index.html starts the app's entry module after the first paint, through one inline
 * loader the Content-Security-Policy allows by its hash (the loader's behaviour in a page is
 * tests/app/entry-loader.test.tsx; the built index.html, tests/bundle/first-paint.test.ts).
 */
const VITE_INDEX = [
  '<!doctype html>',
  '<html lang="et">',
  '  <head>',
  '    <title>Solis</title>',
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-1.js">',
  '    <link rel="modulepreload" crossorigin href="/assets/forms-2.js">',
  '    <style>p{color:red}</style>',
  '  </head>',
  '  <body>',
  '    <div id="root"><p>frame</p></div>',
  '  </body>',
  '</html>',
].join('\n');

describe('index.html as the build leaves it (decision 231)', () => {
  const html = entryAfterFirstPaint(VITE_INDEX);

  it('has no module script and no module preload the browser would fetch while parsing', () => {
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(html).not.toMatch(/<link\b[^>]*modulepreload/);
  });

  it('has the loader after the frame, at the end of the body, carrying the entry and its preloads in order', () => {
    expect(html.indexOf(ENTRY_LOADER_SOURCE)).toBeGreaterThan(html.indexOf('<p>frame</p>'));
    expect(html).toMatch(new RegExp(`${ENTRY_LOADER_SOURCE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script>\\n  </body>`));
    expect(entryScriptsOf(html)).toEqual({ entry: '/assets/index-abc.js', preloads: ['/assets/rolldown-runtime-1.js', '/assets/forms-2.js'] });
    // Everything else as it was.
    expect(html).toContain('<style>p{color:red}</style>');
    expect(html).toContain('<title>Solis</title>');
  });

  it('leaves a page alone that has no single entry or no body (a dev server, a test’s index)', () => {
    const two = VITE_INDEX.replace('</head>', '<script type="module" crossorigin src="/assets/other.js"></script></head>');
    expect(entryAfterFirstPaint(two)).toBe(two);
    const plain = '<!doctype html><html><head><script type="module" src="/src/app/main.tsx"></script></head><body></body></html>';
    expect(entryAfterFirstPaint(plain)).toBe(plain);
  });

  it('escapes what it writes into the attributes', () => {
    const tag = entryLoaderTag({ entry: '/assets/a"b&c.js', preloads: [] });
    expect(tag).toContain('data-entry="/assets/a&quot;b&amp;c.js"');
    expect(entryScriptsOf(tag)).toEqual({ entry: '/assets/a"b&c.js', preloads: [] });
  });
});

describe('the Content-Security-Policy allows the loader and no other inline script', () => {
  const cspOf = async (options?: { widgetOrigins?: string[] }) => {
    const app = new Hono<AppEnv>();
    app.use('*', securityHeadersMiddleware({ allowedOrigins: [], trustProxyHops: 0 }, options));
    app.get('/', (c) => c.html(entryAfterFirstPaint(VITE_INDEX)));
    const reply = await app.request('/');
    return reply.headers.get('content-security-policy') ?? '';
  };

  it('names the hash of the loader’s exact text in script-src, never unsafe-inline', async () => {
    const expected = `'sha256-${createHash('sha256').update(ENTRY_LOADER_SOURCE).digest('base64')}'`;
    expect(ENTRY_LOADER_CSP_SOURCE).toBe(expected);
    const scriptSrc = /script-src ([^;]*)/.exec(await cspOf())?.[1];
    expect(scriptSrc?.split(' ')).toEqual(["'self'", expected]);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('keeps a captcha widget’s origins beside it', async () => {
    const scriptSrc = /script-src ([^;]*)/.exec(await cspOf({ widgetOrigins: ['https://captcha.example'] }))?.[1];
    expect(scriptSrc?.split(' ')).toEqual(["'self'", 'https://captcha.example', ENTRY_LOADER_CSP_SOURCE]);
  });

  it('the loader’s text holds nothing that changes with a build (its hash is a constant)', () => {
    expect(ENTRY_LOADER_SOURCE).not.toMatch(/assets\//);
    expect(ENTRY_LOADER_SOURCE).not.toContain('</script');
  });
});
