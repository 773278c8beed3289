// @ts-check
/**
 * Mutation testing (issue 27 item 4, decision 205): `npm run test:mutation`. Stryker 9 (10 needs
 * Node 22) with the Vitest runner changes one thing at a time in the machines, the kernel's domain
 * and validation and the decision rules, and runs the tests that cover that line; a change no test
 * notices survives and lowers the score. The run fails below 90%.
 * `npm run test:mutation:file -- <file>` runs one file with the tests that import it and keeps its
 * report for the bench (decision 218; `tests/mutation/run-file.ts`, which sets the report paths).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'tests/mutation/vitest.config.ts', related: true },
  mutate: [
    'machines/**/*.machine.ts',
    // The machines that live beside their screens (uploads, identification, open banking...).
    'src/**/*.machine.ts',
    'core/domain/**/*.ts',
    'core/validation/**/*.ts',
    'server/decisions/decision-rules.ts',
    '!**/*.test.ts',
    '!**/*.gen.ts',
  ],
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20_000,
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: process.env.STRYKER_HTML_REPORT ?? '.tmp/mutation/index.html' },
  jsonReporter: { fileName: process.env.STRYKER_JSON_REPORT ?? '.tmp/mutation/mutation.json' },
  tempDirName: '.tmp/stryker',
  // Not copied into the sandbox: the reports (a run writing one would race another's copy), builds and data.
  ignorePatterns: ['/.tmp', '/dist', '/.data', '/test-results', '/playwright-report'],
  incremental: true,
  incrementalFile: '.tmp/mutation/incremental.json',
  cleanTempDir: 'always',
};
