/**
 * Browser tests cost minutes each on two cores, so their number is budgeted (issue 20): one browser
 * path per product and domain, variants in component tests, browser tests seeded at the step they
 * test. The count is Playwright's own (`playwright test --list`: a test declared in a loop counts
 * once per case, as it runs), which needs no build and no browser.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/e2e-server';

/** Today's counts and no more. Lower a row when a spec sheds tests; raising one needs a reason. */
const BUDGETS: Record<string, number> = {
  'access.spec.ts': 1,
  // Issue 25: analytics with consent (decision 190): the marketing consent sends them, the banner withdraws them.
  'analytics-consent.spec.ts': 1,
  'apply.spec.ts': 3,
  'campaign-documents.spec.ts': 4,
  // Issue 21: the captcha widget end to end (its provider's script on another origin, the CSP, the token on create).
  'captcha.spec.ts': 1,
  // Issue 21: a provider that fails four ways (fault controls), and Smart-ID and Mobile-ID on their simulators' phone pages.
  'provider-faults.spec.ts': 1,
  'sk-eid-simulators.spec.ts': 2,
  'choose-continue-option.spec.ts': 3,
  'chunks.spec.ts': 5,
  'closing-pages.spec.ts': 4,
  'contract-signing.spec.ts': 6,
  // Issue 24: the corporate step's collaterals and liabilities by keyboard alone, seeded at the step.
  'corporate-lists-keyboard.spec.ts': 1,
  'contract.spec.ts': 7,
  'cross-sell-signing.spec.ts': 4,
  'current-account-signing.spec.ts': 3,
  'decisions.spec.ts': 5,
  'draft.spec.ts': 1,
  // Decision 208: the create step's and thank-you page's axe in en and ru moved to jsdom (first-page-speaks).
  // Decision 213: money typed in en and et with spaces, read in the view test; the browser keeps "10.000,50".
  'form-baseline.spec.ts': 11,
  'identification.spec.ts': 4,
  'keyboard.spec.ts': 1,
  // Decision 206: `/`'s server-written first step top against the app's render, without and with script.
  'layout-shift.spec.ts': 2,
  'marketing-consent.spec.ts': 1,
  'offers.spec.ts': 6,
  'open-banking.spec.ts': 8,
  'partner-short.spec.ts': 1,
  // Issue 27 item 2 (decision 217): the sample of the generated paths inside `npm test` (two client machine paths).
  // Decision 222: two signing paths, one identification and one open-banking path; 20 to 26 s each, 138 s wall with the setup (load 27 to 30).
  'paths-sample.spec.ts': 4,
  // Issue 27 item 3 (decision 234): a path walked in `npm run dev` (Vite's dev server, not the built app): no other spec starts it.
  // 45 to 84 s wall at loads of 11 to 15 (one run: the dev server 14 s, its first page 12 s, three steps 8 s, Play to the signing 18 s).
  'path-walk-dev.spec.ts': 1,
  'products-domains.spec.ts': 2,
  'products.spec.ts': 9,
  'routes.spec.ts': 5,
  'session.spec.ts': 2,
  'shell.spec.ts': 8,
  // Issue 21: the eParaksts simulator's pages, and its token endpoint failing.
  'signing-eparaksts.spec.ts': 2,
  'signing-providers.spec.ts': 1,
  'step-errors.spec.ts': 2,
  // Issue 25 (decision 187): the app in a partner page on another origin: its messages and height, messages it ignores, a parent not allowed.
  'embedded-parent.spec.ts': 3,
  // Issue 26 item 5 (decision 193): dates and postal codes as typed, and the upload drop zone, in Latvian at 390 px.
  'typed-formats.spec.ts': 1,
  // Issue 26 item 2 (decision 195): back on other devices by a link from the e-mail and by Smart-ID, in Estonian at 390 px.
  'resume.spec.ts': 1,
  // Issue 26 items 3 and 6 (decision 196): the personal code carried forward, check answers folded with each fact once, at 390 px.
  'check-answers-folds.spec.ts': 1,
  // Issue 26 item 6 (decision 197): the calculator as a bottom sheet, "Step N of M", the Back link and the browser's Back, in Estonian at 390 px.
  'finding-your-way.spec.ts': 1,
  // Issue 24: the corporate domain, one path a product kind (a leasing, a loan) and country, from `/` to the signed contract.
  'journeys/ee-corporate.spec.ts': 2,
  'journeys/ee-credit-card.spec.ts': 1,
  // Issue 22 (decision 175): a duplicate application found at creation, live, in two browsers.
  'journeys/ee-duplicate-application.spec.ts': 1,
  // Issue 22 (decision 173): the final stage live, to the final offer and to NEGATIVE_FINAL.
  'journeys/ee-final-decision.spec.ts': 2,
  'journeys/ee-housing-co-borrower.spec.ts': 1,
  // Issue 22 (decisions 172, 147): a shop's customer taken back to the shop after sharing statements, live.
  'journeys/ee-return-to-merchant.spec.ts': 1,
  'journeys/ee-small-loan.spec.ts': 1,
  // Issue 22: the card offered with a loan, accepted, both contracts signed in the cross-sell modal, without sandbox controls.
  'journeys/ee-small-loan-with-card.spec.ts': 1,
  'journeys/every-step-languages.spec.ts': 3,
  'journeys/lt-car-loan.spec.ts': 1,
  // Issue 24: green leasing at 320 px (reflow on every step) and a small business loan.
  'journeys/lt-corporate.spec.ts': 2,
  // Issue 24: equipment leasing and a mortgage loan with premises as collateral.
  'journeys/lv-corporate.spec.ts': 2,
  'journeys/lv-housing-loan.spec.ts': 1,
  // Issue 22: the statement analysis's waiting pages moving on by themselves, live (decision 172).
  'journeys/lv-statements-analysis.spec.ts': 1,
  'journeys/narrow-screen.spec.ts': 4,
  'journeys/reload-and-second-tab.spec.ts': 1,
  // Issue 25 (decision 189): the bank's landing page for a registered partner, to the application it makes.
  'partner-landing-page.spec.ts': 1,
};
/** Today's sum of the rows: raising a row means lowering another, or this, on purpose. */
// Issue 22: +1 the live cross-sell journey (ee-small-loan-with-card), +2 the final stage's (ee-final-decision, decision 173),
// +1 the duplicate application's (decision 175), +1 the live statement analysis and +1 return to merchant (decision 172).
// Issue 24: +6 the corporate domain's journeys (a leasing and a loan in EE, LV and LT), +1 its two lists by keyboard.
// Issue 25: +1 the partner landing page (decision 189), +3 the app in a partner's page on another origin (decision 187: its messages, what it ignores, a parent not allowed),
// +1 analytics with consent (decision 190). Issue 26: +1 the formats a person types (typed-formats, decision 193).
// Issue 26: +1 resume on other devices by a link and by Smart-ID (decision 195).
// Issue 26: +1 nothing asked twice and check answers that folds (check-answers-folds, decision 196).
// Decision 208: -2 the create step's axe in en and ru (form-baseline), now in jsdom.
// Issue 26: +1 `/`'s server-written first step top against the app's render (layout-shift, decision 206):
// it needs the built app, the server and a browser with and without script, which no component test has.
// Issue 26: +1 finding your way: the calculator sheet, the step line and Back at 390 px (finding-your-way, decision 197).
// Issue 27: +2 the sample of the generated paths (paths-sample, decision 217): the issue asks for a sample inside `npm test`.
// Decision 213: -2 money typed in en "10,000" and et "10 000" (form-baseline), read in the view test.
// Issue 27: +1 a generated path walked in the development server (path-walk-dev, decision 234): the issue's `npm run dev`
// with `?inspect&path=`, which runs Vite's dev modules no built-app spec loads.
const TOTAL_BUDGET = 155;

const WHERE_TESTS_BELONG =
  'Variants (languages, answers, error cases) belong in component tests (src/steps/*/view.test.tsx, tests/components); ' +
  'paths through the process in the generated path tests (tests/machines/application.model.test.ts, tests/server/process-paths.test.ts). ' +
  'The browser keeps one path per product and domain, and a browser test starts seeded at the step it tests (e2e/support/seed-application.ts).';

interface ListedSuite {
  specs?: { file: string; tests: unknown[] }[];
  suites?: ListedSuite[];
}

/** The tests Playwright would run, per spec file (relative to e2e/), from its own listing. */
function listedTests(): Record<string, number> {
  const list = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.config.ts', '--list', '--reporter=json'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (list.status !== 0) throw new Error(`playwright test --list failed: ${list.stderr}`);
  const out: Record<string, number> = {};
  const walk = (suite: ListedSuite) => {
    for (const spec of suite.specs ?? []) out[spec.file] = (out[spec.file] ?? 0) + spec.tests.length;
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of (JSON.parse(list.stdout) as { suites: ListedSuite[] }).suites) walk(suite);
  return out;
}

const counts = listedTests();

describe('the browser test budget', () => {
  it('finds the specs and their tests (the count itself works)', () => {
    expect(counts['apply.spec.ts']).toBeGreaterThan(0);
    expect(Object.keys(counts).some((file) => file.startsWith('journeys/'))).toBe(true);
  });

  it('no spec has more tests than its budget, and a new spec has none unless given one', () => {
    const over = Object.entries(counts)
      .filter(([file, count]) => count > (BUDGETS[file] ?? 0))
      .map(([file, count]) => `e2e/${file}: ${count} tests, budget ${BUDGETS[file] ?? 'none (a new spec: add its row only for a new product or domain)'}`);
    expect(over, `Over the browser test budget (tests/lint/e2e-budget.test.ts). ${WHERE_TESTS_BELONG}`).toEqual([]);
  });

  it('all specs together stay within the total budget', () => {
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    expect(total, `${total} browser tests, budget ${TOTAL_BUDGET}. ${WHERE_TESTS_BELONG}`).toBeLessThanOrEqual(TOTAL_BUDGET);
  });

  it('every budget row names a spec that exists (remove the row of a spec that is gone)', () => {
    expect(Object.keys(BUDGETS).filter((file) => !(file in counts))).toEqual([]);
  });
});
