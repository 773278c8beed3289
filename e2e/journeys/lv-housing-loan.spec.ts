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
import { employerStep } from '../support/steps/submit-employer-info';
import { financialStep } from '../support/steps/submit-financial-data';
import { personalInfoStep } from '../support/steps/submit-personal-info';
import { realEstateStep } from '../support/steps/submit-real-estate-info';
import { chooseOnContract } from '../support/steps/view-contract-and-choose-signing-method';
import { signWithEparaksts } from '../support/steps/view-contract-conditions';
import { contractSignedHeading } from '../support/steps/view-contract-signed';

const ANNA: RetailPerson = {
  firstName: 'Anna',
  surname: 'Bērziņa',
  email: 'anna.berzina@example.com',
  phone: '21234567',
  // The new format, which carries no birth date: the date of birth is asked.
  personalCode: '321234-56789',
  iban: 'LV87HABA0551012345678',
  documentNumber: 'PA7654321',
};

// Latvian retail banking, with the property asked in the housing flow (section 6's flag).
// Issue 21: as plain `npm start` runs it (a demonstration, no sandbox controls), with the bank's eParaksts
// flag: the statements through the PSD2 simulator's bank page, the contract signed on eParaksts' pages.
test.use({ serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lv', FEATURE_FLAGS: 'realEstateInHousingFlow,eParakstsSigning' }, withoutSandbox: true, ownServer: true });

/**
 * Issue 11, browser path 3: the Latvian housing loan in Latvian, through the Latvian variants of
 * the steps (view.lv.tsx: the date of birth for a new-format personal code, LV-dddd postal codes,
 * Latvian document numbers, the property with Latvian personal codes), from the first page to
 * "your answers have been sent".
 */
test('Latvian housing loan in Latvian: the Latvian steps, the property included, from the first page to the end', async ({ page }) => {
  test.setTimeout(150_000);
  const locale = 'lv';
  const kit = stepKit(page, locale);
  const create = await openCreateApplicationStep(page, locale);
  await fillCreateApplicationStepAs(create, ANNA, { productName: 'HOUSING_LOAN', price: '120000', ownContribution: '25000', period: '240' });
  await expectNoA11yViolations(page, 'createApplicationStep (lv)');

  const personal = personalInfoStep(page, locale);
  await kit.continueTo(personal.heading);
  await expect(personal.loanType).toHaveValue('HOUSING_LOAN');
  await expect(personal.language).toHaveValue('lav');
  await personal.personalCode.fill(ANNA.personalCode);
  // A new-format code carries no birth date, so the date of birth is asked (section 5, Latvia).
  await expect(personal.dateOfBirth).toBeVisible();
  await expectNoA11yViolations(page, 'submitPersonalInfo (lv)');
  await personal.fill({ personalCode: ANNA.personalCode, dateOfBirth: '150385' });

  const background = backgroundStep(page, locale);
  await kit.continueTo(background.heading);
  await expectNoA11yViolations(page, 'submitBackgroundData (lv)');
  await background.fill({
    maritalStatus: 'Single',
    education: 'Doctorate',
    residence: 'With my parents',
    children: 'None',
    adults: '1',
    citizenship: 'LV',
    employment: 'Employed in the public sector',
    employer: { name: 'Rīgas Stradiņa universitāte', since: { day: '1', month: '9', year: '2016' }, position: 'Team leader' },
  });

  const employer = employerStep(page, locale);
  await kit.continueTo(employer.heading);
  await expectNoA11yViolations(page, 'submitEmployerInfo (lv)');
  await employer.fill({
    position: 'Docente',
    contract: 'Fixed-term',
    contractEnds: { day: '31', month: '8', year: String(new Date().getFullYear() + 2) },
  });

  const address = addressStep(page, locale, 'LV');
  await kit.continueTo(address.heading);
  await expectNoA11yViolations(page, 'submitAddress (lv)');
  // Latvian postal codes are written LV-1234; one typed "lv 1010" is put in that form.
  await address.fill({ street: 'Brīvības iela 21', apartment: '4', city: 'Rīga', postalCode: 'lv 1010' });

  const financial = financialStep(page, locale);
  await kit.continueTo(financial.heading);
  await expectNoA11yViolations(page, 'submitFinancialData (lv)');
  await financial.fill({
    incomes: [{ source: 'SALARY', amount: '2150' }],
    obligations: [{ type: 'CREDIT_CARD', creditor: 'Swedbank AS', monthlyPayment: '50', outstanding: '800' }],
  });

  // The housing loan asks about the property (the flag is on).
  const realEstate = realEstateStep(page, locale);
  await kit.continueTo(realEstate.heading);
  // The loan's period is offered, as it fits a real-estate loan.
  await expect(realEstate.period).toHaveValue('240');
  await expectNoA11yViolations(page, 'submitRealEstateInfo (lv)');
  await realEstate.fill({
    name: 'Brīvības iela 21-4, Rīga',
    type: 'PREMISES',
    kind: 'FLAT',
    condition: 'RENOVATED',
    constructionYear: '1936',
    financing: 'WITH_DOWNPAYMENT',
    downPayment: { amount: '15000', source: 'SAVINGS' },
    schedule: 'ANNUITY',
  });

  const bank = bankDetailsStep(page, locale);
  await kit.continueTo(bank.heading);
  await expectNoA11yViolations(page, 'submitBankDetailsAndIdentificationDocumentInfo (lv)');
  await bank.fill({
    iban: ANNA.iban,
    documentType: 'ID_CARD',
    documentNumber: ANNA.documentNumber,
    issued: { day: '5', month: '5', year: '2022' },
    expires: { day: '4', month: '5', year: '2032' },
  });

  const check = checkAnswersPage(page, locale);
  await kit.continueTo(check.heading);
  await check.openAll();
  await expect(page.getByText('LV-1010', { exact: false })).toBeVisible();
  await expect(page.getByText('Brīvības iela 21-4, Rīga')).toBeVisible();
  await expect(page.getByText('Rīgas Stradiņa universitāte').first()).toBeVisible();
  await expectNoA11yViolations(page, 'checkAnswers (lv)');
  await check.send.click();
  // Decision 152: every Latvian borrower shows the income with bank statements.
  await shareStatementsAtTheSandboxBank(page, locale, 'provideBasViaOpenBanking (lv)');
  await acceptTheOffer(page, locale, 'reviewApproved (lv)');
  // Decision 173: above 15 000 € the bank checks the income before the contract. Accepting the offer
  // was a step update, so Latvia's reset (section 4) asks the statements again; the underwriter
  // answers at once on this server, with the final offer.
  await shareStatementsAtTheSandboxBank(page, locale, 'provideBasViaOpenBanking, additional checks (lv)');
  await expect(kit.heading('Your final loan offer')).toBeVisible();
  await acceptTheOffer(page, locale, 'reviewApproved, final (lv)');
  // Issue 21: eParaksts chosen, identity confirmed and the document signed on the eParaksts simulator's pages.
  await chooseOnContract(page, locale, 'eParaksts mobile');
  await signWithEparaksts(page, locale);
  await expect(contractSignedHeading(page, locale)).toBeVisible();
  await expectNoA11yViolations(page, 'viewContractSigned (lv)');
});
