/**
 * Issue 26 item 1: Continue to the next step's heading, against the step's POST. The retail loan's
 * data steps are found by walking a new Estonian small-loan application through the API
 * (tests/bench/retail-walk.ts: the create step, then each task with its contract's example, until
 * check answers), so the list follows the process as it is. For each, an application is seeded at
 * the step with the walk's answer as the draft, the page opened in a new browser context (an empty
 * cache: the next step is a first visit), left for a reader's moment, and Continue clicked.
 * Measured in the page: from the click (its event time) to the frame after the next step's h1 takes
 * focus; and the step's POST from the browser's own timing of the request. No assertion: a
 * measurement. `npm run bench` runs it as its browser section.
 *
 *   npm run build && npm run bench:steps
 *   STEP_BENCH_RUNS=5 STEP_BENCH_STATIC_DIR=/elsewhere/dist node --import tsx tests/bench/step-transitions.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import type { TaskKey } from '../../src/steps/_generated/task-keys';
import { chromiumLaunchOptions } from '../support/chromium';
import { copyTemplate, ensureBuilt, preparePgliteTemplate, startSolisServer, type SolisServer } from '../support/e2e-server';
import { walkRetailFlow, type WalkedStep } from './retail-walk';

/** Issue 26 item 1: the median of Continue → heading is at most this much over the step's POST. */
export const TARGET_OVER_POST_MS = 100;

/** Watches for the next h1 to take focus after the click; a string, so tsx adds nothing the page lacks. */
const WATCH = `
  window.__solisNext = new Promise((resolve) => {
    const before = document.querySelector('h1');
    let clickedAt;
    document.addEventListener('click', (event) => { if (clickedAt === undefined) clickedAt = event.timeStamp; }, { capture: true, once: true });
    document.addEventListener('focusin', function onFocus(event) {
      const target = event.target;
      if (clickedAt === undefined || !(target instanceof HTMLElement) || target.tagName !== 'H1' || target === before) return;
      document.removeEventListener('focusin', onFocus);
      requestAnimationFrame(() => resolve({ ms: performance.now() - clickedAt, heading: target.textContent }));
    });
  });
  true;
`;

async function seed(page: Page, step: WalkedStep, previous: readonly TaskKey[]): Promise<string> {
  const body = {
    taskDefinitionKey: step.taskKey,
    productName: 'SMALL_LOAN',
    previousTasks: ['createApplicationStep', ...previous],
    draft: step.draft,
    languageCode: 'eng',
  };
  const reply = await page.evaluate(async (json) => {
    const response = await fetch('/api/sandbox/applications', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: json });
    return { status: response.status, text: await response.text() };
  }, JSON.stringify(body));
  if (reply.status !== 200 && reply.status !== 201) throw new Error(`seeding ${step.taskKey}: ${reply.status} ${reply.text}`);
  return (JSON.parse(reply.text) as { data: { externalId: string } }).data.externalId;
}

export interface Sample {
  step: TaskKey;
  continueToHeading: number;
  post: number;
  next: string;
}

export interface TransitionOptions {
  /** Counted rounds over every step (default 3). */
  runs?: number;
  /** How long the applicant looks at a step before Continue: the browser is idle meanwhile (default 1.5 s). */
  readingMs?: number;
  /** A first round that warms the server and the disk cache, not counted (default on). */
  warmUp?: boolean;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Measures every retail data step's Continue against a running server (test mode: it seeds). */
export async function measureStepTransitions(server: SolisServer, options: TransitionOptions = {}): Promise<{ steps: TaskKey[]; samples: Sample[] }> {
  const runs = options.runs ?? 3;
  const readingMs = options.readingMs ?? 1500;
  const { steps } = await walkRetailFlow(server.url);
  if (steps.length === 0) throw new Error('the walk found no data step between the create step and check answers');
  const browser = await chromium.launch(chromiumLaunchOptions);
  const samples: Sample[] = [];
  try {
    for (let run = options.warmUp === false ? 1 : 0; run <= runs; run++) {
      for (const [index, step] of steps.entries()) {
        const context = await browser.newContext({ baseURL: server.url, locale: 'en-GB', viewport: { width: 390, height: 844 } });
        context.setDefaultTimeout(30_000);
        try {
          const page = await context.newPage();
          await page.goto('/?lang=en');
          await page.locator('h1').first().waitFor();
          const externalId = await seed(page, step, steps.slice(0, index).map((earlier) => earlier.taskKey));
          await page.goto(`/?externalId=${externalId}&lang=en`);
          await page.locator('form button[type="submit"]').first().waitFor();
          await page.waitForTimeout(readingMs);
          const post = page.waitForRequest((request) => request.method() === 'POST' && /\/application-process\/[^/]+\/step$/.test(new URL(request.url()).pathname));
          await page.evaluate(WATCH);
          await page.locator('form button[type="submit"]').first().click();
          const request = await post;
          const arrived = await Promise.race([
            page.evaluate('window.__solisNext') as Promise<{ ms: number; heading: string }>,
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${step.taskKey}: no new heading took focus 30 s after Continue`)), 30_000).unref()),
          ]);
          await request.response();
          const timing = request.timing();
          // The first round warms the server and the disk cache: not counted.
          if (run > 0) samples.push({ step: step.taskKey, continueToHeading: arrived.ms, post: timing.responseEnd, next: arrived.heading.trim() });
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  return { steps: steps.map((step) => step.taskKey), samples };
}

/** The median difference over every sample: what the target is about. */
export function medianOverPost(samples: readonly Sample[]): number {
  return median(samples.map((sample) => sample.continueToHeading - sample.post));
}

/** One line per step (medians), then the medians over all and the target. */
export function formatStepTransitions(steps: readonly TaskKey[], samples: readonly Sample[]): string {
  const lines = [['step'.padEnd(50), 'continue→heading'.padStart(17), 'POST'.padStart(8), 'difference'.padStart(11), '  next heading'].join(' ')];
  for (const step of steps) {
    const of = samples.filter((sample) => sample.step === step);
    const heading = median(of.map((sample) => sample.continueToHeading));
    const post = median(of.map((sample) => sample.post));
    lines.push([step.padEnd(50), `${heading.toFixed(0)} ms`.padStart(17), `${post.toFixed(0)} ms`.padStart(8), `${(heading - post).toFixed(0)} ms`.padStart(11), ` ${of[0]?.next ?? ''}`].join(' '));
  }
  const over = medianOverPost(samples);
  lines.push(
    `median over all ${samples.length}: continue→heading ${median(samples.map((s) => s.continueToHeading)).toFixed(0)} ms, POST ${median(samples.map((s) => s.post)).toFixed(0)} ms, ` +
      `difference ${over.toFixed(0)} ms (target at most ${TARGET_OVER_POST_MS} ms: ${over <= TARGET_OVER_POST_MS ? 'met' : 'missed'})`,
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
  const staticDir = process.env.STEP_BENCH_STATIC_DIR;
  if (!staticDir) await ensureBuilt();
  const runs = Number(process.env.STEP_BENCH_RUNS ?? 3);
  const workDir = mkdtempSync(path.join(tmpdir(), 'solis-step-bench-'));
  const template = path.join(workDir, 'template');
  await preparePgliteTemplate(template);
  const copy = copyTemplate(template, 'solis-step-bench-db-');
  const server = await startSolisServer({ dataDir: copy.dataDir, ...(staticDir ? { env: { STATIC_DIR: staticDir } } : {}) });
  try {
    const { steps, samples } = await measureStepTransitions(server, { runs, readingMs: Number(process.env.STEP_BENCH_READING_MS ?? 1500) });
    console.info(`Continue to the next heading, ${runs} runs per step (390 px, a new context each: first visits), static ${staticDir ?? 'dist/'}`);
    console.info(formatStepTransitions(steps, samples));
  } finally {
    await server.stop();
    copy.remove();
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
