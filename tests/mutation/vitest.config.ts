import type { UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import appConfig from '../../vite.config';

/**
 * The suites mutation testing runs (decision 205): the unit tests of the machines, the kernel's
 * domain, validation and contracts, and the decision rules, with the app's plugins (Lingui's
 * macros) and nothing else of its test setup: node only, no API server. Each mutant runs only the
 * tests that cover its line, so the set stays the fast, pure part of the suite.
 */
export default defineConfig((env) => {
  const app = (typeof appConfig === 'function' ? appConfig(env) : appConfig) as UserConfig;
  return {
    root: new URL('../..', import.meta.url).pathname,
    plugins: app.plugins,
    test: {
      environment: 'node',
      include: ['tests/machines/**/*.test.ts', 'tests/domain/**/*.test.ts', 'tests/validation/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/server/decision-rules.test.ts', 'tests/server/decision-rules-edges.test.ts'],
      testTimeout: 20000,
      allowOnly: false,
    },
  };
});
