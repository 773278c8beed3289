import { test as base, expect, type Page } from '@playwright/test';
import { copyTemplate, startSolisServer, type SolisServer } from '../tests/support/e2e-server';
import { expectNoA11yViolations } from './support/a11y';

export { expect };
export { expectNoA11yViolations } from './support/a11y';
export { sandbox } from './support/sandbox';

interface Fixtures {
  /** A reference server of this test alone: its own port and its own copy of the prepared database. */
  solisServer: SolisServer;
  /** `await axe.check(page)`: fails with a readable list when axe finds WCAG 2.x A/AA violations. */
  axe: { check(page: Page): Promise<void> };
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  solisServer: async ({}, use, testInfo) => {
    const template = process.env.SOLIS_E2E_PGLITE_TEMPLATE;
    if (!template) throw new Error('SOLIS_E2E_PGLITE_TEMPLATE is not set: run through e2e/playwright.config.ts (its globalSetup prepares it)');
    const copy = copyTemplate(template, 'solis-e2e-');
    let server: SolisServer | undefined;
    try {
      server = await startSolisServer({ dataDir: copy.dataDir });
      await use(server);
    } finally {
      if (server) {
        await server.stop();
        if (testInfo.status !== testInfo.expectedStatus) {
          await testInfo.attach('server.log', { body: server.log(), contentType: 'text/plain' });
        }
      }
      copy.remove();
    }
  },
  baseURL: async ({ solisServer }, use) => {
    await use(solisServer.url);
  },
  // eslint-disable-next-line no-empty-pattern
  axe: async ({}, use) => {
    await use({ check: expectNoA11yViolations });
  },
  // The calculator modal opens by itself on the create-application step (section 2). A test about
  // something else closes it with Escape, as an applicant would, whenever it stands in the way of
  // an action; the calculator's own tests take the handler off (`testTheCalculator`).
  page: async ({ page }, use) => {
    await page.addLocatorHandler(calculatorModal(page), async () => {
      await page.keyboard.press('Escape');
    });
    await use(page);
  },
});

/** The calculator modal (section 2), in any language. */
export function calculatorModal(page: Page) {
  // The open modal with sliders: other dialogs (the marketing consent) are not the calculator.
  return page.locator('dialog.solis-modal[open]').filter({ has: page.getByRole('slider') });
}

/** For the calculator's own tests: the modal stays until the test closes it. */
export async function testTheCalculator(page: Page): Promise<void> {
  await page.removeLocatorHandler(calculatorModal(page));
}
