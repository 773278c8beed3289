/**
 * Issue 26 item 1: Continue to the next step's heading, against the step's POST. For each of the
 * retail loan's data steps (Estonia, English), an application is seeded at the step with its
 * contract's example as the draft, the page opened in a new browser context (an empty cache: the
 * next step is a first visit), left for a reader's moment, and Continue clicked. Measured in the
 * page: from the click (its event time) to the frame after the next step's h1 takes focus; and the
 * step's POST from the browser's own timing of the request. No assertion: a measurement.
 *
 *   npm run build && npm run bench:steps
 *   STEP_BENCH_RUNS=5 STEP_BENCH_STATIC_DIR=/elsewhere/dist node --import tsx tests/bench/step-transitions.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { STEP_CONTRACTS } from '../../src/steps/_generated/contracts.gen';
import type { TaskKey } from '../../src/steps/_generated/task-keys';
import { chromiumLaunchOptions } from '../support/chromium';
import { copyTemplate, ensureBuilt, preparePgliteTemplate, startSolisServer } from '../support/e2e-server';

const RUNS = Number(process.env.STEP_BENCH_RUNS ?? 3);
/** How long the applicant looks at a step before Continue: the browser is idle meanwhile. */
const READING_MS = Number(process.env.STEP_BENCH_READING_MS ?? 1500);

/** The Estonian small loan's data steps in order, as an employed applicant meets them. */
const STEPS: readonly TaskKey[] = [
  'submitPersonalInfo',
  'submitBackgroundData',
  'submitEmployerInfo',
  'submitAddress',
  'submitFinancialData',
  'submitBankDetailsAndIdentificationDocumentInfo',
];

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

async function seed(page: Page, taskKey: TaskKey, previous: readonly TaskKey[]): Promise<string> {
  const contract = STEP_CONTRACTS[taskKey].contract as { example?: (context: { domain: string }) => Record<string, unknown> };
  const body = {
    taskDefinitionKey: taskKey,
    productName: 'SMALL_LOAN',
    previousTasks: ['createApplicationStep', ...previous],
    draft: contract.example?.({ domain: 'retail-banking-ee' }) ?? {},
    languageCode: 'eng',
  };
  const reply = await page.evaluate(async (json) => {
    const response = await fetch('/api/sandbox/applications', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: json });
    return { status: response.status, text: await response.text() };
  }, JSON.stringify(body));
  if (reply.status !== 200 && reply.status !== 201) throw new Error(`seeding ${taskKey}: ${reply.status} ${reply.text}`);
  return (JSON.parse(reply.text) as { data: { externalId: string } }).data.externalId;
}

interface Sample {
  step: TaskKey;
  continueToHeading: number;
  post: number;
  next: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(): Promise<void> {
  process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
  const staticDir = process.env.STEP_BENCH_STATIC_DIR;
  if (!staticDir) await ensureBuilt();
  const workDir = mkdtempSync(path.join(tmpdir(), 'solis-step-bench-'));
  const template = path.join(workDir, 'template');
  await preparePgliteTemplate(template);
  const copy = copyTemplate(template, 'solis-step-bench-db-');
  const server = await startSolisServer({ dataDir: copy.dataDir, ...(staticDir ? { env: { STATIC_DIR: staticDir } } : {}) });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const samples: Sample[] = [];
  try {
    for (let run = 0; run <= RUNS; run++) {
      for (const [index, step] of STEPS.entries()) {
        const context = await browser.newContext({ baseURL: server.url, locale: 'en-GB', viewport: { width: 390, height: 844 } });
        context.setDefaultTimeout(30_000);
        try {
          const page = await context.newPage();
          await page.goto('/?lang=en');
          await page.locator('h1').first().waitFor();
          const externalId = await seed(page, step, STEPS.slice(0, index));
          await page.goto(`/?externalId=${externalId}&lang=en`);
          await page.locator('form button[type="submit"]').first().waitFor();
          await page.waitForTimeout(READING_MS);
          const post = page.waitForRequest((request) => request.method() === 'POST' && /\/application-process\/[^/]+\/step$/.test(new URL(request.url()).pathname));
          await page.evaluate(WATCH);
          await page.locator('form button[type="submit"]').first().click();
          const request = await post;
          const arrived = (await page.evaluate('window.__solisNext')) as { ms: number; heading: string };
          await request.response();
          const timing = request.timing();
          // The first round warms the server and the disk cache: not counted.
          if (run > 0) samples.push({ step, continueToHeading: arrived.ms, post: timing.responseEnd, next: arrived.heading.trim() });
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    copy.remove();
    rmSync(workDir, { recursive: true, force: true });
  }
  console.info(`Continue to the next heading, ${RUNS} runs per step (390 px, a new context each: first visits), static ${staticDir ?? 'dist/'}`);
  console.info('step'.padEnd(50), 'continue→heading'.padStart(17), 'POST'.padStart(8), 'difference'.padStart(11), '  next heading');
  for (const step of STEPS) {
    const of = samples.filter((sample) => sample.step === step);
    const heading = median(of.map((sample) => sample.continueToHeading));
    const post = median(of.map((sample) => sample.post));
    console.info(step.padEnd(50), `${heading.toFixed(0)} ms`.padStart(17), `${post.toFixed(0)} ms`.padStart(8), `${(heading - post).toFixed(0)} ms`.padStart(11), ` ${of[0]?.next ?? ''}`);
  }
  const all = samples.map((sample) => sample.continueToHeading - sample.post);
  console.info(`median over all: continue→heading ${median(samples.map((s) => s.continueToHeading)).toFixed(0)} ms, POST ${median(samples.map((s) => s.post)).toFixed(0)} ms, difference ${median(all).toFixed(0)} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
