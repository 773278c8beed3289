/**
 * Issue 3, session machine in the browser: the real built app against the real reference server,
 * with the spec's session (15 minutes, warned 2 minutes before the end). Time passes on one clock
 * for page and server (decision 208): the page's is Playwright's `page.clock`, the session's is moved
 * by the test-mode control `POST /api/sandbox/session/advance`, so the whole life of a session fits
 * in a few seconds and nothing waits on real time. The page is in Estonian (the default of Estonian
 * retail); texts come from the catalogs.
 */
import type { Page, Response } from '@playwright/test';
import { calculatorModal, test, expect, expectNoA11yViolations, sandbox, testTheCalculator } from './support/domain-server';
import { escapeRegExp, t, tPrefix } from './support/i18n';

/** The runtime config's warning (section 4) of the server's default 15-minute session (server/config/env.ts). */
const WARNING_SECONDS = 2 * 60;
/** The session machine's heartbeat for an active applicant (DEFAULT_HEARTBEAT_MS). */
const HEARTBEAT_SECONDS = 5 * 60;

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

/**
 * The first page, its session started, on a clock the test moves (installed before the app loads),
 * then left alone. The calculator modal that opens with it is closed here, before time moves: the
 * fixture's handler would close it with Escape whenever it is in the way, and Escape on the warning,
 * once both are open at the same moment, is an answer (it extends the session). Closing it may count
 * as the applicant's activity, which earns a heartbeat after 5 minutes (the session machine's
 * default): those 5 minutes pass here, so from then on the applicant is idle whatever happened.
 */
async function openFirstPageThenIdle(page: Page): Promise<void> {
  await testTheCalculator(page);
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(calculatorModal(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calculatorModal(page)).toHaveCount(0);
  // The heartbeat those 5 minutes earn slides the expiry: its answer must be in before the expiry is
  // read, or time is moved from an expiry the late heartbeat then extends (seen under a full run's load).
  const heartbeat = page.waitForResponse((response) => response.url().includes('/api/session/heartbeat'), { timeout: 5_000 }).catch(() => null);
  await sandbox.advanceSessionClock(page, HEARTBEAT_SECONDS + 1);
  await heartbeat;
}

/**
 * Time passes on both clocks until the session has `secondsLeft` (negative: past its end), reckoned
 * from the server's expiry (a second's move reads it) and this machine's clock, which the server shares.
 */
async function advanceUntilLeft(page: Page, secondsLeft: number): Promise<void> {
  const expiresAt = await sandbox.advanceSessionClock(page, 1);
  const left = Math.floor((expiresAt - Date.now()) / 1000);
  await sandbox.advanceSessionClock(page, left - secondsLeft);
}

test('the warning is announced, the applicant extends it (with the button and with Escape), axe finds nothing', async ({ page }) => {
  const expiry = trackExpiry(page);
  await openFirstPageThenIdle(page);
  const dialog = warningDialog(page);
  const continueButton = dialog.getByRole('button', { name: t('et', 'Continue my session') });

  // Nothing is said while the session has more than its warning's time left.
  await advanceUntilLeft(page, WARNING_SECONDS + 60);
  await expect(dialog).toHaveCount(0);

  // The warning opens on its own, 2 minutes before the end, as a modal alert dialog with the time left.
  await advanceUntilLeft(page, WARNING_SECONDS - 5);
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
  await advanceUntilLeft(page, WARNING_SECONDS - 5);
  await expect(dialog).toBeVisible();
  const again = page.waitForResponse((response) => response.url().includes('/api/v1/session/extend'));
  await page.keyboard.press('Escape');
  expect((await again).ok()).toBe(true);
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/session-expired/);
});

test('without an answer the session ends and the applicant lands on the session-expired page', async ({ page }) => {
  await openFirstPageThenIdle(page);
  await advanceUntilLeft(page, WARNING_SECONDS - 5);
  await expect(warningDialog(page)).toBeVisible();
  await advanceUntilLeft(page, -5);
  await expect(page).toHaveURL(/\/session-expired$/);
  await expect(page.getByRole('heading', { level: 1, name: t('et', 'Your session has ended') })).toBeVisible();
  await expect(warningDialog(page)).toHaveCount(0);
  await expectNoA11yViolations(page, 'session expired');
  // Over on the server too: the session's state, read without sliding it, has no expiry left.
  const header = await page.evaluate(async () => (await fetch('/api/v1/session', { credentials: 'same-origin' })).headers.get('x-session-expires-at'));
  expect(header).toBeNull();
});
