/**
 * Issue 12: the sandbox signing providers in a real browser against the real reference API
 * (docs/decisions/139, 141). The app's signing screens come later; here the browser follows the
 * provider address the API hands out, the provider page passes axe, the outcome chosen on it is
 * sent back through the page's own form, and the browser lands on the allowlisted return address.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';

/** A signing call made by the page itself (same session, same origin), as the app will make it. */
async function api(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: { data?: Record<string, unknown> } }> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    async ({ method, path, json }) => {
      const response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: json === undefined ? {} : { 'Content-Type': 'application/json' },
        body: json,
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : {} };
    },
    { method, path, json: body === undefined ? undefined : JSON.stringify(body) },
  );
}

/** The provider sent the browser back to the app's return address; leave the app before the next call. */
async function backAtApp(page: Page, externalId: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('externalId') === externalId, { waitUntil: 'commit' });
  await page.goto(NEUTRAL_PAGE);
}

/** A page of this origin without the app: no start-up call of the app races these calls for the session. */
const NEUTRAL_PAGE = '/sandbox/providers/eparaksts';

async function seeded(page: Page): Promise<string> {
  await page.goto(NEUTRAL_PAGE);
  const { externalId } = await sandbox.seedApplication(page, { taskDefinitionKey: 'createApplicationStep', languageCode: 'lav' });
  return externalId;
}

test('eParaksts: authentication and signing through the provider page, back to the app', async ({ page }) => {
  // Two provider round trips, each landing on the app: more page loads than most tests.
  test.slow();
  const externalId = await seeded(page);
  const signing = `/api/v1/application/${externalId}/signing`;

  const auth = await api(page, 'POST', `${signing}/eparaksts/authenticate`, { languageCode: 'lav', signingMethod: 'EPARAKSTS' });
  expect(auth.status, JSON.stringify(auth.json)).toBe(200);
  await page.goto(String(auth.json.data?.['redirectUrl']));
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox eParaksts: authentication' })).toBeVisible();
  await expectNoA11yViolations(page, 'sandbox eParaksts provider');
  await expect(page.getByRole('radio', { name: 'Authentication succeeds' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await backAtApp(page, externalId);
  expect((await api(page, 'GET', `${signing}/eparaksts/status`)).json.data?.['status']).toBe('AUTHENTICATION_SUCCESS');

  const sign = await api(page, 'POST', `${signing}/eparaksts/sign`, {});
  await page.goto(String(sign.json.data?.['redirectUrl']));
  await page.getByRole('radio', { name: 'Signing fails' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await backAtApp(page, externalId);
  expect((await api(page, 'GET', `${signing}/eparaksts/status`)).json.data).toMatchObject({ status: 'SIGNING_FAILED', errorCode: 'ESIGN_SIGNING_REFUSED' });
});

test.describe('with payment signing on', () => {
  test.use({ serverEnv: { FEATURE_FLAGS: 'paymentSigning' } });

  test('payment: the bank page shows the chosen bank and the result comes back', async ({ page }) => {
    test.slow();
    const externalId = await seeded(page);
    const signing = `/api/v1/application/${externalId}/signing`;
    expect((await api(page, 'GET', `/api/v1/signing/${externalId}/check/payment-signing-enabled`)).json.data).toEqual({ enabled: true });
    const start = await api(page, 'POST', signing, { method: 'PAYMENT', selectedBankBic: 'UNLALV2X', paymentPurpose: 'Contract 2026-7' });
    expect(start.status).toBe(200);
    await page.goto(String(start.json.data?.['redirectUrl']));
    await expect(page.getByRole('heading', { level: 1, name: 'Sandbox bank payment' })).toBeVisible();
    await expect(page.getByText('SEB (UNLALV2X)')).toBeVisible();
    await expectNoA11yViolations(page, 'sandbox bank payment provider');
    await page.getByRole('radio', { name: 'COMPLETED_OK' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await backAtApp(page, externalId);
    expect((await api(page, 'POST', `${signing}/status`)).json.data).toMatchObject({ method: 'PAYMENT', status: 'COMPLETED_OK' });
  });
});
