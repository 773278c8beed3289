/**
 * `npm run bench`: the figures of issues 2 and 9 in one run.
 *   (a) gzip size of the initial JS of / and of each step's own chunks (tests/bundle/bundle-size.ts);
 *   (b) the reference API's create, draft save and step submit: requests per second and latency
 *       (p50/p99) under concurrent load on loopback, 20 s with PGlite and 20 s with a PostgreSQL
 *       server, the server as `npm start` runs it; its CPU per round and the machine's load (decision 199);
 *   (c) issue 26: Continue to the next heading against the step's POST on first visits of the retail
 *       data steps, found by walking the flow (tests/bench/step-transitions.ts, `npm run bench:steps`);
 *   (d) a bounded draft flood on PGlite (issue 9): six clients saving the largest drafts as fast as
 *       the limits let them, for 15 s; the data directory's growth and a bystander's latency;
 *   (e) issue 10: the initial JavaScript of `/choose-product` (in (a)) and the latency of
 *       `POST /api/v1/loan/calculate` under concurrent load on loopback (BENCH_CALC_SECONDS, 10 s).
 *   (f) issue 23 item 4: upload/remove cycles of 5 MiB on PGlite (BENCH_UPLOAD_CYCLES, 24) with the
 *       default limits, then housekeeping; the data directory before, after the cycles and after
 *       housekeeping.
 *   (g) Lighthouse, mobile, all four categories, on `/` and a mid-flow step (tests/bench/lighthouse.ts).
 * Environment: BENCH_SECONDS (default 20), BENCH_CONCURRENCY (default 8), BENCH_BROWSER_RUNS
 * (default 3 rounds over the steps), BENCH_BROWSER_READING_MS (default 1500), BENCH_FLOOD_SECONDS (default 15), BENCH_CALC_SECONDS (default 10),
 * BENCH_UPLOAD_CYCLES (default 24),
 * BENCH_SKIP=load,postgres,browser,flood,calculate,uploads,lighthouse to leave parts out.
 * BENCH_CPU_PROF_DIR=<dir> (decision 202): every server the bench starts writes its V8 CPU profile
 * (`node --cpu-prof`) into <dir> when it stops; open it in Chrome's DevTools or summarise it by function.
 * BENCH_SMOKE=1 (`npm run bench:smoke`, a stage of `npm test`): every part, with tiny durations and
 * one run each, so the bench cannot rot unnoticed; its figures mean nothing (decision 198).
 */
// First: in a smoke run it sets the durations the modules below read when they load.
import { SMOKE } from './smoke';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type * as v from 'valibot';
import type { LoanCalculateRequestSchema } from '../../core/wire/pricing.schema';
import { INITIAL_JS_BUDGET, formatBundleTable, formatBytes, measureBundle, measureRouteJs } from '../bundle/bundle-size';
import {
  REPO_ROOT,
  copyTemplate,
  ensureBuilt,
  preparePgliteTemplate,
  startSolisServer,
  type SolisServer,
} from '../support/e2e-server';
import { bundleServer } from '../support/server-bundle';
import { startPostgres } from '../support/postgres';
import { CREATE_REQUEST, createApplicationStep, stepPath } from '../server/support/payloads';
import { lighthouseSection } from './lighthouse';
import { formatStepTransitions, measureStepTransitions } from './step-transitions';
import { benchApplicantCode } from './applicants';
import { startHousekeeping } from '../../server/db/housekeeping';
import { openPgliteDatabase } from '../../server/db/pglite-database';
import { SESSION_COOKIE } from '../../server/sessions/session-token';
import { mutationSection } from './mutation-score';
import { RESULTS, wholeRunSection } from '../mutation/whole-run';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const BROWSER_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 3);
const BROWSER_READING_MS = Number(process.env.BENCH_BROWSER_READING_MS ?? 1500);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 15);
const CALC_SECONDS = Number(process.env.BENCH_CALC_SECONDS ?? 10);
const UPLOAD_CYCLES = Number(process.env.BENCH_UPLOAD_CYCLES ?? 24);
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
/** The throughput run measures capacity, not the limiter: every client comes from one address. */
const UNLIMITED_CLIENTS = {
  CLIENT_RATE_LIMIT_CREATE: '1000000',
  CLIENT_RATE_LIMIT_PERSONAL_CODE: '1000000',
  CLIENT_RATE_LIMIT_DRAFT_SAVE: '1000000',
  CLIENT_RATE_LIMIT_SUBMIT: '1000000',
  CLIENT_RATE_LIMIT_SESSION: '1000000',
};

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
  constructor(
    private readonly origin: string,
    /** Sent as X-Forwarded-For (the server trusts one proxy in the flood run): a client address. */
    private readonly address?: string,
  ) {
    const host = new URL(origin).hostname;
    if (!['localhost', '127.0.0.1', '[::1]'].includes(host)) throw new Error(`bench talks to loopback only, not ${host}`);
  }

  async call<T>(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    // A FormData body (an upload) sets its own multipart content type.
    const form = body instanceof FormData ? body : undefined;
    const response = await fetch(`${this.origin}${pathname}`, {
      method,
      headers: {
        origin: this.origin,
        accept: 'application/json',
        ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.address ? { 'x-forwarded-for': this.address } : {}),
        ...headers,
      },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const pair = setCookie.split(';')[0]!;
      if (pair.startsWith(`${SESSION_COOKIE}=`)) this.cookie = pair;
    }
    const text = await response.text();
    if (!response.ok) throw new HttpError(response.status, `${method} ${pathname} -> ${response.status} ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { data: T }).data;
  }
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface TaskResponse {
  externalId: string;
  taskDefinitionKey: string;
  version: number;
}

const OPERATIONS = ['create', 'draft save', 'submit'] as const;
type Operation = (typeof OPERATIONS)[number];

interface LoadResult {
  label: string;
  errors: number;
  firstError?: string;
  seconds: number;
  latencies: Record<Operation, number[]>;
  /** Issue 26 item 7: the server process's CPU time over the timed part (user + system), ms; NaN where /proc is not there. */
  serverCpuMs: number;
  /** The machine's 1-minute load average when the timed part began and ended (the bench shares the machine). */
  load: [number, number];
}

/** A process's CPU time so far (user + system), in ms, from /proc (Linux); NaN elsewhere. */
function processCpuMs(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** USER_HZ: 100 on every Linux the bench runs on (`getconf CLK_TCK`). */
const CLOCK_TICKS = 100;

/** Draft data as the create step's form holds it mid-way. */
const DRAFT = { loanAmount: '5000', loanPeriod: '36', firstName: 'Mari', surname: 'Maasikas', email: 'mari.maasikas@example.com' };

/**
 * CONCURRENCY virtual applicants, each a new browser session per application (as people are),
 * loop until the deadline: create (timed), save a draft (timed), submit with a fresh idempotency
 * key (timed). One warm-up round runs first.
 */
async function loadTest(label: string, server: SolisServer): Promise<LoadResult> {
  const latencies: Record<Operation, number[]> = { create: [], 'draft save': [], submit: [] };
  let errors = 0;
  let firstError: string | undefined;
  let applicants = 0;
  const round = async (record: boolean) => {
    const session = new ApiSession(server.url);
    const personalCode = benchApplicantCode(applicants++);
    const timed = async <T>(operation: Operation, call: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      const result = await call();
      if (record) latencies[operation].push(performance.now() - t0);
      return result;
    };
    const task = await timed('create', () => session.call<TaskResponse>('POST', '/api/v1/application-process', CREATE_REQUEST));
    await timed('draft save', () => session.call('PUT', stepPath(task.externalId), { taskDefinitionKey: task.taskDefinitionKey, version: 0, data: DRAFT }));
    await timed('submit', () => session.call('POST', stepPath(task.externalId), createApplicationStep(task.version, { personalCode }), { 'idempotency-key': randomUUID() }));
  };
  await round(false);
  const cpuBefore = processCpuMs(server.pid);
  const loadBefore = loadavg()[0]!;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const user = async () => {
    while (performance.now() < deadline) {
      try {
        await round(true);
      } catch (error) {
        errors++;
        firstError ??= String(error);
        if (errors > 50 && latencies.submit.length === 0) throw new Error(`${label}: every call fails: ${firstError}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, user));
  const seconds = (performance.now() - started) / 1000;
  const serverCpuMs = processCpuMs(server.pid) - cpuBefore;
  for (const operation of OPERATIONS) latencies[operation].sort((a, b) => a - b);
  return { label, errors, firstError, seconds, latencies, serverCpuMs, load: [loadBefore, loadavg()[0]!] };
}

function formatLoad(results: LoadResult[]): string {
  const rows = [['database', 'call', 'requests', 'req/s', 'p50', 'p99', 'max']];
  for (const r of results) {
    for (const operation of OPERATIONS) {
      const sorted = r.latencies[operation];
      rows.push([
        r.label,
        operation,
        String(sorted.length),
        (sorted.length / r.seconds).toFixed(1),
        ms(percentile(sorted, 50)),
        ms(percentile(sorted, 99)),
        ms(sorted.at(-1) ?? Number.NaN),
      ]);
    }
    rows.push([r.label, 'errors', String(r.errors), '', '', '', '']);
  }
  // Issue 26 item 7: what one applicant's create + draft save + submission costs the server, and how busy the machine was.
  const notes = results.map((r) => {
    const rounds = r.latencies.submit.length;
    const cpu = Number.isFinite(r.serverCpuMs) && rounds > 0 ? `${(r.serverCpuMs / rounds).toFixed(1)} ms of server CPU per create + draft save + submit` : 'server CPU n/a';
    return `${r.label}: ${cpu}; machine load average ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)} on ${availableParallelism()} cores`;
  });
  return [table(rows), ...notes].join('\n');
}

// ---------------------------------------------------------------------------------------------
// (d) draft flood

/** Bytes in a directory tree (what the data directory takes on disk, apparent size). */
function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? directoryBytes(full) : statSync(full).size;
  }
  return total;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** Draft data just under the 64 KiB limit, incompressible (TOAST would shrink repeated text). */
function largestDraft(): Record<string, string> {
  return { notes: randomBytes(46_000).toString('base64').slice(0, 64 * 1024 - 200) };
}

interface FloodResult {
  before: number;
  after: number;
  samples: number[];
  accepted: number;
  acceptedBytes: number;
  refused: Record<number, number>;
  baseline: number[];
  during: number[];
}

/**
 * Six flooding clients, each from its own address (X-Forwarded-For behind TRUST_PROXY=1), each with
 * five sessions and applications, save the largest draft over and over as fast as the server lets
 * them (refusals are counted and ignored; a 500 KB draft is tried once each). Meanwhile a bystander
 * from another address reads its session and saves a small draft; its latency is measured before
 * and during the flood. Default limits, housekeeping as `npm start` runs it.
 */
async function draftFlood(server: SolisServer, dataDir: string): Promise<FloodResult> {
  const refused: Record<number, number> = {};
  let bystanderErrors = 0;
  const note = (error: unknown) => {
    const status = error instanceof HttpError ? error.status : 0;
    refused[status] = (refused[status] ?? 0) + 1;
  };
  const bystander = async (until: number, into: number[]) => {
    const session = new ApiSession(server.url, '203.0.113.200');
    const task = await session.call<TaskResponse>('POST', '/api/v1/application-process', CREATE_REQUEST);
    let version = 0;
    while (Date.now() < until) {
      const t0 = performance.now();
      try {
        const saved = await session.call<{ version: number }>('PUT', stepPath(task.externalId), { taskDefinitionKey: task.taskDefinitionKey, version, data: DRAFT });
        into.push(performance.now() - t0);
        version = saved.version;
      } catch (error) {
        bystanderErrors++;
        note(error);
      }
      // Under its own session's limit of draft saves (120 a minute), as a person typing would be.
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
  };
  const baseline: number[] = [];
  await bystander(Date.now() + 3000, baseline);

  const before = directoryBytes(dataDir);
  let accepted = 0;
  let acceptedBytes = 0;
  const until = Date.now() + FLOOD_SECONDS * 1000;
  const flooder = async (client: number) => {
    const address = `198.51.100.${client + 1}`;
    const targets: { session: ApiSession; externalId: string; version: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const session = new ApiSession(server.url, address);
      const task = await session.call<TaskResponse>('POST', '/api/v1/application-process', CREATE_REQUEST).catch(note);
      if (task) targets.push({ session, externalId: task.externalId, version: 0 });
    }
    if (targets.length === 0) return;
    const huge = { notes: randomBytes(375_000).toString('base64') };
    await targets[0]!.session.call('PUT', stepPath(targets[0]!.externalId), { taskDefinitionKey: 'createApplicationStep', version: 0, data: huge }).catch(note);
    const body = largestDraft();
    const bytes = Buffer.byteLength(JSON.stringify(body));
    for (let i = 0; Date.now() < until; i++) {
      const target = targets[i % targets.length]!;
      try {
        const saved = await target.session.call<{ version: number }>('PUT', stepPath(target.externalId), { taskDefinitionKey: 'createApplicationStep', version: target.version, data: body });
        target.version = saved.version;
        accepted++;
        acceptedBytes += bytes;
      } catch (error) {
        note(error);
      }
    }
  };
  const during: number[] = [];
  // The directory's size every few seconds: bounded growth levels off, unbounded keeps climbing.
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(directoryBytes(dataDir)), Math.max(1000, (FLOOD_SECONDS * 1000) / 5));
  await Promise.all([...Array.from({ length: 6 }, (_, client) => flooder(client)), bystander(until, during)]);
  clearInterval(sampler);
  const after = directoryBytes(dataDir);
  baseline.sort((a, b) => a - b);
  during.sort((a, b) => a - b);
  if (bystanderErrors > 0) throw new Error(`the bystander's draft saves failed ${bystanderErrors} times during the flood`);
  return { before, after, samples, accepted, acceptedBytes, refused, baseline, during };
}

function formatFlood(r: FloodResult): string {
  const refusals = Object.entries(r.refused).map(([status, n]) => `${n} × ${status === '0' ? 'network' : status}`).join(', ') || 'none';
  return [
    table([
      ['data dir before', 'after', 'growth', 'drafts accepted', 'bytes accepted', 'refused'],
      [mb(r.before), mb(r.after), mb(r.after - r.before), String(r.accepted), mb(r.acceptedBytes), refusals],
    ]),
    `data dir during the flood: ${[r.before, ...r.samples, r.after].map(mb).join(' → ')}`,
    table([
      ['bystander draft save', 'p50', 'p99', 'max'],
      ['before the flood', ms(percentile(r.baseline, 50)), ms(percentile(r.baseline, 99)), ms(r.baseline.at(-1) ?? Number.NaN)],
      ['during the flood', ms(percentile(r.during, 50)), ms(percentile(r.during, 99)), ms(r.during.at(-1) ?? Number.NaN)],
    ]),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// (f) upload/remove cycles (issue 23 item 4)

interface UploadCyclesResult {
  before: number;
  afterCycles: number;
  afterHousekeeping: number;
  /** Of each, the write-ahead log (`pg_wal`): segments a checkpoint recycles for reuse, up to `min_wal_size`. */
  wal: { before: number; afterCycles: number; afterHousekeeping: number };
  accepted: number;
  refused: Record<number, number>;
}

/** A PDF of 5 MiB, incompressible, distinct per cycle (the same content twice is a duplicate). */
function fiveMibPdf(cycle: number): Blob {
  const content = randomBytes(5 * MB);
  content.set(Buffer.from(`%PDF-1.7\n% bench ${cycle}\n`));
  return new Blob([content], { type: 'application/pdf' });
}

/**
 * The issue's probe: one person uploads a 5 MiB statement and removes it, `UPLOAD_CYCLES` times, with
 * the default limits (429s are counted). The server is then stopped and housekeeping's sweep run on
 * its data directory as `npm start` runs it (at start and every 10 minutes): the sizes before, after the
 * cycles and after housekeeping.
 */
async function uploadCycles(server: SolisServer, dataDir: string): Promise<UploadCyclesResult> {
  const refused: Record<number, number> = {};
  const session = new ApiSession(server.url);
  const task = await session.call<TaskResponse>('POST', '/api/sandbox/applications', {
    taskDefinitionKey: 'uploadBankAccountStatementDocuments',
    productName: 'SMALL_LOAN',
    previousTasks: ['checkAnswers', 'provideBasViaOpenBanking'],
  });
  const walOf = () => directoryBytes(path.join(dataDir, 'pg_wal'));
  const before = directoryBytes(dataDir);
  const walBefore = walOf();
  let accepted = 0;
  for (let cycle = 0; cycle < UPLOAD_CYCLES; cycle++) {
    const form = new FormData();
    form.append('documentPurpose', 'BANK_STATEMENT');
    form.append('file', fiveMibPdf(cycle), `statement-${cycle}.pdf`);
    try {
      const document = await session.call<{ documentId: string }>('POST', `/api/v1/application-process/${task.externalId}/document`, form);
      accepted++;
      await session.call('DELETE', `/api/v1/application-process/${task.externalId}/document/${document.documentId}`);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 0;
      refused[status] = (refused[status] ?? 0) + 1;
    }
  }
  const afterCycles = directoryBytes(dataDir);
  const walAfterCycles = walOf();
  await server.stop();
  const db = await openPgliteDatabase(dataDir);
  try {
    const housekeeping = startHousekeeping(db, { intervalMs: 3_600_000 });
    await housekeeping.idle();
    housekeeping.stop();
  } finally {
    await db.close();
  }
  return {
    before,
    afterCycles,
    afterHousekeeping: directoryBytes(dataDir),
    wal: { before: walBefore, afterCycles: walAfterCycles, afterHousekeeping: walOf() },
    accepted,
    refused,
  };
}

function formatUploadCycles(r: UploadCyclesResult): string {
  const refusals = Object.entries(r.refused).map(([status, n]) => `${n} × ${status === '0' ? 'network' : status}`).join(', ') || 'none';
  return table([
    ['', 'before', 'after the cycles', 'after housekeeping', 'growth kept'],
    ['data dir', mb(r.before), mb(r.afterCycles), mb(r.afterHousekeeping), mb(r.afterHousekeeping - r.before)],
    ['of which pg_wal', mb(r.wal.before), mb(r.wal.afterCycles), mb(r.wal.afterHousekeeping), mb(r.wal.afterHousekeeping - r.wal.before)],
    ['without pg_wal', mb(r.before - r.wal.before), mb(r.afterCycles - r.wal.afterCycles), mb(r.afterHousekeeping - r.wal.afterHousekeeping), mb(r.afterHousekeeping - r.wal.afterHousekeeping - (r.before - r.wal.before))],
  ]) + `\nuploads accepted (5 MiB each, removed again): ${r.accepted}; refused: ${refusals}`;
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
// (e) calculate

/** What the calculator asks, as the client builds it: an annuity with fees, dated hire purchase, a 30-year loan. */
const CALCULATIONS = [
  {
    currency: 'EUR', productType: 'CONSUMER_LOAN', amount: 3000, maturity: 36, interestRate: 13.9, administrationFee: 3.5,
    conclusionFeeRate: 2, minConclusionFee: 35, maxConclusionFee: 200, conclusionFeeFromAmount: true,
  },
  {
    currency: 'EUR', productType: 'HIRE_PURCHASE', amount: 1500, maturity: 24, interestFromLoanSum: 8.9, administrationFee: 2,
    conclusionFee: 25, conclusionFeeFromAmount: false, effectiveDate: '2025-03-10', monthlyPaymentDay: 15,
  },
  {
    currency: 'EUR', productType: 'REAL_ESTATE_LOAN', amount: 120000, maturity: 360, interestRate: 4.9, administrationFee: 0,
    conclusionFeeRate: 0.5, minConclusionFee: 250, maxConclusionFee: 1500, conclusionFeeFromAmount: true,
  },
] as const satisfies ReadonlyArray<v.InferInput<typeof LoanCalculateRequestSchema>>;

/** CONCURRENCY clients asking calculations back to back for CALC_SECONDS (after a warm-up); latencies sorted. */
async function calculateLoad(server: SolisServer): Promise<{ latencies: number[]; seconds: number; errors: number; firstError?: string }> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const session = new ApiSession(server.url);
  for (const body of CALCULATIONS) await session.call('POST', '/api/v1/loan/calculate', body);
  const started = performance.now();
  const deadline = started + CALC_SECONDS * 1000;
  const client = async (offset: number) => {
    const own = new ApiSession(server.url);
    for (let i = offset; performance.now() < deadline; i++) {
      const t0 = performance.now();
      try {
        await own.call('POST', '/api/v1/loan/calculate', CALCULATIONS[i % CALCULATIONS.length]);
        latencies.push(performance.now() - t0);
      } catch (error) {
        errors++;
        firstError ??= String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => client(i)));
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000, errors, ...(firstError ? { firstError } : {}) };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
  const started = performance.now();
  await ensureBuilt();
  // A smoke run starts eight servers: from one bundled file they start in a fraction of the time
  // (tests/support/server-bundle.ts, as the browser tests do). A measuring run keeps tsx and V8's
  // default compilers (the bundle's test flags would slow PGlite's WebAssembly down).
  let serverBundle: string | undefined;
  if (SMOKE && !process.env.SOLIS_E2E_SERVER_BUNDLE) {
    serverBundle = path.join(REPO_ROOT, '.tmp', 'bench', `server-${process.pid}.mjs`);
    await bundleServer(serverBundle);
    process.env.SOLIS_E2E_SERVER_BUNDLE = serverBundle;
  }

  log('== (a) bundle: gzip level 9 per file, summed ==');
  const bundle = measureBundle();
  log(formatBundleTable(bundle));
  // Issue 10: /choose-product loads the product-selection step (view and logic) at once.
  const chooseProduct = measureRouteJs(['src/steps/chooseProduct/view.tsx', 'src/steps/chooseProduct/logic.ts']);
  log(`initial JS of /choose-product: ${formatBytes(chooseProduct.gzip)} in ${chooseProduct.files.length} files (initial JS of / ${formatBytes(bundle.initial.gzip)}, budget ${formatBytes(INITIAL_JS_BUDGET)})`);
  log();

  const workDir = mkdtempSync(path.join(tmpdir(), 'solis-bench-'));
  const template = path.join(workDir, 'template');
  const failures: string[] = [];
  try {
    await preparePgliteTemplate(template);

    // Issue 26 item 7 (decision 199): the server as `npm start` runs it, without test mode's sandbox
    // controls (one more statement on every call, which no deployment has).
    log(`== (b) API create, draft save, submit: ${CONCURRENCY} concurrent applicants, ${SECONDS} s per database, loopback, demonstration mode ==`);
    const results: LoadResult[] = [];
    if (!SKIP.has('load')) {
      const copy = copyTemplate(template, 'solis-bench-db-');
      const server = await startSolisServer({ dataDir: copy.dataDir, env: UNLIMITED_CLIENTS, testMode: false });
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
            const server = await startSolisServer({ databaseUrl, env: UNLIMITED_CLIENTS, testMode: false });
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

    if (!SKIP.has('calculate')) {
      log(`== (e) POST /api/v1/loan/calculate: ${CONCURRENCY} concurrent clients, ${CALC_SECONDS} s, loopback ==`);
      const copy = copyTemplate(template, 'solis-bench-db-');
      const server = await startSolisServer({ dataDir: copy.dataDir });
      try {
        const r = await calculateLoad(server);
        log(
          table([
            ['call', 'requests', 'req/s', 'p50', 'p99', 'max', 'errors'],
            ['calculate', String(r.latencies.length), (r.latencies.length / r.seconds).toFixed(1), ms(percentile(r.latencies, 50)), ms(percentile(r.latencies, 99)), ms(r.latencies.at(-1) ?? Number.NaN), String(r.errors)],
          ]),
        );
        if (r.firstError) failures.push(`calculate: ${r.errors} errors, first: ${r.firstError}`);
      } catch (error) {
        failures.push(`calculate: ${String(error)}`);
      } finally {
        await server.stop();
        copy.remove();
      }
      log();
    }

    if (!SKIP.has('flood')) {
      log(`== (d) draft flood on PGlite: 6 clients x 5 sessions saving 64 KiB drafts for ${FLOOD_SECONDS} s, default limits ==`);
      const copy = copyTemplate(template, 'solis-bench-db-');
      const server = await startSolisServer({ dataDir: copy.dataDir, env: { TRUST_PROXY: '1' } });
      try {
        log(formatFlood(await draftFlood(server, copy.dataDir)));
      } catch (error) {
        failures.push(`draft flood: ${String(error)}`);
      } finally {
        await server.stop();
        copy.remove();
      }
      log();
    }

    if (!SKIP.has('uploads')) {
      log(`== (f) uploads on PGlite: ${UPLOAD_CYCLES} × (upload 5 MiB, remove) by one person, default limits, then housekeeping ==`);
      const copy = copyTemplate(template, 'solis-bench-db-');
      const server = await startSolisServer({ dataDir: copy.dataDir });
      try {
        log(formatUploadCycles(await uploadCycles(server, copy.dataDir)));
      } catch (error) {
        failures.push(`uploads: ${String(error)}`);
      } finally {
        await server.stop();
        copy.remove();
      }
      log();
    }

    if (!SKIP.has('browser')) {
      log(`== (c) browser: Continue to the next heading on first visits of the retail data steps, 390 px, ${BROWSER_RUNS} run(s) per step ==`);
      const copy = copyTemplate(template, 'solis-bench-db-');
      const server = await startSolisServer({ dataDir: copy.dataDir });
      try {
        const { steps, samples } = await measureStepTransitions(server, { runs: BROWSER_RUNS, readingMs: BROWSER_READING_MS, warmUp: !SMOKE });
        log(formatStepTransitions(steps, samples));
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
    if (serverBundle) rmSync(serverBundle, { force: true });
  }

  log(`== (g) mutation score: the whole set's kept results (\`npm run test:mutation\`, ${RESULTS}, decision 237) ==`);
  for (const line of await wholeRunSection()) log(line);
  log('-- quick runs of one file with only the tests that import it (`npm run test:mutation:file`, decision 218), not counted above --');
  for (const line of mutationSection()) log(line);
  log();
  log(`initial JS ${formatBytes(bundle.initial.gzip)} (/choose-product ${formatBytes(chooseProduct.gzip)}); bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (failures.length > 0) {
    log(`not measured:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
