/**
 * Issue 12, with issue 21's eParaksts (decision 168): signing through the app's screens and the
 * eParaksts simulator's pages (OpenID Connect on loopback, no mocked network): a failed
 * authentication, then a signing failed with the inactive-certificate errorCode, each said on
 * ViewContractConditions with Try again; then signed and on to the contract-signed page. A token
 * endpoint that fails brings the person back to the app, where trying again signs.
 */
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { simulators } from './support/simulators';
import { t } from './support/i18n';
import { expectOnContractSigned, seedAtContractSigning } from './support/steps/view-contract-conditions';

test.use({ serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lv', FEATURE_FLAGS: 'eParakstsSigning' } });

test('eParaksts: authentication failed, signing failed with its errorCode, then signed (lv)', async ({ page }) => {
  test.slow();
  const locale = 'lv';
  const externalId = await seedAtContractSigning(page, locale, 'EPARAKSTS');
  // The simulator's pages open with these answers chosen (the person may choose another there).
  await sandbox.setEsignature(page, { authentication: 'FAILED', signing: 'FAILED', signingErrorCode: 'ESIGN_CERTIFICATE_INACTIVE' });
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  const providerContinue = page.getByRole('button', { name: 'Continue' });
  const tryAgain = page.getByRole('button', { name: t(locale, 'Try again'), exact: true });
  const authenticationPage = page.getByRole('heading', { level: 1, name: 'eParaksts: confirm your identity' });
  const signingPage = page.getByRole('heading', { level: 1, name: 'eParaksts: sign a document' });

  // NOT_STARTED: the app sends the browser to eParaksts to authenticate; the person refuses there.
  await expect(authenticationPage).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('radio', { name: 'Refuse: the authentication fails' })).toBeChecked();
  await expectNoA11yViolations(page, 'eParaksts simulator, authentication');
  await providerContinue.click();
  await expect(page.getByText(t(locale, 'We could not confirm your identity with eParaksts. Please try again.'))).toBeVisible({ timeout: 30_000 });
  await expectNoA11yViolations(page, 'viewContractConditions, eParaksts authentication failed (lv)');

  // Authenticated, the signing fails: the certificate is not active.
  await tryAgain.click();
  await expect(authenticationPage).toBeVisible({ timeout: 30_000 });
  await page.getByRole('radio', { name: 'Confirm my identity' }).check();
  await providerContinue.click();
  await expect(signingPage).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('radio', { name: 'Sign, but my signing certificate is not active' })).toBeChecked();
  await providerContinue.click();
  await expect(page.getByText(t(locale, 'Your eParaksts signing certificate is not active. Please activate it, or choose another way to sign.'))).toBeVisible({ timeout: 30_000 });

  // Both succeed: signed, and on to the contract-signed page.
  await sandbox.setEsignature(page, { authentication: 'SUCCESS', signing: 'SUCCESS' });
  await tryAgain.click();
  await expect(authenticationPage).toBeVisible({ timeout: 30_000 });
  await providerContinue.click();
  await expect(signingPage).toBeVisible({ timeout: 30_000 });
  await providerContinue.click();
  await expectOnContractSigned(page, locale);
});

test('eParaksts: its token endpoint fails; the person is back on the app, tries again and signs (lv)', async ({ page }) => {
  test.slow();
  const locale = 'lv';
  const externalId = await seedAtContractSigning(page, locale, 'EPARAKSTS');
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  const providerContinue = page.getByRole('button', { name: 'Continue' });

  await expect(page.getByRole('heading', { level: 1, name: 'eParaksts: confirm your identity' })).toBeVisible({ timeout: 30_000 });
  await simulators.fault(page, { simulator: 'eparaksts', fault: 'status', status: 500, path: '/token' });
  await providerContinue.click();
  // Back on the app, not on an error page: the authentication did not go through.
  await expect(page.getByText(t(locale, 'We could not confirm your identity with eParaksts. Please try again.'))).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: t(locale, 'Try again'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'eParaksts: confirm your identity' })).toBeVisible({ timeout: 30_000 });
  await providerContinue.click();
  await expect(page.getByRole('heading', { level: 1, name: 'eParaksts: sign a document' })).toBeVisible({ timeout: 30_000 });
  await providerContinue.click();
  await expectOnContractSigned(page, locale);
});
