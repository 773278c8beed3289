import { test, expect, expectNoA11yViolations } from '../fixtures';
import { MARI, fillCreateApplicationStep, openCreateApplicationStep } from '../support/create-application';
import { stepKit } from '../support/step-kit';
import { checkAnswersPage } from '../support/steps/check-answers';
import { acceptTheOffer } from '../support/steps/review-approved';
import { addressStep } from '../support/steps/submit-address';
import { backgroundStep } from '../support/steps/submit-background-data';
import { bankDetailsStep } from '../support/steps/submit-bank-details-and-identification-document-info';
import { employerStep } from '../support/steps/submit-employer-info';
import { financialStep } from '../support/steps/submit-financial-data';
import { personalInfoStep } from '../support/steps/submit-personal-info';
import { chooseSmartIdOnContract } from '../support/steps/view-contract-and-choose-signing-method';
import { contractSignedHeading } from '../support/steps/view-contract-signed';
import { answerTheCardWithLoan } from '../support/steps/view-credit-card-offer';
import { MARI_ANSWERS } from '../support/steps/estonian-data-steps';

/**
 * Issue 11, browser path 1: the Estonian small loan in Estonian, from the first page to "your
 * answers have been sent", answered as an employed applicant would (so the employer step is asked),
 * every step axe-checked once, the check-answers page listing the answers and one change made from
 * it. Against the real reference API (retail-banking-ee, the default domain).
 *
 * Issue 21: the server runs as plain `npm start` runs it, a demonstration without sandbox controls:
 * the decision is the engine's own, and the contract is signed with Smart-ID through the Smart-ID
 * simulator's phone page, found from the simulators' index by the verification code the app shows.
 */
test.use({ withoutSandbox: true, ownServer: true });

test('Estonian small loan in Estonian: every step to the end, with check answers and one change', async ({ page }) => {
  test.setTimeout(150_000);
  const locale = 'et';
  const kit = stepKit(page, locale);

  const create = await openCreateApplicationStep(page, locale);
  // A demonstration says so on every page (issue 21).
  await expect(page.getByRole('contentinfo').getByText(kit.tx('Demonstration: no real signing or bank access.'))).toBeVisible();
  await fillCreateApplicationStep(create);
  const personal = personalInfoStep(page, locale);
  await kit.continueTo(personal.heading);

  // SubmitPersonalInfo: the small loan chosen on the first page is kept; Estonian is the likeliest language.
  await expect(personal.loanType).toHaveValue('SMALL_LOAN');
  await expect(personal.language).toHaveValue('est');
  await expectNoA11yViolations(page, 'submitPersonalInfo (et)');
  await personal.fill({ personalCode: MARI.personalCode });
  const background = backgroundStep(page, locale);
  await kit.continueTo(background.heading);

  // SubmitBackgroundInfo: employed, so the employer's name and the start of the work are asked.
  await expect(background.employerName).toBeHidden();
  await expectNoA11yViolations(page, 'submitBackgroundData (et)');
  await background.fill(MARI_ANSWERS.employedBackground);
  const employer = employerStep(page, locale);
  await kit.continueTo(employer.heading);

  // SubmitEmployerInfo: only because the applicant works for an employer.
  await expectNoA11yViolations(page, 'submitEmployerInfo (et)');
  await employer.fill(MARI_ANSWERS.employer);
  const address = addressStep(page, locale);
  await kit.continueTo(address.heading);

  await expectNoA11yViolations(page, 'submitAddress (et)');
  await address.fill({ street: 'Narva mnt 5', apartment: '12', city: 'Tallinn', county: 'Harju maakond', postalCode: '10117' });
  const financial = financialStep(page, locale);
  await kit.continueTo(financial.heading);

  await expectNoA11yViolations(page, 'submitFinancialData (et)');
  await financial.fill({
    incomes: [
      { source: 'SALARY', amount: '1850' },
      { source: 'RENT', amount: '420,50' },
    ],
    obligations: [{ type: 'CONSUMER_LOAN', creditor: 'Näidispank AS', monthlyPayment: '120', outstanding: '2400' }],
  });
  const bank = bankDetailsStep(page, locale);
  await kit.continueTo(bank.heading);

  await expectNoA11yViolations(page, 'submitBankDetailsAndIdentificationDocumentInfo (et)');
  await bank.fill(MARI_ANSWERS.bank);
  const check = checkAnswersPage(page, locale);
  await kit.continueTo(check.heading);

  // Check answers: every step's answers, grouped by step, as the applicant gave them.
  for (const title of ['Your loan and contact details', 'Your personal details', 'About you', 'Your employer', 'Your address', 'Your income and obligations', 'Your bank account and identity document']) {
    await expect(check.section(title)).toBeVisible();
  }
  await expect(check.answerOf('Where you live', check.section('Your address'))).toHaveText(/^Narva mnt 5, .*Tallinn, Harju maakond, 10117/);
  // Decision 196: the employer's name is asked once, on "About you", and listed there once.
  await expect(check.answerOf('What is the name of your employer?', check.section('About you'))).toHaveText('Balti Puit OÜ');
  await expect(check.answerOf('Your job title', check.section('Your employer'))).toHaveText('Raamatupidaja');
  await expect(check.answerOf('What is your marital status?', check.section('About you'))).toHaveText(kit.tx('Married'));
  await expect(check.section('Your income and obligations')).toContainText('1850');
  await expect(check.section('Your bank account and identity document')).toContainText('EE38 2200 2210 2014 5685');
  await expectNoA11yViolations(page, 'checkAnswers (et)');

  // One change: back to the address with the answer kept; sending it again returns here.
  await check.open('Your address');
  await check.change('Your address').click();
  await expect(address.heading).toBeVisible();
  await expect(address.city).toHaveValue('Tallinn');
  await expect(address.street).toHaveValue('Narva mnt 5');
  await address.city.fill('Tartu');
  await kit.continueTo(check.heading);
  await expect(check.answerOf('Where you live')).toHaveText(/^Narva mnt 5, .*Tartu, Harju maakond, 10117/);
  await expect(check.answerOf('What is the name of your employer?')).toHaveText('Balti Puit OÜ');

  await check.send.click();
  await acceptTheOffer(page, locale, 'reviewApproved (et)');
  // Issue 22 (decision 174): the small loan's product data names the Visa Classic card, which the rules
  // offer her beside the loan; she declines it, and only the card is declined.
  await answerTheCardWithLoan(page, locale, 'decline', 'viewCreditCardOffer with the loan (et)');
  // Smart-ID chosen and confirmed on the simulated phone (issue 21): the contract-signed page.
  await chooseSmartIdOnContract(page, locale);
  await expect(contractSignedHeading(page, locale)).toBeVisible();
  await expectNoA11yViolations(page, 'viewContractSigned (et)');
});
