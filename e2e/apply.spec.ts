import { test, expect, expectNoA11yViolations } from './fixtures';
import { createApplicationStep, dismissCalculator, externalIdOf, fillCreateApplicationStep, nextStepHeading, switchLanguage } from './support/create-application';
import { LANGUAGE_NAMES, t, type TestLocale } from './support/i18n';

/** Estonia offers Estonian and Russian, plus English. */
const ESTONIAN_RETAIL_LOCALES: readonly TestLocale[] = ['et', 'ru', 'en'];

for (const locale of ESTONIAN_RETAIL_LOCALES) {
  test(`an applicant fills in the first step and reaches the next in ${LANGUAGE_NAMES[locale]}, with no axe violations`, async ({ page }) => {
    await page.goto('/');
    await switchLanguage(page, locale);
    const step = createApplicationStep(page, locale);

    await expect(step.heading).toBeVisible();
    await dismissCalculator(page);
    await expect(step.loanType).toBeVisible();
    await expect(step.monthlyPayment).toContainText(/\d/);
    await expect(step.countryCode.locator('option:checked')).toHaveText(/\+372/);
    await expectNoA11yViolations(page, 'create-application step');

    // Continue with nothing typed: the error summary takes focus and links to each field.
    await step.continueButton.click();
    await expect(step.errorSummary).toBeVisible();
    await expect(page.locator(':focus')).toContainText(t(locale, 'There is a problem'));
    const links = page.getByRole('alert').filter({ has: step.errorSummary }).getByRole('link');
    await expect(links.first()).toBeVisible();
    await expectNoA11yViolations(page, 'create-application step with the error summary');
    await links.first().click();
    await expect(page.locator('input:focus, select:focus')).toHaveCount(1);

    await fillCreateApplicationStep(step);
    await externalIdOf(page);
    await step.continueButton.click();

    await expect(nextStepHeading(page, locale)).toBeVisible();
    // Past the step where it is chosen, the header shows the amount applied for.
    const amountLabel = t(locale, 'Loan amount: <0>{loanAmount}</0>').split('<0>')[0]!.trim();
    await expect(page.getByRole('banner')).toContainText(new RegExp(`${amountLabel}\\s*€?5[\\s\u00a0\u202f.,]?000(\\s*€)?`));
    await expectNoA11yViolations(page, 'personal details step');
  });
}
