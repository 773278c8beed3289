/**
 * Browser tests cost minutes each on two cores, so their number is budgeted (issue 20): one browser
 * path per product and domain, variants in component tests, browser tests seeded at the step they
 * test. The count is static (the `test(` declarations of each spec), so it needs no build; a test
 * declared in a loop counts once, whatever its table holds.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/e2e-server';

/** Today's counts and no more. Lower a row when a spec sheds tests; raising one needs a reason. */
const BUDGETS: Record<string, number> = {
  'access.spec.ts': 1,
  'apply.spec.ts': 1,
  'campaign-documents.spec.ts': 2,
  'choose-continue-option.spec.ts': 3,
  'chunks.spec.ts': 5,
  'closing-pages.spec.ts': 2,
  'contract-signing.spec.ts': 4,
  'contract.spec.ts': 5,
  'cross-sell-signing.spec.ts': 2,
  'current-account-signing.spec.ts': 2,
  'decisions.spec.ts': 3,
  'draft.spec.ts': 1,
  'form-baseline.spec.ts': 11,
  'identification.spec.ts': 4,
  'keyboard.spec.ts': 1,
  'layout-shift.spec.ts': 1,
  'marketing-consent.spec.ts': 1,
  'offers.spec.ts': 4,
  'open-banking.spec.ts': 6,
  'partner-short.spec.ts': 1,
  'products-domains.spec.ts': 1,
  'products.spec.ts': 9,
  'routes.spec.ts': 5,
  'session.spec.ts': 2,
  'shell.spec.ts': 8,
  'signing-eparaksts.spec.ts': 1,
  'signing-providers.spec.ts': 1,
  'step-errors.spec.ts': 2,
  'journeys/ee-credit-card.spec.ts': 1,
  'journeys/ee-housing-co-borrower.spec.ts': 1,
  'journeys/ee-small-loan.spec.ts': 1,
  'journeys/every-step-languages.spec.ts': 1,
  'journeys/lt-car-loan.spec.ts': 1,
  'journeys/lv-housing-loan.spec.ts': 1,
  'journeys/narrow-screen.spec.ts': 4,
  'journeys/reload-and-second-tab.spec.ts': 1,
};
/** Today's sum of the rows: raising a row means lowering another, or this, on purpose. */
const TOTAL_BUDGET = 100;

const WHERE_TESTS_BELONG =
  'Variants (languages, answers, error cases) belong in component tests (src/steps/*/view.test.tsx, tests/components); ' +
  'paths through the process in the generated path tests (tests/machines/application.model.test.ts, tests/server/process-paths.test.ts). ' +
  'The browser keeps one path per product and domain, and a browser test starts seeded at the step it tests (e2e/support/seed-application.ts).';

const E2E = path.join(REPO_ROOT, 'e2e');

/** Every spec Playwright runs (testMatch **\/*.spec.ts), relative to e2e/. */
function specFiles(dir = E2E): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'support' ? [] : specFiles(full);
    return entry.name.endsWith('.spec.ts') ? [path.relative(E2E, full).split(path.sep).join('/')] : [];
  });
}

/** A declaration starts a line and has a title: `test(`, `test.only(`, `test.skip(`, `test.fixme(`. */
const DECLARATION = /^\s*test(?:\.(?:only|skip|fixme))?\(\s*['"`]/gm;

const counts = Object.fromEntries(specFiles().map((file) => [file, readFileSync(path.join(E2E, file), 'utf8').match(DECLARATION)?.length ?? 0]));

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
