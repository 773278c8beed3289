/**
 * Issue 12, cross-sell signing (decisions 160-162): Mari accepted the credit card offered with her small
 * loan and the server's cross-sell signing flag is on, so ViewContractConditions opens the cross-sell
 * modal with two contracts. Each card's Sign runs a Smart-ID signing of that contract through the
 * sandbox provider; each card is then labelled signed; with both signed the step goes on to the
 * contract-signed page. axe on the modal.
 */
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { t, type TestLocale } from './support/i18n';
import { expectOnContractSigned, seedAtContractSigning } from './support/steps/view-contract-conditions';

test.use({ serverEnv: { FEATURE_FLAGS: 'crossSellSigning' } });

test('cross-sell: the loan’s and the card’s contracts signed one by one with Smart-ID, then the contract-signed page (et)', async ({ page }) => {
  test.slow();
  const locale = 'et';
  const externalId = await seedAtContractSigning(page, locale, 'SMART_ID', undefined, { bankAccountNumber: 'EE382200221020145685' });
  await sandbox.setSmartId(page, { result: 'SIGNED_CONTRACT', runningPolls: 0 });
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);

  // The contracts are drawn up on the first read of their details: PDFs take a moment on a busy machine.
  const modal = page.getByRole('dialog', { name: t(locale, 'Sign your contracts'), exact: true });
  await expect(modal).toBeVisible({ timeout: 30_000 });
  const cards = modal.getByRole('listitem');
  await expect(cards).toHaveCount(2);
  const loan = cards.nth(0);
  const card = cards.nth(1);
  await expect(loan.getByRole('heading')).toHaveText(`1. ${t(locale, 'Small loan')}`);
  await expect(card.getByRole('heading')).toHaveText(`2. ${t(locale, 'Visa Classic credit card')}`);
  await expect(loan).toContainText('EE38 … 5685');
  await expect(card).toContainText(t(locale, 'Card issuing fee'));
  await expectNoA11yViolations(page, 'viewContractConditions, cross-sell modal (et)');

  const signed = t(locale, 'Signed');
  const signButton = (item: typeof loan) => item.getByRole('button', { name: t(locale, 'Sign'), exact: true });
  const startSmartId = modal.getByRole('button', { name: t(locale, 'Sign with Smart-ID'), exact: true });

  // The loan's contract: Sign by keyboard, then the Smart-ID signing of that contract in the modal.
  await signButton(loan).press('Enter');
  await startSmartId.click();
  await expect(loan.getByText(signed, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(signed, { exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page, 'viewContractConditions, cross-sell modal, one signed (et)');

  // The card's contract: its own signing; with both signed the step goes on as with one contract.
  await signButton(card).click();
  await startSmartId.click();
  await expectOnContractSigned(page, locale);
  await expect(modal).toBeHidden();
});

/** The countries' languages (section 1), each with a payout account of the country. */
const DOMAINS = [
  { domain: 'retail-banking-ee', locales: ['et', 'ru', 'en'], account: 'EE382200221020145685', shortened: 'EE38 … 5685' },
  { domain: 'retail-banking-lv', locales: ['lv', 'ru', 'en'], account: 'LV80BANK0000435195001', shortened: 'LV80 … 5001' },
  { domain: 'retail-banking-lt', locales: ['lt', 'en'], account: 'LT601010012345678901', shortened: 'LT60 … 8901' },
] as const satisfies ReadonlyArray<{ domain: string; locales: readonly TestLocale[]; account: string; shortened: string }>;

for (const { domain, locales, account, shortened } of DOMAINS) {
  test.describe(domain, () => {
    test.use({ serverEnv: { BUSINESS_DOMAIN: domain, FEATURE_FLAGS: 'crossSellSigning' } });

    test(`the cross-sell modal and its Leave? question pass axe in ${locales.join(', ')}; No returns to the contracts`, async ({ page }) => {
      test.slow();
      for (const locale of locales) {
        const externalId = await seedAtContractSigning(page, locale, 'SMART_ID', undefined, { bankAccountNumber: account });
        await page.goto(`/?externalId=${externalId}&lang=${locale}`);
        const modal = page.getByRole('dialog', { name: t(locale, 'Sign your contracts'), exact: true });
        await expect(modal).toBeVisible({ timeout: 30_000 });
        await expect(modal.getByRole('listitem')).toHaveCount(2);
        await expect(modal.getByRole('listitem').first()).toContainText(shortened);
        await expectNoA11yViolations(page, `cross-sell modal (${domain}, ${locale})`);

        await modal.getByRole('button', { name: t(locale, 'Close'), exact: true }).click();
        const leave = page.getByRole('dialog', { name: t(locale, 'Leave?'), exact: true });
        await expect(leave).toBeVisible();
        await expectNoA11yViolations(page, `cross-sell Leave? (${domain}, ${locale})`);
        await leave.getByRole('button', { name: t(locale, 'No'), exact: true }).click();
        await expect(modal).toBeVisible();
      }
    });
  });
}
