import { test, expect, expectNoA11yViolations } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { MARI, createApplicationStep, nextStepHeading } from './support/create-application';
import { LANGUAGE_NAMES } from './support/i18n';

/** Presses Tab (only) until `target` has focus; fails when it is not reached in `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 25): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `not reached with ${limit} presses of Tab`).toBeFocused();
}

async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

test('the whole path with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  if (!((await html.getAttribute('lang')) ?? '').startsWith('en')) {
    const english = page.getByRole('link', { name: LANGUAGE_NAMES.en, exact: true }).or(page.getByRole('button', { name: LANGUAGE_NAMES.en, exact: true }));
    await tabTo(page, english);
    await page.keyboard.press('Enter');
    await expect(html).toHaveAttribute('lang', /^en/);
  }
  const step = createApplicationStep(page, 'en');
  await expect(step.heading).toBeVisible();

  // Fields in tab order, as a keyboard user meets them.
  await tabTo(page, step.loanType);
  await typeInto(page, step.loanAmount, MARI.loanAmount);
  await typeInto(page, step.loanPeriod, MARI.loanPeriod);
  await typeInto(page, step.firstName, MARI.firstName);
  await typeInto(page, step.surname, MARI.surname);
  await typeInto(page, step.personalCode, MARI.personalCode);
  await typeInto(page, step.email, MARI.email);
  await tabTo(page, step.countryCode);
  await typeInto(page, step.phone, MARI.phone);
  await tabTo(page, step.dataProcessingConsent);
  await page.keyboard.press('Space');
  await expect(step.dataProcessingConsent).toBeChecked();
  await tabTo(page, step.marketingConsent);
  await tabTo(page, step.continueButton);
  await page.keyboard.press('Enter');

  await expect(nextStepHeading(page, 'en')).toBeVisible();
  await expectNoA11yViolations(page, 'personal details step');
});
