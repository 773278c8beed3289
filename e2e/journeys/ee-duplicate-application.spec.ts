import { test, expect, expectNoA11yViolations } from '../fixtures';
import { MARI, createApplicationStep, dismissCalculator, fillCreateApplicationStep, openCreateApplicationStep } from '../support/create-application';
import { t } from '../support/i18n';
import { sendEstonianDataSteps } from '../support/steps/estonian-data-steps';
import { MARI_ANSWERS } from '../support/steps/estonian-data-steps';

/**
 * Issue 22 (decision 175), a live path without sandbox controls: Mari sends her small loan
 * application through its data steps in one browser; the bank decides and shows her its offer. In a
 * second browser (another session) someone applies for the same product with her personal code: the
 * bank is already handling her application, so the new one ends at the duplicate application page,
 * which tells nothing about the other application but that it exists. In Estonian, against the
 * reference API as `npm start` runs it (a demonstration: no sandbox).
 */
test.use({ withoutSandbox: true, ownServer: true });

test('Estonian small loan applied for again from another browser with the same personal code: the duplicate application page', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const locale = 'et';

  // The first browser: the application through its data steps, sent to the bank.
  const create = await openCreateApplicationStep(page, locale);
  await fillCreateApplicationStep(create);
  await sendEstonianDataSteps(page, locale, {
    personalCode: MARI.personalCode,
    background: MARI_ANSWERS.employedBackground,
    employer: MARI_ANSWERS.employer,
    address: MARI_ANSWERS.address,
    financial: {
      incomes: [{ source: 'SALARY', amount: '1850' }],
      obligations: [{ type: 'CONSUMER_LOAN', creditor: 'Näidispank AS', monthlyPayment: '120', outstanding: '2400' }],
    },
    bank: MARI_ANSWERS.bank,
  });
  // The bank decided: its offer waits for her (the application is the bank's now).
  await expect(page.getByRole('button', { name: t(locale, 'Accept the offer'), exact: true })).toBeVisible({ timeout: 15_000 });

  // Another browser, another session: the same product with the same personal code.
  const other = await browser.newContext({ baseURL, locale: 'et-EE', timezoneId: 'Europe/Tallinn' });
  try {
    const second = await other.newPage();
    const again = await openCreateApplicationStep(second, locale);
    await dismissCalculator(second);
    await fillCreateApplicationStep(createApplicationStep(second, locale));
    await again.continueButton.click();
    const heading = second.getByRole('heading', { level: 1, name: t(locale, 'You already have an application with us') });
    await expect(heading).toBeVisible({ timeout: 15_000 });
    await expect(heading).toBeFocused();
    await expect(second.getByText(t(locale, 'We are already handling another application for the same kind of loan with this personal code, so we will not process this one.'))).toBeVisible();
    // Nothing of the other application: no amount, no offer, no way on.
    await expect(second.getByRole('button', { name: t(locale, 'Accept the offer'), exact: true })).toHaveCount(0);
    await expect(second.getByRole('button', { name: t(locale, 'Continue'), exact: true })).toHaveCount(0);
    await expectNoA11yViolations(second, 'viewDuplicateApplication (et)');
  } finally {
    await other.close();
  }

  // Mari's own application is untouched: her offer is still there after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: t(locale, 'Accept the offer'), exact: true })).toBeVisible();
});
