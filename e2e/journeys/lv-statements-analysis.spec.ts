import { test, expect, expectNoA11yViolations } from '../support/domain-server';
import { fillCreateApplicationStepAs, openCreateApplicationStep } from '../support/create-application';
import { t } from '../support/i18n';
import type { RetailPerson } from '../support/seed-application';
import { stepKit } from '../support/step-kit';
import { checkAnswersPage } from '../support/steps/check-answers';
import { shareStatementsAtTheSandboxBank } from '../support/steps/provide-bas-via-open-banking';
import { addressStep } from '../support/steps/submit-address';
import { backgroundStep } from '../support/steps/submit-background-data';
import { bankDetailsStep } from '../support/steps/submit-bank-details-and-identification-document-info';
import { financialStep } from '../support/steps/submit-financial-data';
import { personalInfoStep } from '../support/steps/submit-personal-info';

const JANIS: RetailPerson = {
  firstName: 'Jānis',
  surname: 'Kalniņš',
  email: 'janis.kalnins@example.com',
  phone: '22345678',
  // The new format, which carries no birth date: the date of birth is asked.
  personalCode: '329876-54321',
  iban: 'LV87HABA0551012345678',
  documentNumber: 'PA1234567',
};

// Issue 22 (decision 172): as plain `npm start` runs it (no sandbox controls), with a back office that
// answers the statement analysis after 6 seconds and says it takes time after 2: the applicant sees
// "being processed", then "takes time", then the offer, each page moving on by itself.
test.use({
  serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lv', STATEMENT_ANALYSIS_SECONDS: '6', STATEMENT_ANALYSIS_PATIENCE_SECONDS: '2' },
  withoutSandbox: true,
  ownServer: true,
});

/**
 * Latvia asks every borrower for statements (decision 152): after open banking on the PSD2
 * simulator's bank page the bank analyses them, and the pages that say so move on by themselves to
 * the decision the rules make, with nothing seeded and nothing pressed.
 */
test('Latvian small loan: the statements are analysed, the page says so, then that it takes time, and the offer arrives by itself', async ({ page }) => {
  test.setTimeout(120_000);
  const locale = 'lv';
  const kit = stepKit(page, locale);
  const create = await openCreateApplicationStep(page, locale);
  await fillCreateApplicationStepAs(create, JANIS, { productName: 'SMALL_LOAN', amount: '3000', period: '36' });

  const personal = personalInfoStep(page, locale);
  await kit.continueTo(personal.heading);
  await personal.fill({ personalCode: JANIS.personalCode, dateOfBirth: '020778' });

  const background = backgroundStep(page, locale);
  await kit.continueTo(background.heading);
  await background.fill({ maritalStatus: 'Married', education: 'Master’s degree', residence: 'An apartment I own', children: 'None', adults: 'None', citizenship: 'LV', employment: 'Retired' });

  const address = addressStep(page, locale, 'LV');
  await kit.continueTo(address.heading);
  await address.fill({ street: 'Elizabetes iela 45', apartment: '12', city: 'Rīga', postalCode: 'LV-1010' });

  const financial = financialStep(page, locale);
  await kit.continueTo(financial.heading);
  await financial.fill({ incomes: [{ source: 'PENSION', amount: '1400' }], obligations: [] });

  const bank = bankDetailsStep(page, locale);
  await kit.continueTo(bank.heading);
  await bank.fill({
    iban: JANIS.iban,
    documentType: 'ID_CARD',
    documentNumber: JANIS.documentNumber,
    issued: { day: '5', month: '5', year: '2022' },
    expires: { day: '4', month: '5', year: '2032' },
  });

  const check = checkAnswersPage(page, locale);
  await kit.continueTo(check.heading);
  await check.send.click();
  await shareStatementsAtTheSandboxBank(page, locale, 'provideBasViaOpenBanking (lv)');

  // The bank analyses the statements: the page says so and that it moves on by itself.
  const processing = page.getByRole('heading', { level: 1, name: t(locale, 'Thank you! We are checking your bank statements'), exact: true });
  await expect(processing).toBeVisible();
  await expect(processing).toBeFocused();
  await expect(page.getByRole('button', { name: t(locale, 'Check now'), exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'viewBankStatementsBeingProcessed (lv)');

  // Longer than the page promised: it says so, by itself.
  const takesTime = page.getByRole('heading', { level: 1, name: t(locale, 'Checking your bank statements is taking longer than usual'), exact: true });
  await expect(takesTime).toBeVisible({ timeout: 10_000 });
  await expect(takesTime).toBeFocused();
  await expectNoA11yViolations(page, 'viewProcessingTakesTime (lv)');

  // The analysis answers and the rules decide: the offer arrives by itself.
  await expect(page.getByRole('button', { name: t(locale, 'Accept the offer'), exact: true })).toBeVisible({ timeout: 15_000 });
});
