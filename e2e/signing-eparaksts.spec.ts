/**
 * Issue 12: eParaksts signing through the app's screens and the sandbox provider's page (decision
 * 139): a failed authentication, then a signing failed with the inactive-certificate errorCode, each
 * said on ViewContractConditions with Try again; then signed and on to the contract-signed page.
 */
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { t } from './support/i18n';
import { seedAtContractSigning, signingStep } from './support/steps/view-contract-conditions';
import { contractSignedHeading } from './support/steps/view-contract-signed';

test.use({ serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lv', FEATURE_FLAGS: 'eParakstsSigning' } });

test('eParaksts: authentication failed, signing failed with its errorCode, then signed (lv)', async ({ page }) => {
  test.slow();
  const locale = 'lv';
  const externalId = await seedAtContractSigning(page, locale, 'EPARAKSTS');
  await sandbox.setEsignature(page, { authentication: 'FAILED', signing: 'FAILED', signingErrorCode: 'ESIGN_CERTIFICATE_INACTIVE' });
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  const signing = signingStep(page, locale);
  const providerContinue = page.getByRole('button', { name: 'Continue' });
  const tryAgain = page.getByRole('button', { name: t(locale, 'Try again'), exact: true });

  // NOT_STARTED: the app sends the browser to the provider to authenticate; it fails there.
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox eParaksts: authentication' })).toBeVisible({ timeout: 30_000 });
  await providerContinue.click();
  await expect(page.getByText(t(locale, 'We could not confirm your identity with eParaksts. Please try again.'))).toBeVisible({ timeout: 30_000 });
  await expectNoA11yViolations(page, 'viewContractConditions, eParaksts authentication failed (lv)');

  // Authenticated, the signing fails with the inactive-certificate errorCode.
  await tryAgain.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox eParaksts: authentication' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('radio', { name: 'Authentication succeeds' }).check();
  await providerContinue.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox eParaksts: signing' })).toBeVisible({ timeout: 30_000 });
  await providerContinue.click();
  await expect(page.getByText(t(locale, 'Your eParaksts signing certificate is not active. Please activate it, or choose another way to sign.'))).toBeVisible({ timeout: 30_000 });

  // Both succeed: signed, and on to the contract-signed page.
  await sandbox.setEsignature(page, { authentication: 'SUCCESS', signing: 'SUCCESS' });
  await tryAgain.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox eParaksts: authentication' })).toBeVisible({ timeout: 30_000 });
  await providerContinue.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox eParaksts: signing' })).toBeVisible({ timeout: 30_000 });
  await providerContinue.click();
  await expect(signing.signedHeading).toBeVisible({ timeout: 30_000 });
  await signing.continueButton.click();
  await expect(contractSignedHeading(page, locale)).toBeVisible({ timeout: 15_000 });
});
