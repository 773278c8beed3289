/**
 * `npm run bench`, section (d): Lighthouse's mobile performance figures (score, LCP, TBT, CLS) of
 * `/` (the create-application step of a new applicant) and of the thank-you page (an application
 * whose first step was submitted through the API), each the median of LIGHTHOUSE_RUNS runs
 * (default 3). Lighthouse 12's default configuration: mobile form factor and screen, simulated
 * throttling (slow 4G, 4x CPU), performance category only. Debian's Chromium, launched by
 * chrome-launcher with the project's flags (tests/support/chromium.ts) plus `--headless=new`.
 * Decision 044 says why these tools and versions.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { generateReport } from 'lighthouse';
import type { Flags, Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromiumLaunchOptions } from '../support/chromium';
import { REPO_ROOT, copyTemplate, startSolisServer, type SolisServer } from '../support/e2e-server';
import { CREATE_REQUEST, createApplicationStep, stepPath } from '../server/support/payloads';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** The median run's full report per page, to follow up what costs points. */
export const REPORT_DIR = path.join(REPO_ROOT, '.tmp', 'lighthouse');

export interface LighthouseFigures {
  page: string;
  /** 0-100, Lighthouse's performance category score. */
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The opportunities and diagnostics that cost points, for the reader to follow up. */
  findings: string[];
  /** Lighthouse and browser versions and the host's CPU benchmark index, for comparing runs. */
  environment: string;
}

/** The thank-you page needs an application; this is an applicant's session with its cookies. */
interface SeededApplication {
  externalId: string;
  /** `name=value; name=value` of every cookie the server set (the session's name is not assumed). */
  cookie: string;
  taskKey: string;
}

function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const setCookie of response.headers.getSetCookie()) {
    const pair = setCookie.split(';')[0]!;
    const separator = pair.indexOf('=');
    if (separator > 0) jar.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
  }
}

/** Creates an application and submits its first step as a browser would (cookie and Origin). */
async function seedSubmittedApplication(server: SolisServer): Promise<SeededApplication> {
  const jar = new Map<string, string>();
  const call = async <T>(method: string, pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const response = await fetch(`${server.url}${pathname}`, {
      method,
      headers: {
        origin: server.url,
        accept: 'application/json',
        'content-type': 'application/json',
        ...(jar.size > 0 ? { cookie: cookieHeader(jar) } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    });
    cookiesOf(response, jar);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname} -> ${response.status} ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { data: T }).data;
  };
  type Task = { externalId: string; version: number; taskDefinitionKey: string };
  const created = await call<Task>('POST', '/api/v1/application-process', CREATE_REQUEST);
  const next = await call<Task>('POST', stepPath(created.externalId), createApplicationStep(created.version), {
    'idempotency-key': randomUUID(),
  });
  if (!/thank-?you/i.test(next.taskDefinitionKey)) throw new Error(`the first step led to ${next.taskDefinitionKey}, not to a thank-you page`);
  if (jar.size === 0) throw new Error('the server set no cookie: the thank-you page cannot be reached as the same applicant');
  return { externalId: next.externalId, cookie: cookieHeader(jar), taskKey: next.taskDefinitionKey };
}

function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function launchChromium(): Promise<LaunchedChrome> {
  return launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: [...chromiumLaunchOptions.args, '--headless=new'],
    logLevel: 'silent',
  });
}

/** API calls of the page that did not succeed (the thank-you page must be reached as its applicant). */
function refusedApiCalls(lhr: Result): string[] {
  const details = lhr.audits['network-requests']?.details;
  const items = details?.type === 'table' ? (details.items as Array<{ url?: string; statusCode?: number }>) : [];
  return items
    .filter((item) => item.url && new URL(item.url).pathname.startsWith('/api/') && (item.statusCode ?? 0) >= 400)
    .map((item) => `${new URL(item.url!).pathname} ${item.statusCode}`);
}

/**
 * What costs points, for the reader to follow up: the metrics scoring below 0.9, and the
 * opportunities with an estimated saving (the insights repeat them).
 */
function findingsOf(lhr: Result): string[] {
  const metrics = new Set(lhr.categories.performance?.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id) ?? []);
  const label = (id: string) => `${id}${lhr.audits[id]?.displayValue ? ` (${lhr.audits[id]?.displayValue})` : ''}`;
  const weakMetrics = [...metrics].filter((id) => (lhr.audits[id]?.score ?? 1) < 0.9);
  const opportunities = Object.values(lhr.audits)
    .filter((audit) => audit.details?.type === 'opportunity')
    .filter((audit) => {
      const details = audit.details as { overallSavingsMs?: number; overallSavingsBytes?: number };
      return (details.overallSavingsMs ?? 0) > 0 || (details.overallSavingsBytes ?? 0) > 0;
    })
    .map((audit) => audit.id);
  return [...weakMetrics, ...opportunities].map(label);
}

/**
 * The median of RUNS Lighthouse runs on one page, in a Chromium of its own: a browser's cookie jar
 * would override the Cookie of `extraHeaders` with a session left by another page's runs.
 */
async function audit(page: string, report: string, url: string, extraHeaders?: Record<string, string>): Promise<LighthouseFigures> {
  const chrome = await launchChromium();
  try {
    return await auditIn(chrome, page, report, url, extraHeaders);
  } finally {
    chrome.kill();
  }
}

async function auditIn(chrome: LaunchedChrome, page: string, report: string, url: string, extraHeaders?: Record<string, string>): Promise<LighthouseFigures> {
  const flags: Flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(extraHeaders ? { extraHeaders } : {}),
  };
  const runs: Result[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    runs.push(result.lhr);
  }
  const lhr = computeMedianRun(runs);
  const refused = refusedApiCalls(lhr);
  if (refused.length > 0) throw new Error(`${page}: the app's API calls failed, so the page measured is not the one meant: ${refused.join(', ')}`);
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(path.join(REPORT_DIR, `${report}.html`), generateReport(lhr, 'html'));
  writeFileSync(path.join(REPORT_DIR, `${report}.json`), JSON.stringify(lhr));
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    page,
    performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    findings: findingsOf(lhr),
    environment: `Lighthouse ${lhr.lighthouseVersion}, ${/HeadlessChrome\/[\d.]+/.exec(lhr.environment.hostUserAgent)?.[0] ?? lhr.environment.hostUserAgent}, benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`,
  };
}

/** Runs Lighthouse on `/` and on the thank-you page, against a server on a copy of `template`. */
export async function measureLighthouse(template: string): Promise<LighthouseFigures[]> {
  const copy = copyTemplate(template, 'solis-bench-lighthouse-');
  const server = await startSolisServer({ dataDir: copy.dataDir });
  try {
    const home = await audit('/ (create application)', 'home', `${server.url}/`);
    const seeded = await seedSubmittedApplication(server);
    const thankYou = await audit(`thank-you (${seeded.taskKey})`, 'thank-you', `${server.url}/?externalId=${seeded.externalId}`, { Cookie: seeded.cookie });
    return [home, thankYou];
  } finally {
    await server.stop();
    copy.remove();
  }
}

export function formatLighthouse(figures: LighthouseFigures[]): string {
  const rows = [['page', 'performance', 'FCP', 'LCP', 'TBT', 'CLS']];
  for (const f of figures) {
    rows.push([f.page, String(f.performance), `${Math.round(f.fcpMs)} ms`, `${Math.round(f.lcpMs)} ms`, `${Math.round(f.tbtMs)} ms`, f.cls.toFixed(3)]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((r) => r[column]!.length)));
  const lines = rows.map((r) => r.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd());
  for (const f of figures) if (f.findings.length > 0) lines.push(`${f.page} loses points on: ${f.findings.join('; ')}`);
  if (figures[0]) lines.push(`${figures[0].environment}; reports in ${path.relative(process.cwd(), REPORT_DIR) || REPORT_DIR}/`);
  return lines.join('\n');
}

/** `npm run bench`'s section: prints the figures; a failure is reported, not thrown. */
export async function lighthouseSection(template: string, log: (line?: string) => void, failures: string[]): Promise<void> {
  log(`== Lighthouse: mobile, simulated throttling, performance only, median of ${RUNS} runs ==`);
  // A build from before precompression (decision 044) would be measured uncompressed.
  if (!existsSync(path.join(REPO_ROOT, 'dist', 'index.html.br'))) log('warning: dist/ has no precompressed files; run `npm run build` first');
  try {
    log(formatLighthouse(await measureLighthouse(template)));
  } catch (error) {
    failures.push(`Lighthouse: ${String(error)}`);
  }
  log();
}
