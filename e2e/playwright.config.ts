import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '../tests/support/chromium';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const reportDir = process.env.SOLIS_REPORT_DIR ?? path.join(repoRoot, '.tmp/test-reports');

/**
 * Browser tests: Debian's Chromium (never a downloaded one), the built app served by the real
 * reference server: one server per worker and environment, its database emptied back to the
 * prepared one before each test (see fixtures.ts, decisions 040 and 164).
 */
export default defineConfig({
  testDir: here,
  testMatch: '**/*.spec.ts',
  outputDir: path.join(repoRoot, '.tmp/e2e-results'),
  globalSetup: path.join(here, 'global-setup.ts'),
  fullyParallel: true,
  // Two cores, three workers: each drives one Chromium and one server process, and a browser test
  // mostly waits (on timers, servers, the page), so the stage used about a third of the two cores.
  // A fresh clone's browser stage went from 713 s with two workers to 638 s with three, all 137 passing.
  workers: 3,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  // Two workers on two cores, each with a browser and a server: a page that needs 4 s on a quiet
  // machine was seen to need 11 s at a load average of 10 (a chunk recovery's reload, then the step).
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: path.join(reportDir, 'playwright.json') }]],
  use: {
    browserName: 'chromium',
    locale: 'et-EE',
    timezoneId: 'Europe/Tallinn',
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
