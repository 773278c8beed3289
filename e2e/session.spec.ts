/**
 * Issue 3, session machine in the browser: the real built app against the real reference server,
 * with the spec's session (15 minutes, warned 2 minutes before the end). Time passes on one clock
 * for page and server (decision 208): the page's is Playwright's `page.clock`, the session's is moved
 * by the test-mode control `POST /api/sandbox/session/advance`, so the whole life of a session fits
 * in a few seconds and nothing waits on real time. The page is in Estonian (the default of Estonian
 * retail); texts come from the catalogs.
 */
import type { Page, Response } from '@playwright/test';
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { escapeRegExp, t, tPrefix } from './support/i18n';

/** The server's defaults (server/config/env.ts) and the runtime config's warning (section 4). */
const SESSION_SECONDS = 15 * 60;
const WARNING_SECONDS = 2 * 60;
/** From the last reply to just past the warning's opening. */
const UNTIL_WARNING_SECONDS = SESSION_SECONDS - WARNING_SECONDS + 1;

/** The newest session expiry the server announced to the page (every API reply carries it). */
function trackExpiry(page: Page): () => number {
  let latest = 0;
  page.on('response', (response: Response) => {
    const header = response.headers()['x-session-expires-at'];
    if (header) latest = Math.max(latest, Date.parse(header));
  });
  return () => latest;
}

function warningDialog(page: Page) {
  return page.getByRole('alertdialog', { name: t('et', 'Your session will end soon') });
}

/** The first page, its session started, on a clock the test moves (installed before the app loads). */
async function openFirstPage(page: Page): Promise<void> {
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('the warning is announced, the applicant extends it (with the button and with Escape), axe finds nothing', async ({ page }) => {
  const expiry = trackExpiry(page);
  await openFirstPage(page);
  const dialog = warningDialog(page);
  const continueButton = dialog.getByRole('button', { name: t('et', 'Continue my session') });

  // Nothing is said while the session has more than its warning's time left.
  await sandbox.advanceSessionClock(page, UNTIL_WARNING_SECONDS - 60);
  await expect(dialog).toHaveCount(0);

  // The warning opens on its own, 2 minutes before the end, as a modal alert dialog with the time left.
  await sandbox.advanceSessionClock(page, 60);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(tPrefix('et', 'Time left:'))}`));
  await expect(continueButton).toBeFocused();
  await expectNoA11yViolations(page, 'session warning open');

  const before = expiry();
  const extended = page.waitForResponse((response) => response.url().includes('/api/v1/session/extend'));
  await continueButton.click();
  expect((await extended).ok()).toBe(true);
  await expect(dialog).toBeHidden();
  expect(expiry()).toBeGreaterThan(before);
  await expect(page).toHaveURL(/\/(\?.*)?$/);

  // The next warning comes; Escape is an answer too: it continues the session.
  await sandbox.advanceSessionClock(page, UNTIL_WARNING_SECONDS);
  await expect(dialog).toBeVisible();
  const again = page.waitForResponse((response) => response.url().includes('/api/v1/session/extend'));
  await page.keyboard.press('Escape');
  expect((await again).ok()).toBe(true);
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/session-expired/);
});

test('without an answer the session ends and the applicant lands on the session-expired page', async ({ page }) => {
  await openFirstPage(page);
  await sandbox.advanceSessionClock(page, UNTIL_WARNING_SECONDS);
  await expect(warningDialog(page)).toBeVisible();
  await sandbox.advanceSessionClock(page, WARNING_SECONDS);
  await expect(page).toHaveURL(/\/session-expired$/);
  await expect(page.getByRole('heading', { level: 1, name: t('et', 'Your session has ended') })).toBeVisible();
  await expect(warningDialog(page)).toHaveCount(0);
  await expectNoA11yViolations(page, 'session expired');
  // Over on the server too: the session's state, read without sliding it, has no expiry left.
  const header = await page.evaluate(async () => (await fetch('/api/v1/session', { credentials: 'same-origin' })).headers.get('x-session-expires-at'));
  expect(header).toBeNull();
});
