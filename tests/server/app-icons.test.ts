/**
 * Issue 26 (Lighthouse): the page has a meta description, `/favicon.ico` is served (no 404) beside
 * the SVG icon, and the web app manifest is served as one (application/manifest+json, allowed by the
 * CSP) with icons that are there. Served from the repository's `public/` (what the build copies into
 * `dist/`) by the real static handler.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const INDEX_HTML = readFileSync(path.join(repoRoot, 'index.html'), 'utf8');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ STATIC_DIR: path.join(repoRoot, 'public') });
});
afterAll(async () => {
  await t.database.dispose();
});

describe('icons, manifest and description (issue 26)', () => {
  it('index.html describes the page and names its icons and manifest', () => {
    const description = /<meta\s+name="description"\s+lang="en"\s+content="([^"]+)"/.exec(INDEX_HTML)?.[1] ?? '';
    // Search engines show about 150 characters.
    expect(description.length).toBeGreaterThan(50);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(INDEX_HTML).toContain('<link rel="icon" href="/favicon.ico"');
    expect(INDEX_HTML).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(INDEX_HTML).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(INDEX_HTML).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
  });

  it.each([
    ['/favicon.ico', 'image/x-icon'],
    ['/favicon.svg', 'image/svg+xml'],
    ['/apple-touch-icon.png', 'image/png'],
  ])('serves %s as %s', async (url, type) => {
    const reply = await t.app.request(url);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe(type);
    expect((await reply.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('serves the manifest as one, allowed by the CSP, with every icon it names there in its size', async () => {
    const reply = await t.app.request('/manifest.webmanifest');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/manifest+json');
    expect(reply.headers.get('content-security-policy')).toContain("manifest-src 'self'");
    const manifest = (await reply.json()) as { name: string; short_name: string; start_url: string; icons: { src: string; type: string; sizes: string }[] };
    expect(manifest.short_name).toBe('Solis');
    expect(manifest.start_url).toBe('/');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const file = await t.app.request(icon.src);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type'), icon.src).toBe(icon.type);
      if (icon.type === 'image/png') {
        // A PNG's width and height are in its IHDR chunk, bytes 16 to 24.
        const bytes = Buffer.from(await file.arrayBuffer());
        expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      }
    }
  });
});
