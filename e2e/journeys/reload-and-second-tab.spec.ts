import { test, expect } from '../fixtures';
import { draftSavedWith } from '../support/create-application';
import { openSeededApplication, type RetailPerson } from '../support/seed-application';
import { stepKit } from '../support/step-kit';
import { addressStep } from '../support/steps/submit-address';
import { financialStep } from '../support/steps/submit-financial-data';

const PEETER: RetailPerson = {
  firstName: 'Peeter',
  surname: 'Sepp',
  email: 'peeter.sepp@example.com',
  phone: '55512345',
  personalCode: '38503120003',
  iban: 'EE927700770012345672',
  documentNumber: 'AE1234567',
};

/**
 * Issue 11: a reload in the middle of a step keeps the step and what was typed (the server-side
 * draft), and a second tab opening the same application shows the step the application is at,
 * with the same answers; once one tab moves on, the other finds the new step on its next load. The
 * rows of a repeating block survive a reload, and Back finds the sent step's answers.
 */
test('a reload mid-step keeps the step and its answers, and a second tab opens at the current step', async ({ page }) => {
  test.setTimeout(120_000);
  const locale = 'et';
  const externalId = await openSeededApplication(page, locale, 'submitAddress', {
    person: PEETER,
    phoneCode: '+372',
    productName: 'SMALL_LOAN',
    loan: { amount: 4000, period: 24 },
    skipped: ['submitEmployerInfo'],
  });
  const address = addressStep(page, locale);
  await expect(address.heading).toBeVisible();

  const saved = draftSavedWith(page, 'Kesklinna linnaosa');
  await address.street.fill('Pärnu mnt 22');
  await address.apartment.fill('7');
  await address.city.fill('Tallinn');
  await address.county.fill('Kesklinna linnaosa');
  await saved;

  await page.reload();
  await expect(address.heading).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`externalId=${externalId}`));
  await expect(address.street).toHaveValue('Pärnu mnt 22');
  await expect(address.apartment).toHaveValue('7');
  await expect(address.city).toHaveValue('Tallinn');
  await expect(address.county).toHaveValue('Kesklinna linnaosa');

  // A second tab of the same browser opens the application where it is, with the same answers.
  const second = await page.context().newPage();
  await second.goto(`/?externalId=${externalId}&lang=${locale}`);
  const secondAddress = addressStep(second, locale);
  await expect(secondAddress.heading).toBeVisible();
  await expect(secondAddress.street).toHaveValue('Pärnu mnt 22');
  await expect(secondAddress.county).toHaveValue('Kesklinna linnaosa');

  // The second tab finishes the step; the first finds the next step when it loads again.
  await secondAddress.postalCode.fill('10111');
  const financialInSecond = financialStep(second, locale);
  await stepKit(second, locale).continueTo(financialInSecond.heading);
  await second.close();
  await page.reload();
  const financial = financialStep(page, locale);
  await expect(financial.heading).toBeVisible();

  // Repeating blocks survive a reload too: two incomes, one of them added with "Add another income".
  const kit = stepKit(page, locale);
  const rowsSaved = draftSavedWith(page, '987');
  await financial.fill({ incomes: [{ source: 'SALARY', amount: '2100' }, { source: 'RENT', amount: '987' }], obligations: [] });
  await rowsSaved;
  await page.reload();
  await expect(financial.heading).toBeVisible();
  await expect(kit.combobox('Source of income', financial.income(0))).toHaveValue('SALARY');
  await expect(kit.combobox('Source of income', financial.income(1))).toHaveValue('RENT');
  await expect(kit.textbox('Monthly amount after tax, in euros', financial.income(1))).toHaveValue(/^987/);
  await expect(financial.noObligations).toBeChecked();

  // Back to the step the other tab sent: its answers as they were sent.
  await page.goBack();
  await expect(address.heading).toBeVisible();
  await expect(address.street).toHaveValue('Pärnu mnt 22');
  await expect(address.postalCode).toHaveValue('10111');
});
