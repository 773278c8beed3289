/**
 * What the browser downloads, measured from the build output (dist/.vite/manifest.json and
 * dist/index.html): the initial JavaScript of `/` and, per step screen, what its lazy chunk loads
 * beyond that. Shared by the budget test (tests/bundle) and the benchmark (tests/bench).
 * Sizes are gzip at level 9 per file, summed: deterministic for a given build and zlib.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { entryScriptsOf } from '../../server/http/entry-loader';

export const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

/** Budgets of issue 2, in bytes (decimal kB: 150 kB = 150 000 bytes, the stricter reading). */
export const INITIAL_JS_BUDGET = 150_000;
export const STEP_BUDGET = 25_000;

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface StepCost {
  /** The view's source path, e.g. `src/steps/createApplicationStep/view.tsx`. */
  src: string;
  /** JavaScript and CSS files the step loads beyond the initial ones. */
  files: FileSize[];
  gzip: number;
}

export interface BundleReport {
  initial: { files: FileSize[]; gzip: number };
  steps: StepCost[];
}

export class MissingBuildError extends Error {
  constructor(what: string) {
    super(`${what} not found: the bundle is measured from the build output, run \`npm run build\` first.`);
  }
}

const sizeCache = new Map<string, FileSize>();

export function gzipSize(content: Buffer | string): number {
  return gzipSync(content, { level: 9 }).length;
}

function sizeOf(distDir: string, file: string): FileSize {
  const key = `${distDir}\0${file}`;
  const cached = sizeCache.get(key);
  if (cached) return cached;
  const content = readFileSync(path.join(distDir, file));
  const size = { file, bytes: content.length, gzip: gzipSize(content) };
  sizeCache.set(key, size);
  return size;
}

export function readManifest(distDir = DIST_DIR): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new MissingBuildError(path.relative(process.cwd(), file) || file);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The chunk and everything it imports statically (not its dynamic imports), as manifest keys. */
export function staticClosure(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry "${key}"`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

function filesOf(manifest: Manifest, keys: Set<string>): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return { js, css };
}

/** Scripts and module preloads that dist/index.html itself references or its entry loader starts (same origin, under dist). */
export function scriptsOfIndexHtml(distDir = DIST_DIR): string[] {
  const file = path.join(distDir, 'index.html');
  if (!existsSync(file)) throw new MissingBuildError(path.relative(process.cwd(), file) || file);
  const html = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g)) found.add(match[1]!);
  // Decision 231: the entry and its preloads, started by index.html's loader after the first paint.
  const loaded = entryScriptsOf(html);
  if (loaded) for (const src of [loaded.entry, ...loaded.preloads]) found.add(src);
  return [...found].filter((src) => !/^[a-z]+:\/\//i.test(src)).map((src) => src.replace(/^\//, ''));
}

export function measureBundle(distDir = DIST_DIR): BundleReport {
  const manifest = readManifest(distDir);
  const entries = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key);
  if (entries.length === 0) throw new Error('manifest has no entry chunk');
  const initialKeys = staticClosure(manifest, entries);
  const initialFiles = filesOf(manifest, initialKeys);
  // Whatever index.html loads up front counts too, even if the manifest walk missed it.
  for (const script of scriptsOfIndexHtml(distDir)) if (script.endsWith('.js')) initialFiles.js.add(script);

  const initial = [...initialFiles.js].sort().map((file) => sizeOf(distDir, file));

  const steps = Object.entries(manifest)
    .filter(([, chunk]) => chunk.src !== undefined && /^src\/steps\/[^/]+\/view(\.[a-z-]+)?\.tsx$/.test(chunk.src))
    .map(([key, chunk]): StepCost => {
      const own = filesOf(manifest, staticClosure(manifest, [key]));
      const extra = [
        ...[...own.js].filter((file) => !initialFiles.js.has(file)),
        ...[...own.css].filter((file) => !initialFiles.css.has(file)),
      ].sort();
      const files = extra.map((file) => sizeOf(distDir, file));
      return { src: chunk.src!, files, gzip: sum(files) };
    })
    .sort((a, b) => a.src.localeCompare(b.src));

  return { initial: { files: initial, gzip: sum(initial) }, steps };
}

/**
 * The JavaScript a route downloads before its page works: the initial JS of `/` plus the lazy
 * chunks the route loads at once (for a step route, its view and its logic), each file once.
 * `sources` are manifest keys, e.g. `src/steps/chooseProduct/view.tsx`.
 */
export function measureRouteJs(sources: readonly string[], distDir = DIST_DIR): { files: FileSize[]; gzip: number } {
  const manifest = readManifest(distDir);
  const entries = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key);
  for (const source of sources) if (!manifest[source]) throw new Error(`${source} is not a chunk of the build`);
  const js = filesOf(manifest, staticClosure(manifest, [...entries, ...sources])).js;
  for (const script of scriptsOfIndexHtml(distDir)) if (script.endsWith('.js')) js.add(script);
  const files = [...js].sort().map((file) => sizeOf(distDir, file));
  return { files, gzip: sum(files) };
}

function sum(files: FileSize[]): number {
  return files.reduce((total, file) => total + file.gzip, 0);
}

/**
 * What betrays the development tools in a build: the Stately inspector, the path plan's request
 * (decision 210), and the path walker and its panel (decision 225: its panel's host, its label, the
 * sandbox controls it sets).
 */
export const INSPECTOR_NEEDLES = ['statelyai', 'inspect.stately.ai', 'stately.ai/registry', 'createBrowserInspector', '/__paths/'] as const;
export const WALKER_NEEDLES = ['data-solis-path-walk', 'Path walk (development)', '/api/sandbox/decision', '/api/sandbox/outcomes'] as const;

/** Every JS/HTML file of the build that mentions the Stately inspector or the path walker, with what it mentions. */
export function inspectorTraces(distDir = DIST_DIR): string[] {
  if (!existsSync(distDir)) throw new MissingBuildError(distDir);
  const needles = [...INSPECTOR_NEEDLES, ...WALKER_NEEDLES];
  const hits: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(m?js|html)$/.test(name)) {
        const text = readFileSync(full, 'utf8');
        for (const needle of needles) {
          if (text.includes(needle)) hits.push(`${path.relative(distDir, full)}: contains "${needle}"`);
        }
      }
    }
  };
  walk(distDir);
  return hits;
}

export function formatBytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** A plain-text table of the report; budget columns when budgets are given. */
export function formatBundleTable(report: BundleReport, withBudgets = true): string {
  const rows: string[][] = [['what', 'files', 'gzip', ...(withBudgets ? ['budget', ''] : [])]];
  const row = (what: string, files: FileSize[], gzip: number, budget: number) =>
    rows.push([
      what,
      String(files.length),
      formatBytes(gzip),
      ...(withBudgets ? [formatBytes(budget), gzip <= budget ? 'ok' : `OVER by ${formatBytes(gzip - budget)}`] : []),
    ]);
  row('initial JS of /', report.initial.files, report.initial.gzip, INITIAL_JS_BUDGET);
  for (const step of report.steps) row(`step ${step.src.replace(/^src\/steps\//, '')}`, step.files, step.gzip, STEP_BUDGET);
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((r) => r[column]!.length)));
  return rows.map((r) => r.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n');
}
