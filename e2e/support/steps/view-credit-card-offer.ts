import { expect, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../a11y';
import type { TestLocale } from '../i18n';
import { stepKit } from '../step-kit';

/**
 * ViewCreditCardOffer with the card a loan's product cross-sells (decision 174): shown once the loan's
 * offer is accepted, when the rules offer the applicant the card beside the loan.
 */
export function cardWithLoanStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading('A credit card with your loan'),
    keepsTheLoan: page.getByText(kit.tx('Declining the card does not change your loan: either way, you go on to your loan’s contract next.'), { exact: true }),
    limit: page.getByRole('definition').first(),
    accept: kit.button('Accept the card'),
    decline: kit.button('Decline the card'),
    declineDialog: page.getByRole('dialog', { name: kit.tx('Decline the card?'), exact: true }),
    confirmDecline: kit.button('Yes, decline the card'),
  };
}

/** The card offered with the loan, answered: the page passes axe first (`label` names it), and the decline dialog too. */
export async function answerTheCardWithLoan(page: Page, locale: TestLocale, answer: 'accept' | 'decline', label: string): Promise<void> {
  const card = cardWithLoanStep(page, locale);
  await expect(card.heading).toBeVisible({ timeout: 15_000 });
  await expect(card.keepsTheLoan).toBeVisible();
  await expectNoA11yViolations(page, label);
  if (answer === 'accept') {
    await card.accept.click();
    return;
  }
  await card.decline.click();
  await expect(card.declineDialog).toBeVisible();
  await expectNoA11yViolations(page, `${label}, decline the card?`);
  await card.confirmDecline.click();
}
