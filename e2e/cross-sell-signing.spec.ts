/**
 * Issue 12, cross-sell signing (decisions 160-162): Mari accepted the credit card offered with her small
 * loan and the server's cross-sell signing flag is on, so ViewContractConditions opens the cross-sell
 * modal with two contracts. Each card's Sign runs a Smart-ID signing of that contract through the
 * sandbox provider; each card is then labelled signed; with both signed the step goes on to the
 * contract-signed page. axe on the modal.
 */
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { t } from './support/i18n';
import { contractSignedHeading, seedAtContractSigning, signingStep } from './support/retail-steps';

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
  const signing = signingStep(page, locale);
  await expect(signing.signedHeading).toBeVisible({ timeout: 30_000 });
  await expect(modal).toBeHidden();
  await signing.continueButton.click();
  await expect(contractSignedHeading(page, locale)).toBeVisible({ timeout: 15_000 });
});
