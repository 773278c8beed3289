import { expect, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../a11y';
import { t, type TestLocale } from '../i18n';

/**
 * ReviewApproved (and ViewCreditCardOffer for a card, the same button): the offer of the positive
 * decision the rules gave (decision 131), accepted as approved: the page passes axe first. `label`
 * names it in the violations report.
 */
export async function acceptTheOffer(page: Page, locale: TestLocale, label: string): Promise<void> {
  const accept = page.getByRole('button', { name: t(locale, 'Accept the offer'), exact: true });
  await expect(accept).toBeVisible();
  await expectNoA11yViolations(page, label);
  await accept.click();
}
