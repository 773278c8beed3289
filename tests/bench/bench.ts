/**
 * `npm run bench`: the figures of issue 2 in one run.
 *   (a) gzip size of the initial JS of / and of each step's own chunks (tests/bundle/bundle-size.ts);
 *   (b) the reference API's step-submit latency (p50/p99) and throughput under concurrent load on
 *       loopback, 20 s with PGlite and 20 s with a PostgreSQL server;
 *   (c) submit-click-to-next-heading time in Chromium, median of 20.
 * Environment: BENCH_SECONDS (default 20), BENCH_CONCURRENCY (default 8), BENCH_BROWSER_RUNS
 * (default 20), BENCH_SKIP=postgres,browser to leave parts out.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { formatBundleTable, formatBytes, measureBundle } from '../bundle/bundle-size';
import {
  copyTemplate,
  ensureBuilt,
  preparePgliteTemplate,
  startSolisServer,
  type SolisServer,
} from '../support/e2e-server';
import { chromiumLaunchOptions } from '../support/chromium';
import { startPostgres } from '../support/postgres';
import { CREATE_REQUEST, createApplicationStep, stepPath } from '../server/support/payloads';
import { lighthouseSection } from './lighthouse';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const BROWSER_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 20);
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));

function log(line = ''): void {
  process.stdout.write(`${line}\n`);
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((r) => (r[column] ?? '').length)));
  return rows.map((r) => r.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n');
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');

// ---------------------------------------------------------------------------------------------
// (b) API load

/** One applicant's HTTP session: its own cookie, the server's own Origin, loopback only. */
class ApiSession {
  private cookie = '';
  constructor(private readonly origin: string) {
    const host = new URL(origin).hostname;
    if (!['localhost', '127.0.0.1', '[::1]'].includes(host)) throw new Error(`bench talks to loopback only, not ${host}`);
  }

  async call<T>(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const response = await fetch(`${this.origin}${pathname}`, {
      method,
      headers: {
        origin: this.origin,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const pair = setCookie.split(';')[0]!;
      if (pair.startsWith('solis_sid=')) this.cookie = pair;
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname} -> ${response.status} ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { data: T }).data;
  }
}

interface TaskResponse {
  externalId: string;
  taskDefinitionKey: string;
  version: number;
}

interface LoadResult {
  label: string;
  submits: number;
  errors: number;
  firstError?: string;
  seconds: number;
  latencies: number[];
}

async function loadTest(label: string, server: SolisServer): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  // Warm-up: one full create+submit so the first measured request does not pay for JIT and caches.
  {
    const warm = new ApiSession(server.url);
    const task = await warm.call<TaskResponse>('POST', '/api/v1/application-process', CREATE_REQUEST);
    await warm.call('POST', stepPath(task.externalId), createApplicationStep(task.version), {
      'idempotency-key': randomUUID(),
    });
  }
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const user = async () => {
    const session = new ApiSession(server.url);
    while (performance.now() < deadline) {
      try {
        const task = await session.call<TaskResponse>('POST', '/api/v1/application-process', CREATE_REQUEST);
        const submission = createApplicationStep(task.version);
        const t0 = performance.now();
        await session.call('POST', stepPath(task.externalId), submission, {
          'idempotency-key': randomUUID(),
        });
        latencies.push(performance.now() - t0);
      } catch (error) {
        errors++;
        firstError ??= String(error);
        if (errors > 50 && latencies.length === 0) throw new Error(`${label}: every call fails: ${firstError}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, user));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { label, submits: latencies.length, errors, firstError, seconds, latencies };
}

function formatLoad(results: LoadResult[]): string {
  const rows = [['database', 'submits', 'errors', 'p50', 'p99', 'max', 'throughput']];
  for (const r of results) {
    rows.push([
      r.label,
      String(r.submits),
      String(r.errors),
      ms(percentile(r.latencies, 50)),
      ms(percentile(r.latencies, 99)),
      ms(r.latencies.at(-1) ?? Number.NaN),
      `${(r.submits / r.seconds).toFixed(1)} submits/s`,
    ]);
  }
  return table(rows);
}

/** A throwaway PostgreSQL cluster (tests/support/postgres.ts, run as the postgres user when root). */
async function withPostgres<T>(run: (databaseUrl: string) => Promise<T>): Promise<T> {
  const cluster = await startPostgres();
  try {
    return await run(cluster.databaseUrl);
  } finally {
    await cluster.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// (c) browser: submit click to the next heading

/**
 * Milliseconds from the click on Continue (the event's time) to the frame after the thank-you h1
 * appears, measured in the page. The script is a string: tsx would wrap a serialised function in
 * helpers (`__name`) that do not exist in the page.
 */
const WATCH_FOR_NEXT_HEADING = `
  window.__solisNextHeading = new Promise((resolve) => {
    let clickedAt;
    document.addEventListener('click', (event) => { if (clickedAt === undefined) clickedAt = event.timeStamp; }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (clickedAt === undefined) return;
      const found = Array.from(document.querySelectorAll('h1')).some((h1) => (h1.textContent || '').includes('Thank you'));
      if (!found) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - clickedAt));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  true; // the value of the script: evaluate must not wait for the promise here
`;

async function measureSubmitToHeading(page: Page): Promise<number> {
  await page.evaluate(WATCH_FOR_NEXT_HEADING);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`no thank-you heading 30 s after the click on ${page.url()}`)), 30_000).unref(),
  );
  return Promise.race([page.evaluate('window.__solisNextHeading') as Promise<number>, timeout]).catch(async (error: unknown) => {
    throw new Error(`${String(error)}\n${await page.locator('body').ariaSnapshot().catch(() => '')}`);
  });
}

async function fillCreateStep(page: Page): Promise<void> {
  await page.goto('/');
  const lang = (await page.locator('html').getAttribute('lang')) ?? '';
  if (!lang.startsWith('en')) {
    await page.getByRole('link', { name: 'English', exact: true }).or(page.getByRole('button', { name: 'English', exact: true })).click();
    await page.waitForSelector('html[lang^="en"]', { state: 'attached' });
  }
  await page.getByRole('heading', { level: 1, name: 'Apply for a loan' }).waitFor();
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Loan amount').fill('5000');
  await field('Loan period (months)').fill('36');
  await field('First name').fill('Mari');
  await field('Surname').fill('Maasikas');
  await field('Personal code').fill('38001085718');
  await field('E-mail').fill('mari.maasikas@example.com');
  await field('Phone number').fill('51234567');
  await page.getByRole('checkbox', { name: /^\s*I agree to the processing of my personal data/ }).check();
  await page.waitForURL(/externalId=/);
}

async function browserBench(server: SolisServer): Promise<number[]> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const times: number[] = [];
  try {
    // One warm-up run (not counted), then BROWSER_RUNS runs, each a new applicant in a new context.
    for (let run = 0; run <= BROWSER_RUNS; run++) {
      const context = await browser.newContext({ baseURL: server.url, locale: 'en-GB' });
      context.setDefaultTimeout(30_000);
      try {
        const page = await context.newPage();
        await fillCreateStep(page);
        const elapsed = await measureSubmitToHeading(page);
        if (run > 0) times.push(elapsed);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return times.sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
  const started = performance.now();
  await ensureBuilt();

  log('== (a) bundle: gzip level 9 per file, summed ==');
  const bundle = measureBundle();
  log(formatBundleTable(bundle));
  log();

  const workDir = mkdtempSync(path.join(tmpdir(), 'solis-bench-'));
  const template = path.join(workDir, 'template');
  const failures: string[] = [];
  try {
    await preparePgliteTemplate(template);

    log(`== (b) API step submit: ${CONCURRENCY} concurrent applicants, ${SECONDS} s per database, loopback ==`);
    const results: LoadResult[] = [];
    {
      const copy = copyTemplate(template, 'solis-bench-db-');
      const server = await startSolisServer({ dataDir: copy.dataDir });
      try {
        results.push(await loadTest('PGlite', server));
      } finally {
        await server.stop();
        copy.remove();
      }
    }
    if (!SKIP.has('postgres')) {
      try {
        results.push(
          await withPostgres(async (databaseUrl) => {
            const server = await startSolisServer({ databaseUrl });
            try {
              return await loadTest('PostgreSQL 15', server);
            } finally {
              await server.stop();
            }
          }),
        );
      } catch (error) {
        failures.push(`PostgreSQL load: ${String(error)}`);
      }
    }
    log(formatLoad(results));
    for (const r of results) if (r.firstError) log(`${r.label}: ${r.errors} errors, first: ${r.firstError}`);
    log();

    if (!SKIP.has('browser')) {
      log(`== (c) browser: click on Continue to the thank-you heading, ${BROWSER_RUNS} runs ==`);
      const copy = copyTemplate(template, 'solis-bench-db-');
      const server = await startSolisServer({ dataDir: copy.dataDir });
      try {
        const times = await browserBench(server);
        log(
          table([
            ['runs', 'median', 'p90', 'min', 'max'],
            [String(times.length), ms(percentile(times, 50)), ms(percentile(times, 90)), ms(times[0] ?? NaN), ms(times.at(-1) ?? NaN)],
          ]),
        );
      } catch (error) {
        failures.push(`browser: ${String(error)}`);
      } finally {
        await server.stop();
        copy.remove();
      }
      log();
    }
    if (!SKIP.has('lighthouse')) await lighthouseSection(template, log, failures);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }

  log(`initial JS ${formatBytes(bundle.initial.gzip)}; bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (failures.length > 0) {
    log(`not measured:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
