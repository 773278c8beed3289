/**
 * Issue 12, with issue 21's bank payment (decisions 141, 168): payment signing through the app's
 * screens and the simulated bank's page (OpenID Connect with the payment, on loopback), Latvia with
 * the flag on and the restriction check unrestricted: a payment the bank declines is said on
 * ViewContractConditions and the bank may be chosen again; then paid, signed, and on to the
 * contract-signed page. (eParaksts is covered through the app in signing-eparaksts.spec.ts.)
 */
import { test, expect, expectNoA11yViolations } from './support/domain-server';
import { t } from './support/i18n';
import { expectOnContractSigned, seedAtContractSigning } from './support/steps/view-contract-conditions';

test.use({ serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lv', FEATURE_FLAGS: 'paymentSigning' } });

test('payment: a refused payment, then paid at the bank and signed (lv)', async ({ page }) => {
  test.slow();
  const locale = 'lv';
  const externalId = await seedAtContractSigning(page, locale, 'PAYMENT');
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  const seb = page.getByRole('radio', { name: /SEB/ });
  const pay = page.getByRole('button', { name: t(locale, 'Pay and sign'), exact: true });
  const bankPage = page.getByRole('heading', { level: 1, name: 'SEB (UNLALV2X): confirm a payment' });

  await seb.check({ timeout: 30_000 });
  await pay.click();
  await expect(bankPage).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('SEB (UNLALV2X)', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'the simulated bank, a payment to confirm');
  await page.getByRole('radio', { name: 'The bank declines the payment (status RJCT)' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(t(locale, 'The payment did not go through, so the contract is not signed. Please try again.'))).toBeVisible({ timeout: 30_000 });
  await expectNoA11yViolations(page, 'viewContractConditions, payment refused (lv)');

  await seb.check();
  await pay.click();
  await expect(bankPage).toBeVisible({ timeout: 30_000 });
  await page.getByRole('radio', { name: 'Confirm the payment' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectOnContractSigned(page, locale);
});
