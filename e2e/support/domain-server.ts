import { test as base } from '../fixtures';
import { copyTemplate, startSolisServer } from '../../tests/support/e2e-server';

/**
 * The fixtures of `e2e/fixtures.ts` with the server's environment as an option, for tests of
 * another business domain or of production mode: `test.use({ serverEnv: { BUSINESS_DOMAIN: ... } })`.
 */
export const test = base.extend<{ serverEnv: Record<string, string>; productionMode: boolean }>({
  serverEnv: [{}, { option: true }],
  productionMode: [false, { option: true }],
  solisServer: async ({ serverEnv, productionMode }, use, testInfo) => {
    const template = process.env.SOLIS_E2E_PGLITE_TEMPLATE;
    if (!template) throw new Error('SOLIS_E2E_PGLITE_TEMPLATE is not set: run through e2e/playwright.config.ts');
    const copy = copyTemplate(template, 'solis-e2e-');
    const server = await startSolisServer({ dataDir: copy.dataDir, env: serverEnv, testMode: !productionMode }).catch((error: unknown) => {
      copy.remove();
      throw error;
    });
    try {
      await use(server);
    } finally {
      await server.stop();
      if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server.log', { body: server.log(), contentType: 'text/plain' });
      copy.remove();
    }
  },
});

export { calculatorModal, expect, expectNoA11yViolations, sandbox, testTheCalculator } from '../fixtures';
