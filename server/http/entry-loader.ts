import { createHash } from 'node:crypto';

/**
 * Issue 26 item 1 (decision 231): the app's script is asked for after the page's first paint, not
 * from the HTML. The first paint needs no script (the styles are inline, decision 201; `/` and a
 * continued step carry their top in the HTML, decisions 206 and 227), but Lighthouse's simulation
 * (Lantern) counts every high-priority script the HTML requests and that arrived before the observed
 * paint as blocking it: on a quiet machine the entry (94 kB) and its preloads arrive in ~120 ms and
 * the simulated first paint moved from 0.7 s to 1.8 s. A browser starts a module script's download
 * during parsing, so it has to be put into the page by a script instead.
 *
 * The build (vite.config.ts, `entryScriptAfterFirstPaint`, through `entryAfterFirstPaint` below)
 * replaces index.html's `<script type="module">` and its `<link rel="modulepreload">`s by one inline
 * classic script, this loader, which carries the same URLs in `data-entry` and `data-preload` (and a
 * continued step's chunks after them and its stylesheets in `data-style`, step-top.ts): when the browser reports the page's first contentful
 * paint (Paint Timing, the moment Lighthouse's trace marks too) it adds the preloads and the module
 * script as Vite wrote them (`crossorigin`, same order). Measured (decision 231): starting at the
 * first animation frame instead was not enough, the requests began ~20 ms before the paint's
 * presentation. A page that paints nothing within a second still starts then; a hidden page (a tab
 * opened in the background, a prerender) paints nothing until shown and a browser without Paint
 * Timing reports nothing: both start at once, as before. The loader's text is fixed (the
 * URLs are attributes), so its hash is a constant the Content-Security-Policy allows; no other
 * inline script runs.
 */
export const ENTRY_LOADER_SOURCE =
  '(function(s,d,w){var done=0;' +
  'function go(){if(done)return;done=1;' +
  "function add(a,r){(s.dataset[a]||'').split(' ').forEach(function(h){if(h){var l=d.createElement('link');l.rel=r;if(r=='preload')l.setAttribute('as','style');l.crossOrigin='';l.href=h;d.head.appendChild(l)}})}" +
  "add('preload','modulepreload');add('style','preload');" +
  "var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=s.dataset.entry;d.body.appendChild(e)}" +
  "var P=w.PerformanceObserver;if(d.visibilityState!=='visible'||!P||(P.supportedEntryTypes||[]).indexOf('paint')<0)return go();" +
  "new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go,0)}}).observe({type:'paint',buffered:true});" +
  'setTimeout(go,1e3)' +
  '})(document.currentScript,document,window)';

/** The loader's CSP source (`'sha256-...'`), allowed beside `'self'` in `script-src`. */
export const ENTRY_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(ENTRY_LOADER_SOURCE, 'utf8').digest('base64')}'`;

/** The URLs the loader starts: the entry module and the modules preloaded beside it, in the HTML's order. */
export interface EntryScripts {
  entry: string;
  preloads: string[];
  /** Stylesheets to preload (`as="style"`): a continued step's (decision 227). */
  styles?: string[];
}

const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/** The loader's element for these URLs. */
export function entryLoaderTag(scripts: EntryScripts): string {
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const styles = scripts.styles?.length ? ` data-style="${attribute(scripts.styles.join(' '))}"` : '';
  return `<script data-entry="${attribute(scripts.entry)}" data-preload="${attribute(scripts.preloads.join(' '))}"${styles}>${ENTRY_LOADER_SOURCE}</script>`;
}

/**
 * index.html as the build writes it, with its one entry module script and its module preloads
 * replaced by the loader at the end of the body. Unchanged when it has no single such entry or no
 * body to put the loader in (a dev server's page, an index from a test).
 */
export function entryAfterFirstPaint(html: string): string {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]!);
  if (entries.length !== 1 || !html.includes('</body>')) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const rest = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  return rest.replace('</body>', `  ${entryLoaderTag({ entry: entries[0]!, preloads })}\n  </body>`);
}

/** The loader's element in an HTML page. */
const LOADER_TAG = /<script data-entry="([^"]*)" data-preload="([^"]*)"(?: data-style="([^"]*)")?>/;

/** The loader's URLs in an HTML page, or undefined when it has no loader (bundle measurement, tests). */
export function entryScriptsOf(html: string): EntryScripts | undefined {
  const match = LOADER_TAG.exec(html);
  if (!match) return undefined;
  const list = (value: string | undefined) => (value ?? '').replace(/&quot;/g, '"').replace(/&amp;/g, '&').split(' ').filter(Boolean);
  const styles = list(match[3]);
  return { entry: list(match[1])[0] ?? '', preloads: list(match[2]), ...(styles.length ? { styles } : {}) };
}

/**
 * The page with more for its loader to start after the first paint (a continued step's chunks and
 * stylesheets, decision 227), after the entry's own preloads; undefined when the page has no loader.
 */
export function withEntryPreloads(html: string, more: { scripts: string[]; styles: string[] }): string | undefined {
  const scripts = entryScriptsOf(html);
  if (!scripts) return undefined;
  const tag = entryLoaderTag({
    entry: scripts.entry,
    preloads: [...scripts.preloads, ...more.scripts.filter((href) => !scripts.preloads.includes(href))],
    styles: [...(scripts.styles ?? []), ...more.styles],
  });
  return html.replace(new RegExp(`${LOADER_TAG.source}`), () => tag.slice(0, tag.indexOf('>') + 1));
}
