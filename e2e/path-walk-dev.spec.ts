/**
 * Issue 27 item 3 (decisions 225 and 234): a generated path watched in development. `npm run dev`
 * as a developer starts it (Vite's dev server and the reference API in test mode, on free ports),
 * `/?inspect&path=<id>` in Chromium: the loan calculator that opens by itself on a first visit is
 * closed by the walker, so its modal does not leave the walk's panel inert; "Next step" takes the
 * page along the path a step a press, headings as the path's replay knows them; "Play" walks on to
 * the step a person must do and says why it stopped. The Stately inspector's hosted page is not
 * reachable here and nothing waits for it: its window is refused at the network.
 */
import { expect, test, type Page } from '@playwright/test';
import { findPath } from '../tests/paths/path-session';
import { startDevServer, type DevServer } from '../tests/support/dev-server';
import { FILLERS } from './paths/fillers';
import { expectNoA11yViolations } from './support/a11y';

const ID = 'retailLoan/retail-banking-ee/SMALL_LOAN/straight';
const path = findPath(ID);
/** The step's heading as the replay finds it (e2e/paths/fillers.ts), in the page's language. */
const heading = (page: Page, index: number) => {
  const step = path.steps[index]!;
  return FILLERS[step.taskKey]!.heading(page, 'et', path, step);
};

let server: DevServer | undefined;
test.afterEach(async () => {
  const testInfo = test.info();
  if (server && testInfo.status !== testInfo.expectedStatus) await testInfo.attach('dev server log', { body: server.log(), contentType: 'text/plain' });
  await server?.stop();
  server = undefined;
});

test('a generated path walked in development: the panel usable over the calculator, a step a press, Play to the step a person does', async ({ page, context }) => {
  // The dev server's start (Vite's dependency bundling on a fresh clone), its first page (transformed on request), then ten steps.
  test.setTimeout(300_000);
  const dev = await test.step('npm run dev', async () => (server = await startDevServer()));
  await context.route(/^https:\/\/([a-z0-9-]+\.)*stately\.ai\//, (route) => route.abort());
  const panel = page.getByRole('complementary', { name: 'Path walk (development)' });
  const next = panel.getByRole('button', { name: 'Next step' });

  await test.step('the first page, the calculator closed by the walker', async () => {
    await page.goto(`${dev.url}/?inspect&path=${encodeURIComponent(ID)}`);
    await expect(panel).toContainText(`Path walk: ${ID}`, { timeout: 120_000 });
    await expect(heading(page, 0)).toBeVisible({ timeout: 60_000 });
    // A first visit: the calculator opened by itself as a modal, and the walker closed it as a person would.
    await expect(panel.getByRole('status')).toContainText('The loan calculator opened by itself: the walker closed it');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoA11yViolations(page, 'the first page with the walk panel');
  });

  await test.step('"Next step" three times', async () => {
    for (const index of [1, 2, 3]) {
      // Within 15 s: behind a modal's inert page the click would wait for the whole test.
      await next.click({ timeout: 15_000 });
      await expect(heading(page, index)).toBeVisible({ timeout: 30_000 });
      await expect(panel).toContainText(`Step ${index + 1} of ${path.steps.length}: ${path.steps[index]!.taskKey}`);
    }
  });

  await test.step('"Play" to the signing', async () => {
    await panel.getByRole('button', { name: 'Play' }).click();
    await expect(panel.getByRole('button', { name: 'Pause' })).toBeVisible();
    const signing = path.steps.findIndex((step) => step.taskKey === 'viewContractConditions');
    await expect(panel.getByRole('status')).toHaveText(
      new RegExp(`^step ${signing + 1} \\(viewContractConditions\\) needs a person: sign by hand: press the sign button`),
      { timeout: 150_000 },
    );
    await expect(heading(page, signing)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Play' })).toBeDisabled();
    await expect(next).toBeDisabled();
  });
});
