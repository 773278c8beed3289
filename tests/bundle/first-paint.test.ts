import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRY_LOADER_SOURCE, entryScriptsOf } from '../../server/http/entry-loader';
import { DIST_DIR, MissingBuildError, type Manifest } from './bundle-size';

/**
 * Issue 26 item 1 (decision 201), measured on the production build in dist/: what the browser must
 * fetch before the first page can paint. The first page's stylesheets are in index.html itself, so
 * no stylesheet request blocks the paint; each stays as a `disabled` link (not fetched) so the chunk
 * loader knows the page has it and does not load it again.
 */
function readDist(file: string): string {
  try {
    return readFileSync(path.join(DIST_DIR, file), 'utf8');
  } catch {
    throw new MissingBuildError(`dist/${file}`);
  }
}

describe('the first paint (decision 201)', () => {
  const html = readDist('index.html');
  const manifest = JSON.parse(readDist('.vite/manifest.json')) as Manifest;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.src === 'index.html');
  const firstPageCss = new Set<string>();
  const visit = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const sheet of chunk?.css ?? []) firstPageCss.add(sheet);
    for (const imported of chunk?.imports ?? []) visit(imported, seen);
  };
  if (entry) visit(Object.keys(manifest).find((key) => manifest[key] === entry)!);

  it('has no render-blocking stylesheet: every <link rel="stylesheet"> of index.html is disabled', () => {
    const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((match) => match[0]);
    expect(links.length, 'the first page has stylesheets').toBeGreaterThan(0);
    expect(links.filter((link) => !/\sdisabled(?:[\s>=])/.test(link))).toEqual([]);
  });

  it('carries the whole of the first page’s stylesheets inline, each marked by its disabled link', () => {
    expect(firstPageCss.size).toBeGreaterThan(0);
    const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!.trim());
    for (const file of firstPageCss) {
      expect(inline, file).toContain(readDist(file).trim());
      expect(html, file).toContain(`<link rel="stylesheet" href="/${file}" disabled>`);
    }
  });

  it('asks for no script while parsing: the entry and its preloads come from the loader, after the first paint (decision 231)', () => {
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(html).not.toMatch(/<link\b[^>]*\brel="modulepreload"/);
    // The one inline script is the loader, word for word (the CSP allows it by the hash of that text).
    const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(inline).toEqual([ENTRY_LOADER_SOURCE]);
    // It starts what Vite would have: the entry, then the chunks the entry imports, preloaded.
    expect(entry).toBeDefined();
    expect(entryScriptsOf(html)).toEqual({
      entry: `/${entry!.file}`,
      preloads: (entry!.imports ?? []).map((key) => `/${manifest[key]!.file}`),
    });
    // After the frame it must not wait for: at the end of the body.
    expect(html.indexOf(ENTRY_LOADER_SOURCE)).toBeGreaterThan(html.indexOf('id="root"'));
    expect(html).toMatch(/<\/script>\s*<\/body>/);
  });
});
