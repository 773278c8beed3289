import { test, expect, expectNoA11yViolations } from '../support/domain-server';
import { fillCreateApplicationStepAs, openCreateApplicationStep } from '../support/create-application';
import type { RetailPerson } from '../support/seed-application';
import { stepKit } from '../support/step-kit';
import { checkAnswersPage } from '../support/steps/check-answers';
import { shareStatementsAtTheSandboxBank } from '../support/steps/provide-bas-via-open-banking';
import { acceptTheOffer } from '../support/steps/review-approved';
import { addressStep } from '../support/steps/submit-address';
import { backgroundStep } from '../support/steps/submit-background-data';
import { bankDetailsStep } from '../support/steps/submit-bank-details-and-identification-document-info';
import { financialStep } from '../support/steps/submit-financial-data';
import { personalInfoStep } from '../support/steps/submit-personal-info';
import { chooseOnContract } from '../support/steps/view-contract-and-choose-signing-method';
import { signWithMobileId } from '../support/steps/view-contract-conditions';
import { contractSignedHeading } from '../support/steps/view-contract-signed';
import { answerTheCardWithLoan } from '../support/steps/view-credit-card-offer';

const TOMAS: RetailPerson = {
  firstName: 'Tomas',
  surname: 'Petrauskas',
  email: 'tomas.petrauskas@example.com',
  phone: '61234567',
  personalCode: '38703181745',
  iban: 'LT737300010012345678',
  documentNumber: 'AB9876543',
};

// Issue 21: as plain `npm start` runs it (a demonstration, no sandbox controls): the statements through the
// PSD2 simulator's bank page, the contract signed with Mobile-ID on the Mobile-ID simulator's phone page.
test.use({ serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lt' }, withoutSandbox: true, ownServer: true });

/**
 * Issue 11, browser path 4: the Lithuanian car loan in Lithuanian, from the first page to "your
 * answers have been sent". Self-employed, so no employer step; a car loan asks no property.
 */
test('Lithuanian car loan in Lithuanian: the steps of a self-employed applicant, from the first page to the end', async ({ page }) => {
  test.setTimeout(150_000);
  const locale = 'lt';
  const kit = stepKit(page, locale);
  const create = await openCreateApplicationStep(page, locale);
  await fillCreateApplicationStepAs(create, TOMAS, { productName: 'CAR_LOAN', amount: '15000', period: '60' });
  await expectNoA11yViolations(page, 'createApplicationStep (lt)');

  const personal = personalInfoStep(page, locale);
  await kit.continueTo(personal.heading);
  await expect(personal.loanType).toHaveValue('CAR_LOAN');
  // Lithuania offers Lithuanian and English: the language being used is the answer already.
  await expect(personal.language).toHaveValue('lit');
  await expectNoA11yViolations(page, 'submitPersonalInfo (lt)');
  await personal.fill({ personalCode: TOMAS.personalCode });

  const background = backgroundStep(page, locale);
  await kit.continueTo(background.heading);
  await expectNoA11yViolations(page, 'submitBackgroundData (lt)');
  await background.fill({
    maritalStatus: 'Divorced',
    education: 'Secondary education',
    residence: 'A house I own',
    children: '3',
    adults: 'None',
    citizenship: 'LT',
    employment: 'Self-employed',
    workSince: { day: '1', month: '3', year: '2019' },
  });

  // Self-employed: no employer step.
  const address = addressStep(page, locale, 'LT');
  await kit.continueTo(address.heading);
  await expectNoA11yViolations(page, 'submitAddress (lt)');
  await address.fill({ street: 'Gedimino pr. 9', city: 'Vilnius', county: 'Vilniaus miesto savivaldybė', postalCode: 'LT-01103' });

  const financial = financialStep(page, locale);
  await kit.continueTo(financial.heading);
  await expectNoA11yViolations(page, 'submitFinancialData (lt)');
  await financial.fill({ incomes: [{ source: 'BUSINESS', amount: '1700' }], obligations: [] });

  // A car loan asks no property.
  const bank = bankDetailsStep(page, locale);
  await kit.continueTo(bank.heading);
  await expectNoA11yViolations(page, 'submitBankDetailsAndIdentificationDocumentInfo (lt)');
  await bank.fill({
    iban: TOMAS.iban,
    paymentDay: '5',
    documentType: 'ID_CARD',
    documentNumber: TOMAS.documentNumber,
    issued: { day: '10', month: '10', year: '2023' },
    expires: { day: '9', month: '10', year: '2033' },
  });

  const check = checkAnswersPage(page, locale);
  await kit.continueTo(check.heading);
  await check.openAll();
  await expect(page.getByText('Gedimino pr. 9', { exact: false })).toBeVisible();
  await expect(page.getByText(TOMAS.iban.replace(/(.{4})(?!$)/g, '$1 '))).toBeVisible();
  await expectNoA11yViolations(page, 'checkAnswers (lt)');
  await check.send.click();
  // Decision 152: a self-employed applicant shows the income with bank statements.
  await shareStatementsAtTheSandboxBank(page, locale, 'provideBasViaOpenBanking (lt)');
  await acceptTheOffer(page, locale, 'reviewApproved (lt)');
  // Issue 22 (decision 174): the car loan's product data names the Visa Classic card; he accepts it. Cross-sell
  // signing is off here, so only the loan's contract is signed online (decision 160).
  await answerTheCardWithLoan(page, locale, 'accept', 'viewCreditCardOffer with the loan (lt)');
  // Issue 21: Mobile-ID chosen, confirmed on the simulated phone: the contract-signed page.
  await chooseOnContract(page, locale, 'Mobile-ID');
  await signWithMobileId(page, locale);
  await expect(contractSignedHeading(page, locale)).toBeVisible();
  await expectNoA11yViolations(page, 'viewContractSigned (lt)');
});
