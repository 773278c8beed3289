/**
 * Issue 3, session machine in the browser: the real built app against the real reference server,
 * with the shortest session the server accepts (30 s, warned 24 s before the end) so the whole life
 * of a session fits in a test, and the waits cost little. The page is in Estonian (the default of Estonian retail); texts come from the catalogs.
 */
import type { Page, Response } from '@playwright/test';
import { test, expect, expectNoA11yViolations } from './support/domain-server';
import { escapeRegExp, t, tPrefix } from './support/i18n';

const SESSION_SECONDS = 30;
const WARNING_SECONDS = 24;

test.use({ serverEnv: { SESSION_TTL_SECONDS: String(SESSION_SECONDS), SESSION_WARNING_SECONDS: String(WARNING_SECONDS) } });

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

test('the warning is announced, the applicant extends it (with the button and with Escape), axe finds nothing', async ({ page }) => {
  const expiry = trackExpiry(page);
  await page.goto('/');
  const dialog = warningDialog(page);
  const continueButton = dialog.getByRole('button', { name: t('et', 'Continue my session') });

  // The warning opens on its own, 6 s after the last reply, as a modal alert dialog with the time left.
  await expect(dialog).toBeVisible({ timeout: 20_000 });
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
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const again = page.waitForResponse((response) => response.url().includes('/api/v1/session/extend'));
  await page.keyboard.press('Escape');
  expect((await again).ok()).toBe(true);
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/session-expired/);
});

test('without an answer the session ends and the applicant lands on the session-expired page', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await expect(warningDialog(page)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/session-expired$/, { timeout: (WARNING_SECONDS + 10) * 1000 });
  await expect(page.getByRole('heading', { level: 1, name: t('et', 'Your session has ended') })).toBeVisible();
  await expect(warningDialog(page)).toHaveCount(0);
  await expectNoA11yViolations(page, 'session expired');
});
