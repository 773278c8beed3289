import { test, expect, expectNoA11yViolations, sandbox } from '../fixtures';
import { externalIdOf, fillCreateApplicationStepAs, openCreateApplicationStep } from '../support/create-application';
import type { RetailPerson } from '../support/seed-application';
import { stepKit } from '../support/step-kit';
import { JAAN } from '../support/steps/estonian-data-steps';
import { checkAnswersPage } from '../support/steps/check-answers';
import { shareStatementsAtTheSandboxBank } from '../support/steps/provide-bas-via-open-banking';
import { acceptTheOffer } from '../support/steps/review-approved';
import { addressStep } from '../support/steps/submit-address';
import { backgroundStep } from '../support/steps/submit-background-data';
import { bankDetailsStep } from '../support/steps/submit-bank-details-and-identification-document-info';
import { employerStep } from '../support/steps/submit-employer-info';
import { financialStep } from '../support/steps/submit-financial-data';
import { coBorrowerInitialStep } from '../support/steps/submit-initial-data-co-borrower';
import { personalInfoStep } from '../support/steps/submit-personal-info';
import { additionalDataSubmittedHeading } from '../support/steps/view-additional-data-submitted';
import { chooseSmartIdOnContract } from '../support/steps/view-contract-and-choose-signing-method';
import { contractSignedHeading } from '../support/steps/view-contract-signed';
import { waitingPage } from '../support/steps/view-waiting-page';

const KATRIN: RetailPerson = {
  firstName: 'Katrin',
  surname: 'Kask',
  email: 'katrin.kask@example.com',
  phone: '53456789',
  personalCode: '49005210000',
  iban: 'EE501010220012345675',
  documentNumber: 'AC1234567',
};


/**
 * Issue 11, browser path 2: the Estonian housing loan with a co-borrower who joins by invitation.
 * The applicant, from the first page, says on her background step that she applies together with Jaan, finishes her part and waits; Jaan opens the link the
 * sandbox outbox holds in a browser of his own, answers his part in the co-borrower wording and
 * sends it; the applicant's waiting page then moves on by itself to "your answers have been sent".
 */
test('Estonian housing loan: the co-borrower joins by invitation, and the applicant’s waiting page moves on', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const locale = 'et';
  const kit = stepKit(page, locale);
  // The waiting page looks every 20 s: a fake clock lets the test move time on instead of waiting.
  await page.clock.install();

  const create = await openCreateApplicationStep(page, locale);
  await fillCreateApplicationStepAs(create, KATRIN, { productName: 'HOUSING_LOAN', price: '150000', ownContribution: '30000', period: '300' });
  const externalId = await externalIdOf(page);
  const personal = personalInfoStep(page, locale);
  await kit.continueTo(personal.heading);
  await expect(personal.loanType).toHaveValue('HOUSING_LOAN');
  await personal.fill({ personalCode: KATRIN.personalCode });

  // The applicant: retired (no employer step; a pension the state's register confirms, so no bank
  // statements are asked, decision 152), applying together with Jaan.
  const background = backgroundStep(page, locale);
  await kit.continueTo(background.heading);
  await background.fill({
    maritalStatus: 'Living with a partner',
    education: 'Bachelor’s degree',
    residence: 'A rented home',
    children: '1',
    adults: 'None',
    citizenship: 'EE',
    employment: 'Retired',
    coApplicant: { firstName: JAAN.firstName, surname: JAAN.surname, email: JAAN.email, phone: JAAN.phone },
  });
  const address = addressStep(page, locale);
  await kit.continueTo(address.heading);
  await address.fill({ street: 'Riia 15', apartment: '3', city: 'Tartu', postalCode: '51010' });
  const financial = financialStep(page, locale);
  await kit.continueTo(financial.heading);
  await financial.fill({ incomes: [{ source: 'PENSION', amount: '2600' }], obligations: [] });
  const bank = bankDetailsStep(page, locale);
  await kit.continueTo(bank.heading);
  await bank.fill({
    iban: KATRIN.iban,
    documentType: 'PASSPORT',
    documentNumber: KATRIN.documentNumber,
    issued: { day: '2', month: '6', year: '2020' },
    expires: { day: '1', month: '6', year: '2030' },
  });
  const check = checkAnswersPage(page, locale);
  await kit.continueTo(check.heading);
  await check.send.click();

  // Her part is done: she waits for Jaan, named by his first name only.
  const waiting = waitingPage(page, locale);
  await expect(waiting.heading).toBeVisible();
  await expect(waiting.heading).toContainText(JAAN.firstName);
  await expectNoA11yViolations(page, 'viewWaitingPage (et)');

  // The invitation e-mail, as the co-borrower's mailbox would show it.
  const messages = await sandbox.outbox(page, externalId);
  const invitation = messages.find((message) => message.kind === 'coBorrowerInvitation');
  expect(invitation?.recipient).toBe(JAAN.email);
  const link = invitation?.body.link;
  expect(link).toMatch(/^\/invitation\/[A-Za-z0-9_-]{43}$/);

  // The co-borrower, in a browser of his own.
  const coContext = await browser.newContext({ baseURL, locale: 'et-EE', timezoneId: 'Europe/Tallinn' });
  try {
    const co = await coContext.newPage();
    const coKit = stepKit(co, locale);
    await co.goto(`${link}?lang=${locale}`);

    const initial = coBorrowerInitialStep(co, locale);
    await expect(initial.heading).toBeVisible();
    // What the applicant said about him, for him to confirm; whose application it is, by her first name.
    await expect(initial.firstName).toHaveValue(JAAN.firstName);
    await expect(initial.surname).toHaveValue(JAAN.surname);
    await expect(initial.email).toHaveValue(JAAN.email);
    await expect(co.getByText(KATRIN.firstName, { exact: false }).first()).toBeVisible();
    await expect(co.getByText(KATRIN.surname)).toHaveCount(0);
    await expectNoA11yViolations(co, 'submitInitialDataCoBorrower (et)');
    await initial.consent.check();

    const personal = personalInfoStep(co, locale, 'coborrower');
    await coKit.continueTo(personal.heading);
    // He joins the loan as it is: no loan type to choose.
    await expect(personal.loanType).toHaveCount(0);
    await personal.fill({ personalCode: JAAN.personalCode });

    const coBackground = backgroundStep(co, locale, 'coborrower');
    await coKit.continueTo(coBackground.heading);
    await expect(coBackground.together).toHaveCount(0);
    await coBackground.fill({
      maritalStatus: 'Living with a partner',
      education: 'Vocational secondary education',
      residence: 'A rented home',
      children: '1',
      adults: 'None',
      citizenship: 'EE',
      employment: 'Employed in the public sector',
      employer: { name: 'Tartu Linnavalitsus', since: { day: '1', month: '2', year: '2012' }, position: 'Senior specialist' },
    });
    const coEmployer = employerStep(co, locale);
    await coKit.continueTo(coEmployer.heading);
    await coEmployer.fill({ position: 'Peaspetsialist', contract: 'Permanent' });
    const coAddress = addressStep(co, locale);
    await coKit.continueTo(coAddress.heading);
    await coAddress.fill({ street: 'Riia 15', apartment: '3', city: 'Tartu', postalCode: '51010' });
    const coFinancial = financialStep(co, locale, 'coborrower');
    await coKit.continueTo(coFinancial.heading);
    await coFinancial.fill({ incomes: [{ source: 'SALARY', amount: '1900' }], obligations: [{ type: 'CAR_LOAN', creditor: 'Autoliising AS', monthlyPayment: '210', outstanding: '6300' }] });
    const coBank = bankDetailsStep(co, locale, 'coborrower');
    await coKit.continueTo(coBank.heading);
    // The payment day is the application's: only the applicant chooses it.
    await expect(coBank.paymentDay).toHaveCount(0);
    await coBank.fill({
      iban: JAAN.iban,
      documentType: 'ID_CARD',
      documentNumber: JAAN.documentNumber,
      issued: { day: '20', month: '1', year: '2022' },
      expires: { day: '19', month: '1', year: '2027' },
    });
    const coCheck = checkAnswersPage(co, locale, 'coborrower');
    await coKit.continueTo(coCheck.heading);
    await coCheck.openAll();
    // His own answers only.
    await expect(co.getByText('Tartu Linnavalitsus').first()).toBeVisible();
    await expect(co.getByText(KATRIN.iban)).toHaveCount(0);
    await expectNoA11yViolations(co, 'checkAnswers, co-borrower (et)');
    await coCheck.send.click();
    // Decision 131: the offer is the applicant's to answer; the co-borrower waits for it.
    // The co-borrower sees the applicant's first name only (the waiting page, "{other} has not finished ...").
    await expect(co.getByRole('heading', { level: 1 })).toContainText(KATRIN.firstName);
    await expect(additionalDataSubmittedHeading(co, locale)).toHaveCount(0);
  } finally {
    await coContext.close();
  }

  // The applicant's waiting page looks again on its own (every 20 s) and moves on to the offer,
  // then to the contract.
  await page.clock.fastForward(21_000);
  await acceptTheOffer(page, locale, 'reviewApproved, with a co-borrower (et)');
  // Decision 173: above 15 000 € the bank checks the income first: her statements, the underwriter
  // (at once on this server), then the final offer.
  await shareStatementsAtTheSandboxBank(page, locale, 'provideBasViaOpenBanking, additional checks (et)');
  await expect(kit.heading('Your final loan offer')).toBeVisible();
  await acceptTheOffer(page, locale, 'reviewApproved, final (et)');
  // Smart-ID chosen and signed through the sandbox provider (issue 12): the contract-signed page.
  await chooseSmartIdOnContract(page, locale);
  await expect(contractSignedHeading(page, locale)).toBeVisible();
});
