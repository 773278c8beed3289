/**
 * Issue 13: identification in the browser against the real reference API and its sandbox identity
 * provider (no mocked network). IdentifyCustomer is seeded on a current-account application: the
 * applicant logs in through `/auth/public-sso`, the login service's simulator (an OpenID Connect
 * provider, issue 21) and comes back with a new session id and the close button; where the bank asks
 * for remote identification (the flag), the modal sends them to the identity-verification provider's
 * simulator (issue 21, decision 171: its page on loopback, the decision by its signed webhook or by
 * polling) and back; a technical error offers to try again. axe on the step and both modals.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { MARI } from './support/create-application';

const SESSION_COOKIE = '__Host-solis_sid';

/** A current-account application of this browser at IdentifyCustomer, opened in English. */
async function atIdentifyCustomer(page: Page): Promise<string> {
  // The app's first call makes the session; the seed must ride on it, not race it for the cookie.
  await Promise.all([page.waitForResponse((response) => response.url().includes('/api/v1/application/previous-external-id')), page.goto('/?lang=en')]);
  const { externalId } = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'identifyCustomer',
    productName: 'CURRENT_ACCOUNT',
    previousTasks: ['createApplicationStep'],
    application: { personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { firstName: MARI.firstName, surname: MARI.surname } }] },
    languageCode: 'eng',
  });
  await page.goto(`/?externalId=${externalId}&lang=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your identity' })).toBeVisible();
  return externalId;
}

async function sessionCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE)?.value;
}

/** Where the simulated providers are (the runtime configuration says, in demonstration and test). */
async function simulatorsOrigin(page: Page): Promise<string> {
  const reply = await page.request.get('/api/v1/runtime-config');
  const origin = ((await reply.json()) as { data: { simulatorsUrl: string | null } }).data.simulatorsUrl;
  if (!origin) throw new Error('no simulators');
  return origin;
}

/** The identity-verification simulator's control: deliver its decisions, or drop them (the API then polls). */
async function webhooks(page: Page, simulators: string, mode: 'deliver' | 'drop'): Promise<void> {
  const reply = await page.request.post(`${simulators}/idv/control/webhooks`, { data: { mode } });
  expect(reply.status()).toBe(200);
}

const closeButton = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Log out' });
const accountContract = (page: Page) => page.getByRole('heading', { level: 1, name: 'Sign your current account contract' });

test('SSO: the applicant logs in with Smart-ID at the login service and comes back authenticated, with a new session id and the close button', async ({ page }) => {
  await atIdentifyCustomer(page);
  await expect(closeButton(page)).toHaveCount(0);
  await expectNoA11yViolations(page, 'identifyCustomer (en)');
  const before = await sessionCookie(page);

  await page.getByRole('button', { name: 'Smart-ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in with Smart-ID' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'authentication modal (en)');
  await dialog.getByRole('link', { name: 'Continue to log in' }).click();

  // Issue 21: the login service's page (its simulator, an OpenID Connect provider), the applicant's code filled in.
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to the bank with Smart-ID' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/sso/authorize');
  await expect(page.getByLabel('Personal code')).toHaveValue(MARI.personalCode);
  await expectNoA11yViolations(page, 'the login service (simulator)');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page.getByText('You have logged in.')).toBeVisible();
  await expect(closeButton(page)).toBeVisible();
  const after = await sessionCookie(page);
  expect(after).toBeDefined();
  expect(after).not.toBe(before);
  await expectNoA11yViolations(page, 'identifyCustomer logged in (en)');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(accountContract(page)).toBeVisible();
});

test('SSO cancelled: back at the step with a message, nothing changed', async ({ page }) => {
  await atIdentifyCustomer(page);
  await page.getByRole('button', { name: 'Mobile-ID' }).click();
  await page.getByRole('dialog', { name: 'Log in with Mobile-ID' }).getByRole('link', { name: 'Continue to log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to the bank with Mobile-ID' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Logging in was cancelled. Choose a method to try again.' })).toBeVisible();
  await expect(closeButton(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
});

test.describe('remote identification (flag on)', () => {
  test.use({ serverEnv: { FEATURE_FLAGS: 'remoteIdentification' } });
  // Decision 213: in order on one worker, which starts this server once.
  test.describe.configure({ mode: 'default' });

  test('success: the modal sends the applicant to the provider; back with the query action, the identity is verified and the step goes on', async ({ page }) => {
    const externalId = await atIdentifyCustomer(page);
    await sandbox.authenticate(page);
    await page.reload();
    await expect(page.getByText(/We also need to identify you remotely/)).toBeVisible();

    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Identify yourself remotely' });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page, 'remote identification modal (en)');
    // Escape closes it, and it opens again at its start.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Start identification' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
    await page.getByRole('button', { name: 'Approve' }).click();

    await expect(page.getByText('Your identity has been verified.')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('action')).toBe('complete-remote-identification');
    expect(new URL(page.url()).searchParams.get('externalId')).toBe(externalId);
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(accountContract(page)).toBeVisible();
  });

  test('a technical error shows the message and a try-again button, which starts it again; with the provider\'s webhook lost, the decision is asked of it', async ({ page }) => {
    await atIdentifyCustomer(page);
    await sandbox.authenticate(page);
    await page.reload();
    // The simulator drops its decision webhooks: back at the step, the status call asks the provider.
    const simulators = await simulatorsOrigin(page);
    await webhooks(page, simulators, 'drop');
    try {
      await sandbox.failNext(page, { path: '/api/v1/identity/', method: 'POST', status: 503 });
      await page.getByRole('button', { name: 'Continue' }).click();
      const dialog = page.getByRole('dialog', { name: 'Identify yourself remotely' });
      await dialog.getByRole('button', { name: 'Start identification' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('The identification could not be started because of a technical error. Please try again.');
      await expectNoA11yViolations(page, 'remote identification modal, technical error (en)');

      await dialog.getByRole('button', { name: 'Try again' }).click();
      // The provider itself ends with a technical error: back at the step, the modal says so again.
      await page.getByRole('button', { name: 'Technical error' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('The identification could not be started because of a technical error. Please try again.');
      await dialog.getByRole('button', { name: 'Try again' }).click();
      // A refusal offers to try again too.
      await page.getByRole('button', { name: 'Decline' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'We could not verify your identity. Please try again, and make sure the photos are sharp and your whole document is visible.',
      );
      await dialog.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Your identity has been verified.')).toBeVisible();
    } finally {
      await webhooks(page, simulators, 'deliver');
    }
  });
});
