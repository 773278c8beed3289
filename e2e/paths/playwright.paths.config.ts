import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import base from '../playwright.config';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const reportDir = process.env.SOLIS_REPORT_DIR ?? path.join(repoRoot, '.tmp/test-reports');

/**
 * Issue 27 (docs/decisions/204): the generated path tests, `npm run test:paths`. The browser stage's
 * settings (Debian's Chromium, one reference server per worker and domain, reset between tests), but
 * only the replay of e2e/paths/, which the browser stage does not run (its files are *.spec.ts).
 */
export default defineConfig({
  ...base,
  testDir: here,
  testMatch: '**/*.paths.ts',
  globalSetup: path.join(here, '../global-setup.ts'),
  // Each `npm run test:paths` run has its own (tests/paths/test-paths.ts, runFilesOf): playwright empties
  // it when it starts, so a shared one lost a concurrent run's traces.
  outputDir: process.env.SOLIS_PATHS_OUTPUT_DIR ?? path.join(repoRoot, '.tmp/paths-results'),
  reporter: [['list'], ['json', { outputFile: path.join(reportDir, 'paths.json') }]],
  // Decision 223: an element a filler looks for and the page never shows fails its action within 30 s
  // (under a load of 15 on two cores a field is answered in well under 1 s), not after the path's
  // whole timeout of minutes: a failing path costs less of a shard's time.
  use: { ...base.use, trace: 'retain-on-failure', screenshot: 'only-on-failure', actionTimeout: 30_000 },
});
