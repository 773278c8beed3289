import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations } from '../support/domain-server';
import { fillCreateApplicationStepAs, openCreateApplicationStep } from '../support/create-application';
import type { RetailPerson } from '../support/seed-application';
import { stepKit } from '../support/step-kit';
import { shareStatementsAtTheSandboxBank } from '../support/steps/provide-bas-via-open-banking';
import { acceptTheOffer } from '../support/steps/review-approved';
import { answerTheCardWithLoan } from '../support/steps/view-credit-card-offer';
import { additionalDataSubmittedHeading } from '../support/steps/view-additional-data-submitted';
import type { TestLocale } from '../support/i18n';
import { sendEstonianDataSteps } from '../support/steps/estonian-data-steps';

/**
 * Issue 22 (docs/decisions/173), the decision engine's final stage in the browser, in Estonian, as
 * plain `npm start` runs it (a demonstration, no sandbox controls): a car loan above 15 000 € is
 * approved subject to a check of the income; accepted, the applicant shares statements on the PSD2
 * simulator's bank page, the "additional data submitted" page says an underwriter checks them, and
 * the underwriter's answer (3 s here) brings the final offer, or the negative thank-you page where
 * the statements show far less income than declared. Axe on each page reached.
 */
test.use({
  serverEnv: { UNDERWRITER_REVIEW_SECONDS: '3', REFINANCING_CHECK_SECONDS: '3', REFINANCING_PAYOFF_SECONDS: '3', STATEMENT_ANALYSIS_SECONDS: '0' },
  withoutSandbox: true,
  ownServer: true,
});

const LOCALE: TestLocale = 'et';

const LIISA: RetailPerson = {
  firstName: 'Liisa',
  surname: 'Lepik',
  email: 'liisa.lepik@example.com',
  phone: '55512345',
  personalCode: '48605120224',
  iban: 'EE501010220012345675',
  documentNumber: 'AC7654321',
};

const TOOMAS: RetailPerson = {
  firstName: 'Toomas',
  surname: 'Saar',
  email: 'toomas.saar@example.com',
  phone: '56678901',
  personalCode: '37909130213',
  iban: 'EE262200221000123452',
  documentNumber: 'AD1234567',
};

/** The first page to the offer: a 20 000 € car loan, retired (no employer step), a pension of `pension` a month. */
async function appliedForACarLoan(page: Page, person: RetailPerson, pension: string): Promise<void> {
  const create = await openCreateApplicationStep(page, LOCALE);
  await fillCreateApplicationStepAs(create, person, { productName: 'CAR_LOAN', amount: '20000', period: '60' });
  await sendEstonianDataSteps(page, LOCALE, {
    personalCode: person.personalCode,
    background: {
      maritalStatus: 'Married',
      education: 'Master’s degree',
      residence: 'An apartment I own',
      children: 'None',
      adults: 'None',
      citizenship: 'EE',
      employment: 'Retired',
    },
    address: { street: 'Pikk 12', apartment: '4', city: 'Tallinn', postalCode: '10123' },
    financial: { incomes: [{ source: 'PENSION', amount: pension }], obligations: [] },
    bank: {
      iban: person.iban,
      documentType: 'ID_CARD',
      documentNumber: person.documentNumber,
      issued: { day: '3', month: '2', year: '2022' },
      expires: { day: '2', month: '2', year: '2032' },
    },
  });
}

/** The additional-data-submitted page while the underwriter works, then what their answer brings: the page moves on by itself (decision 172). */
async function underwriterAnswers(page: Page, next: Locator): Promise<void> {
  const kit = stepKit(page, LOCALE);
  await expect(additionalDataSubmittedHeading(page, LOCALE)).toBeVisible();
  await expect(page.getByText(kit.tx('An underwriter is now checking your income with your bank statements, and your application with the terms you accepted.'))).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: kit.tx('This page moves on by itself as soon as we are done. You can also close it: we will let you know by e-mail.') })).toBeVisible();
  await expectNoA11yViolations(page, 'viewAdditionalDataSubmitted, before the underwriter (et)');
  await expect(next).toBeVisible({ timeout: 20_000 });
}

test('a car loan above 15 000 €: accepted, the statements shared, the underwriter’s answer brings the final offer, then the contract', async ({ page }) => {
  test.setTimeout(150_000);
  const kit = stepKit(page, LOCALE);
  await appliedForACarLoan(page, LIISA, '2100');

  // The additional-check variant: accepting asks for the statements first.
  await expect(kit.heading('Your loan is approved, subject to a check of your income')).toBeVisible();
  await acceptTheOffer(page, LOCALE, 'reviewApproved, additional check (et)');
  await shareStatementsAtTheSandboxBank(page, LOCALE, 'provideBasViaOpenBanking, additional checks (et)');

  const final = kit.heading('Your final loan offer');
  await underwriterAnswers(page, final);
  await expect(page.getByText(kit.tx('We have checked your application. This offer is final: accept it to go on to the contract.'))).toBeVisible();
  await acceptTheOffer(page, LOCALE, 'reviewApproved, final (et)');
  // Decision 174: the card a car loan cross-sells comes with the final loan; declined, the loan goes on.
  await answerTheCardWithLoan(page, LOCALE, 'decline', 'viewCreditCardOffer with the final loan (et)');
  await expect(kit.heading('Your contract')).toBeVisible();
  await expectNoA11yViolations(page, 'viewContractAndChooseSigningMethod after the final offer (et)');
});

test('a declared income the statements show far less of: the underwriter refuses, NEGATIVE_FINAL on the negative thank-you page', async ({ page }) => {
  test.setTimeout(150_000);
  const kit = stepKit(page, LOCALE);
  await appliedForACarLoan(page, TOOMAS, '20000');
  await expect(kit.heading('Your loan is approved, subject to a check of your income')).toBeVisible();
  await acceptTheOffer(page, LOCALE, 'reviewApproved, additional check (et)');
  await shareStatementsAtTheSandboxBank(page, LOCALE, 'provideBasViaOpenBanking, additional checks (et)');

  const negative = kit.heading('Thank you for your application');
  await underwriterAnswers(page, negative);
  await expect(page.getByText(kit.tx('Unfortunately we cannot offer you a loan this time. No contract has been made and you owe us nothing.'))).toBeVisible();
  await expectNoA11yViolations(page, 'viewNegativeThankYouPage after the underwriter (et)');
  // The decision ends the flow: a reload shows it again.
  await page.reload();
  await expect(negative).toBeVisible();
});
