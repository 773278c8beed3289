import { expect, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../a11y';
import { t, type TestLocale } from '../i18n';

/**
 * ProvideBasViaOpenBanking (decision 152): the first bank listed chosen, the consent approved on
 * the bank's SCA page (the PSD2 aggregator's simulator, decision 170; English, like a bank's own
 * page), and back on the step, on with the statements shared. The step passes axe first. `label`
 * names it in the violations report.
 */
export async function shareStatementsAtTheSandboxBank(page: Page, locale: TestLocale, label: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'Share your bank statements'), exact: true })).toBeVisible();
  await expectNoA11yViolations(page, label);
  await page.getByRole('list', { name: t(locale, 'Banks'), exact: true }).getByRole('button').first().click();
  await expect(page).toHaveURL(/\/psd2\/sca\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText(t(locale, 'Your bank has shared your statements.'), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
}
