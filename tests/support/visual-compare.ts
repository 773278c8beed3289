/**
 * Visual comparison of two (or more) builds of the app: a throw-away check for restyling work (issue 20:
 * the global stylesheet split into sheets beside their components, "no visual change"). Not part of
 * `npm test`; run it by hand.
 *
 *   npm run build                                    # the candidate, in dist/
 *   mkdir -p /tmp/base && git archive <base-commit> | tar -x -C /tmp/base
 *   ln -s "$PWD/node_modules" /tmp/base/node_modules && (cd /tmp/base && npm run build)
 *   node --import tsx tests/support/visual-compare.ts /tmp/base/dist dist [--out .tmp/visual] [--only key1,key2]
 *
 * One reference server (test mode, a copied database, tests/support/e2e-server.ts) serves the API; every
 * other request (index.html, /assets/...) is answered by the test from the build being shot, so each
 * application is seeded ONCE (sandbox, e2e/support/sandbox.ts) and then shown by every build in turn:
 * the same data (reference numbers, dates) under each build's styles. Shots, at 390x844 and 1280x900,
 * full page, animations stopped: the first page `/`, every task key of TASK_KEYS (the calculator
 * modal that opens by itself on the first step closed with Escape, as the browser tests do), the
 * calculator modal open, and one form's validation errors (submitted empty).
 *
 * PNGs go to <out>/<build index>/<shot>.png. Each later build's PNG is compared with the first's: byte
 * for byte, and where the bytes differ pixel for pixel (decoded by Chromium in a canvas; a diff image
 * with the changed pixels in red goes to <out>/diff/). Exit code 1 when any shot differs.
 * Give the same build twice (`base base`) to see what differs between two loads of the same build.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import type { Page as TestPage } from '@playwright/test';
import { sandbox, type SeedRequest } from '../../e2e/support/sandbox';
import { APPLICANT_TASKS } from '../../e2e/support/seed-application';
import { TASK_KEYS } from '../../src/steps/_generated/task-keys';
import { chromiumLaunchOptions } from './chromium';
import { copyTemplate, preparePgliteTemplate, scratchRoot, startSolisServer, type SolisServer } from './e2e-server';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

const LOAN = { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 };

/** What a task key needs beyond its key to show its real screen (as the browser tests seed them). */
const SEEDS: Partial<Record<string, Partial<SeedRequest>>> = {
  reviewApproved: {
    productName: 'SMALL_LOAN',
    previousTasks: ['checkAnswers'],
    decision: 'POSITIVE',
    application: { applicationUpdates: { creditConditions: { loanAmount: 5000, loanPeriod: 36 } } },
  },
  viewCreditCardOffer: {
    productName: 'CREDIT_CARD_VISA_CLASSIC',
    previousTasks: ['checkAnswers'],
    decision: 'POSITIVE',
    application: { applicationUpdates: { creditConditions: { loanAmount: 2000, loanPeriod: 36 } } },
  },
  viewContractAndChooseSigningMethod: {
    previousTasks: ['checkAnswers'],
    decision: 'POSITIVE',
    application: { applicationUpdates: { creditConditions: LOAN } },
  },
  viewContractConditions: { previousTasks: ['checkAnswers'], decision: 'POSITIVE', application: { applicationUpdates: { creditConditions: LOAN } } },
  identifyCustomer: {
    productName: 'CURRENT_ACCOUNT',
    previousTasks: ['createApplicationStep'],
    application: { personUpdates: [{ role: 'APPLICANT', personalCode: '38001085718', declaredData: { firstName: 'Mari', surname: 'Maasikas' } }] },
  },
  // No task of its own: what the applicant sees while an invited co-borrower fills in their first step.
  viewWaitingPage: {
    taskDefinitionKey: 'submitInitialDataCoBorrower',
    productName: 'HOUSING_LOAN',
    previousTasks: [...APPLICANT_TASKS],
    application: {
      applicationUpdates: {
        creditConditions: { productName: 'HOUSING_LOAN', loanAmount: 90_000, loanPeriod: 240 },
        coApplicant: { firstName: 'Toomas', surname: 'Lepik', email: 'toomas.lepik@example.com', phoneNumber: { code: '+372', number: '53335555' } },
      },
    },
  },
  signCurrentAccountContract: { productName: 'CURRENT_ACCOUNT' },
  viewCurrentAccountContractSigned: { productName: 'CURRENT_ACCOUNT' },
  readNegativeDecision: { decision: 'NEGATIVE_FINAL' },
  readUndecidedDecision: { decision: 'UNDECIDED' },
  readUndecidedHousingLoanDecision: { decision: 'UNDECIDED_HOUSING_LOAN' },
};

interface Options {
  builds: string[];
  out: string;
  only: Set<string> | null;
}

function parseArgs(argv: string[]): Options {
  const builds: string[] = [];
  let out = path.resolve('.tmp/visual');
  let only: Set<string> | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--out') out = path.resolve(argv[++i]!);
    else if (arg === '--only') only = new Set(argv[++i]!.split(','));
    else builds.push(path.resolve(arg));
  }
  if (builds.length === 0) throw new Error('usage: visual-compare.ts <dist> [<dist> ...] [--out dir] [--only shot,shot]');
  for (const dir of builds) {
    if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir} holds no build (index.html missing): run npm run build`);
  }
  return { builds, out, only };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/** Serves every request but the API's from `build()`: a file of the build, or index.html (the app's routes). */
async function serveBuild(context: BrowserContext, origin: string, build: () => string): Promise<void> {
  await context.route(
    (url) => url.origin === origin && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/sandbox'),
    async (route: Route) => {
      const { pathname } = new URL(route.request().url());
      const root = build();
      const candidate = path.join(root, decodeURIComponent(pathname));
      const isFile = candidate.startsWith(root) && existsSync(candidate) && statSync(candidate).isFile();
      const file = isFile ? candidate : path.join(root, 'index.html');
      const headers = { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
      // A request still in flight when the shot's context closes has nobody to answer.
      await route.fulfill({ status: 200, headers, body: readFileSync(file) }).catch(() => undefined);
    },
  );
}

/** Loaded and still: the page's heading shown, the network quiet (or 5 s passed), fonts in, two frames. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 30_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await page.waitForTimeout(300);
}

/** The calculator modal (e2e/fixtures.ts `calculatorModal`). */
const CALCULATOR = 'dialog.solis-modal[open]';

async function closeCalculator(page: Page): Promise<void> {
  if (await page.locator(CALCULATOR).filter({ has: page.getByRole('slider') }).count()) {
    await page.keyboard.press('Escape');
    await page.locator(CALCULATOR).waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
    await settle(page);
  }
}

interface Shot {
  name: string;
  /** Seeds (once per viewport) what the shot shows; returns the address to open. */
  prepare(page: Page): Promise<string>;
  /** After the page has settled, before the screenshot. */
  act?(page: Page): Promise<void>;
  /** Later builds open the address the first build ended at (a one-time link: the co-borrower's invitation). */
  reuseLandedUrl?: boolean;
}

function shots(): Shot[] {
  const seeded = (key: string): Shot['prepare'] => async (page) => {
    const request: SeedRequest = { taskDefinitionKey: key, languageCode: 'eng', ...SEEDS[key] };
    if (key === 'viewReturnToMerchant') {
      await sandbox.registerPartner(page as unknown as TestPage, { regCode: 'VISUAL-SHOP', name: 'Visual shop', returnAddresses: ['https://shop.example/return'] });
      request.partner = { regCode: 'VISUAL-SHOP', processData: { webShopRedirectUri: 'https://shop.example/return' }, seller: { businessName: 'Visual Shop' } };
    }
    const { externalId } = await sandbox.seedApplication(page as unknown as TestPage, request);
    return `/?externalId=${externalId}&lang=en`;
  };
  return [
    { name: 'first-page', prepare: async () => '/?lang=en', act: closeCalculator },
    { name: 'first-page-calculator-open', prepare: async () => '/?lang=en' },
    ...TASK_KEYS.map((key): Shot => ({ name: key, prepare: seeded(key), act: closeCalculator })),
    {
      // The co-borrower's personal details: the loan as a summary list (current-product.css).
      name: 'coBorrower.submitPersonalInfo',
      reuseLandedUrl: true,
      prepare: async (page) => {
        const { externalId } = await sandbox.seedApplication(page as unknown as TestPage, {
          ...(SEEDS['viewWaitingPage'] as SeedRequest),
          taskDefinitionKey: 'coBorrower.submitPersonalInfo',
          previousTasks: [...SEEDS['viewWaitingPage']!.previousTasks!, 'submitInitialDataCoBorrower'],
          languageCode: 'eng',
        });
        const messages = await sandbox.outbox(page as unknown as TestPage, externalId);
        const link = messages.find((message) => message.kind === 'coBorrowerInvitation')?.body.link;
        if (!link) throw new Error(`no invitation in the outbox of ${externalId}`);
        // The co-borrower opens it in a browser of their own: without the applicant's session.
        await page.context().clearCookies();
        return `${link}?lang=en`;
      },
    },
    {
      name: 'submitAddress-validation-errors',
      prepare: seeded('submitAddress'),
      act: async (page) => {
        await page.locator('main button[type="submit"]').last().click();
        await page.locator('.solis-error-summary').waitFor({ state: 'visible', timeout: 10_000 });
        await settle(page);
      },
    },
  ];
}

/**
 * Runs in the comparing page (as source text: tsx's helpers do not exist there). Draws both PNGs into
 * canvases and compares their pixels; answers the count of differing pixels and a diff image.
 */
const COMPARE_IN_PAGE = `async ({ left, right }) => {
  const load = (data) => new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('not an image'));
    image.src = 'data:image/png;base64,' + data;
  });
  const [one, two] = await Promise.all([load(left), load(right)]);
  const width = Math.max(one.width, two.width);
  const height = Math.max(one.height, two.height);
  const pixels = (image) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, width, height).data;
  };
  const p1 = pixels(one);
  const p2 = pixels(two);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  const out = context.createImageData(width, height);
  let different = 0;
  for (let i = 0; i < p1.length; i += 4) {
    const same = p1[i] === p2[i] && p1[i + 1] === p2[i + 1] && p1[i + 2] === p2[i + 2] && p1[i + 3] === p2[i + 3];
    if (!same) different++;
    const grey = Math.round((p1[i] + p1[i + 1] + p1[i + 2]) / 12) + 192;
    out.data.set(same ? [grey, grey, grey, 255] : [255, 0, 0, 255], i);
  }
  context.putImageData(out, 0, 0);
  return {
    different,
    size: one.width === two.width && one.height === two.height ? width + 'x' + height : one.width + 'x' + one.height + ' vs ' + two.width + 'x' + two.height,
    diff: different ? canvas.toDataURL('image/png').slice('data:image/png;base64,'.length) : null,
  };
}`;

/** Compares two PNGs in Chromium: the count of differing pixels, and a diff image (changes in red). */
async function comparePngs(page: Page, a: Buffer, b: Buffer): Promise<{ different: number; size: string; diff: Buffer | null }> {
  const args = JSON.stringify({ left: a.toString('base64'), right: b.toString('base64') });
  const result = (await page.evaluate(`(${COMPARE_IN_PAGE})(${args})`)) as { different: number; size: string; diff: string | null };
  return { different: result.different, size: result.size, diff: result.diff ? Buffer.from(result.diff, 'base64') : null };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const templateDir = mkdtempSync(path.join(scratchRoot(), 'solis-visual-template-'));
  const template = path.join(templateDir, 'pgdata');
  let server: SolisServer | undefined;
  let browser: Browser | undefined;
  const copy = { remove: () => undefined as void } as { dataDir?: string; remove(): void };
  try {
    console.info('preparing the database…');
    await preparePgliteTemplate(template);
    Object.assign(copy, copyTemplate(template, 'solis-visual-'));
    server = await startSolisServer({ dataDir: copy.dataDir, env: { STATIC_DIR: options.builds[0]! } });
    browser = await chromium.launch(chromiumLaunchOptions);
    const origin = server.url;
    const list = shots().filter((shot) => !options.only || options.only.has(shot.name));
    const differences: string[] = [];
    let compared = 0;
    const comparer = await browser.newPage();
    for (const viewport of VIEWPORTS) {
      for (const shot of list) {
        // A context per shot: a session (cookie) of its own, as a fresh visitor.
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          locale: 'en-GB',
          timezoneId: 'Europe/Tallinn',
          baseURL: origin,
        });
        let current = options.builds[0]!;
        await serveBuild(context, origin, () => current);
        const page = await context.newPage();
        const name = `${shot.name}.${viewport.name}`;
        try {
          await page.goto('/?lang=en');
          await settle(page);
          const address = await shot.prepare(page);
          const files: Buffer[] = [];
          let landed = address;
          for (const [index, build] of options.builds.entries()) {
            current = build;
            await page.goto(index > 0 && shot.reuseLandedUrl ? landed : address);
            await settle(page);
            if (index === 0) landed = page.url();
            await shot.act?.(page);
            const png = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
            mkdirSync(path.join(options.out, String(index)), { recursive: true });
            writeFileSync(path.join(options.out, String(index), `${name}.png`), png);
            files.push(png);
          }
          for (let index = 1; index < files.length; index++) {
            compared++;
            if (files[0]!.equals(files[index]!)) continue;
            const { different, size, diff } = await comparePngs(comparer, files[0]!, files[index]!);
            if (different === 0) continue;
            mkdirSync(path.join(options.out, 'diff'), { recursive: true });
            if (diff) writeFileSync(path.join(options.out, 'diff', `${name}.${index}.png`), diff);
            differences.push(`${name}: build ${index} differs in ${different} pixels (${size})`);
          }
          console.info(`${name}: ${files.length} shots`);
        } catch (error) {
          differences.push(`${name}: could not be shot: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        } finally {
          await context.close();
        }
      }
    }
    console.info(`\n${list.length} screens x ${VIEWPORTS.length} viewports, ${compared} comparisons, ${differences.length} differences`);
    for (const line of differences) console.info(`  ${line}`);
    process.exitCode = differences.length ? 1 : 0;
  } finally {
    await browser?.close();
    await server?.stop();
    copy.remove();
    rmSync(templateDir, { recursive: true, force: true });
  }
}

await main();
