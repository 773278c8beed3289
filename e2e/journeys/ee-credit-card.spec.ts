import { test, expect, expectNoA11yViolations } from '../fixtures';
import { MARI, fillCreateApplicationStep, openCreateApplicationStep } from '../support/create-application';
import { stepKit } from '../support/step-kit';
import { checkAnswersPage } from '../support/steps/check-answers';
import { acceptTheOffer } from '../support/steps/review-approved';
import { addressStep } from '../support/steps/submit-address';
import { backgroundStep, TOGETHER_QUESTION } from '../support/steps/submit-background-data';
import { bankDetailsStep } from '../support/steps/submit-bank-details-and-identification-document-info';
import { employerStep } from '../support/steps/submit-employer-info';
import { financialStep } from '../support/steps/submit-financial-data';
import { personalInfoStep } from '../support/steps/submit-personal-info';
import { realEstateStep } from '../support/steps/submit-real-estate-info';
import { chooseSmartIdOnContract } from '../support/steps/view-contract-and-choose-signing-method';
import { contractSignedHeading } from '../support/steps/view-contract-signed';

/**
 * Issue 11, browser path 5: an Estonian credit card in Estonian, from the first page to "your
 * answers have been sent". The card is chosen on the first page, where its amount is a credit limit
 * (no period, no calculator); it stays the card through the personal details; the background step
 * asks no co-applicant (a card is one person's); no property is asked. Every step axe-checked once,
 * against the real reference API (retail-banking-ee, the default domain).
 */
test('Estonian credit card in Estonian: every step to the end, no co-applicant asked', async ({ page }) => {
  test.setTimeout(150_000);
  const locale = 'et';
  const kit = stepKit(page, locale);

  const create = await openCreateApplicationStep(page, locale);
  await create.loanType.selectOption('CREDIT_CARD_VISA_CLASSIC');
  // A card has a credit limit, no period and no calculator to open.
  await expect(create.creditLimit).toBeVisible();
  await expect(create.loanAmount).toHaveCount(0);
  await expect(create.loanPeriod).toHaveCount(0);
  await expect(page.getByRole('button', { name: kit.tx('Open the loan calculator') })).toHaveCount(0);
  await expectNoA11yViolations(page, 'createApplicationStep, credit card (et)');
  await fillCreateApplicationStep(create, { card: true });
  const personal = personalInfoStep(page, locale);
  await kit.continueTo(personal.heading);

  // SubmitPersonalInfo: the card chosen on the first page is kept.
  await expect(personal.loanType).toHaveValue('CREDIT_CARD_VISA_CLASSIC');
  await expectNoA11yViolations(page, 'submitPersonalInfo, credit card (et)');
  await personal.fill({ personalCode: MARI.personalCode });
  const background = backgroundStep(page, locale);
  await kit.continueTo(background.heading);

  // SubmitBackgroundInfo: a card takes no co-applicant, so the question is not asked.
  await expect(kit.group('What is your employment status?')).toBeVisible();
  await expect(background.together).toHaveCount(0);
  await expectNoA11yViolations(page, 'submitBackgroundData, credit card (et)');
  await background.fill({
    maritalStatus: 'Single',
    education: 'Bachelor’s degree',
    residence: 'A rented home',
    children: 'None',
    adults: 'None',
    citizenship: 'EE',
    employment: 'Employed by a private company',
    employer: { name: 'Telia Eesti AS', since: { day: '1', month: '3', year: '2019' }, position: 'Specialist' },
    asksCoApplicant: false,
  });
  const employer = employerStep(page, locale);
  await kit.continueTo(employer.heading);

  await expectNoA11yViolations(page, 'submitEmployerInfo, credit card (et)');
  await employer.fill({ position: 'Analüütik', contract: 'Permanent' });
  const address = addressStep(page, locale);
  await kit.continueTo(address.heading);

  await expectNoA11yViolations(page, 'submitAddress, credit card (et)');
  await address.fill({ street: 'Tartu mnt 80', apartment: '21', city: 'Tallinn', postalCode: '10112' });
  const financial = financialStep(page, locale);
  await kit.continueTo(financial.heading);

  await expectNoA11yViolations(page, 'submitFinancialData, credit card (et)');
  await financial.fill({ incomes: [{ source: 'SALARY', amount: '2100' }], obligations: [] });
  // No property for a card: straight on to the bank account.
  const bank = bankDetailsStep(page, locale);
  await kit.continueTo(bank.heading);
  await expect(realEstateStep(page, locale).heading).toHaveCount(0);

  await expectNoA11yViolations(page, 'submitBankDetailsAndIdentificationDocumentInfo, credit card (et)');
  await bank.fill({
    iban: 'EE38 2200 2210 2014 5685',
    documentType: 'ID_CARD',
    documentNumber: 'AB0123456',
    issued: { day: '14', month: '3', year: '2021' },
    expires: { day: '13', month: '3', year: '2031' },
  });
  const check = checkAnswersPage(page, locale);
  await kit.continueTo(check.heading);

  // Check answers: the card with its credit limit, and no co-applicant among the answers.
  // Decision 196: the loan type, asked again (prefilled) on the personal details, is listed there once.
  await expect(check.answerOf('Loan type', check.section('Your personal details'))).toHaveText(kit.tx('Visa Classic credit card'));
  await expect(check.answerOf('Credit limit', check.section('Your loan and contact details'))).toHaveText(/2[\s\u00a0\u202f.]?000/);
  await expect(page.getByRole('term', { includeHidden: true }).filter({ hasText: kit.tx('Loan period (months)') })).toHaveCount(0);
  await expect(page.getByRole('term', { includeHidden: true }).filter({ hasText: kit.tx(TOGETHER_QUESTION) })).toHaveCount(0);
  await expect(check.answerOf('What is the name of your employer?', check.section('About you'))).toHaveText('Telia Eesti AS');
  await expectNoA11yViolations(page, 'checkAnswers, credit card (et)');

  await check.send.click();
  await acceptTheOffer(page, locale, 'viewCreditCardOffer (et)');
  // Smart-ID chosen and signed through the sandbox provider (issue 12): the contract-signed page.
  await chooseSmartIdOnContract(page, locale);
  await expect(contractSignedHeading(page, locale)).toBeVisible();
  await expectNoA11yViolations(page, 'viewContractSigned, credit card (et)');
});
