import { test, expect, expectNoA11yViolations, testTheCalculator } from './fixtures';
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

test('the whole path with the keyboard alone, the calculator modal included', async ({ page }) => {
  await testTheCalculator(page);
  await page.goto('/');
  const html = page.locator('html');
  // The calculator opens with the step and holds the focus; Escape closes it.
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { level: 2 })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  if (!((await html.getAttribute('lang')) ?? '').startsWith('en')) {
    const english = page.getByRole('link', { name: LANGUAGE_NAMES.en, exact: true }).or(page.getByRole('button', { name: LANGUAGE_NAMES.en, exact: true }));
    await tabTo(page, english);
    await page.keyboard.press('Enter');
    await expect(html).toHaveAttribute('lang', /^en/);
  }
  const step = createApplicationStep(page, 'en');
  await expect(step.heading).toBeVisible();

  // Fields in tab order, as a keyboard user meets them; amount and period with the calculator.
  await tabTo(page, step.loanType);
  const open = page.getByRole('button', { name: 'Open the loan calculator' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const calculator = page.getByRole('dialog', { name: 'Loan calculator' });
  await expect(calculator.getByRole('heading', { name: 'Loan calculator' })).toBeFocused();
  // The slider moves with the arrow keys; the typed input beside it does the same without dragging.
  await tabTo(page, calculator.getByRole('slider', { name: 'Loan amount' }));
  await page.keyboard.press('ArrowRight');
  await expect(calculator.getByRole('textbox', { name: 'Loan amount' })).toHaveValue('3,100');
  await typeInto(page, calculator.getByRole('textbox', { name: 'Loan amount' }), MARI.loanAmount);
  await typeInto(page, calculator.getByRole('textbox', { name: 'Loan period (months)' }), MARI.loanPeriod);
  await expect(calculator.getByRole('status')).toContainText('a month');
  await tabTo(page, calculator.getByRole('button', { name: 'Use these figures' }));
  await page.keyboard.press('Enter');
  await expect(calculator).toHaveCount(0);
  // Focus is back where the calculator was opened from, and the step has the figures.
  await expect(open).toBeFocused();
  await expect(step.loanAmount).toHaveValue('5,000');
  await expect(step.loanPeriod).toHaveValue(MARI.loanPeriod);

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
