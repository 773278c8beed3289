import { test, expect, expectNoA11yViolations } from '../support/domain-server';
import type { Browser, Page } from '@playwright/test';
import type { TestLocale } from '../support/i18n';
import { LANGUAGE_CODES, openChooseContinueOption, openInvitation, openSeededApplication, type ApplicantTask, type RetailPerson, type SeededApplicant } from '../support/seed-application';
import { stepKit } from '../support/step-kit';
import { answersOf, checkAnswersPage } from '../support/steps/check-answers';
import { PEP_QUESTION, TOGETHER_QUESTION, backgroundStep } from '../support/steps/submit-background-data';
import { coBorrowerInitialStep } from '../support/steps/submit-initial-data-co-borrower';
import { personalInfoStep } from '../support/steps/submit-personal-info';
import { additionalDataSubmittedHeading } from '../support/steps/view-additional-data-submitted';
import { waitingPage } from '../support/steps/view-waiting-page';
import { expectNoHorizontalScroll } from '../support/reflow';

/**
 * Issue 11: no horizontal scroll at 320 CSS pixels (WCAG 1.4.10, reflow) in Russian and
 * Lithuanian, whose words run longest. The step with the most questions, the background step, with
 * every follow-up question open (dual citizenship, employer, public function, co-applicant), is
 * also axe-checked; every other data step of the applicant is opened (seeded) and measured, and so
 * are the screens around them: check answers (with long answers), ChooseContinueOption, the
 * waiting page, the end, and the co-borrower's first step and personal details in their own browser.
 */
const NARROW = { width: 320, height: 720 };
test.use({ viewport: NARROW });

async function openEveryQuestion(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  const background = backgroundStep(page, locale);
  await expect(background.heading).toBeVisible();
  await background.dualCitizenshipBox.check();
  await expect(background.dualCitizenship).toBeVisible();
  await kit.choose('What is your employment status?', 'Employed by a private company');
  await expect(background.employerName).toBeVisible();
  await kit.choose(PEP_QUESTION, 'Yes');
  await expect(background.pepComment).toBeVisible();
  await kit.choose(TOGETHER_QUESTION, 'Yes');
  await expect(kit.textbox('Co-applicant’s phone number')).toBeVisible();
  // Long answers too: the longest country names and a long employer name.
  await background.citizenship.selectOption('GS');
  await background.employerName.fill('Aktsiaselts Rahvusvaheline Kaubandus- ja Logistikakeskus');
}

const PEOPLE: Record<'ru' | 'lt' | 'ruCoApplicant' | 'ltCoApplicant', RetailPerson> = {
  ru: {
    firstName: 'Ольга',
    surname: 'Иванова',
    email: 'olga.ivanova@example.com',
    phone: '56789012',
    personalCode: '49005210000',
    iban: 'EE501010220012345675',
    documentNumber: 'AF1234567',
  },
  lt: {
    firstName: 'Rūta',
    surname: 'Kazlauskienė',
    email: 'ruta.kazlauskiene@example.com',
    phone: '62345678',
    personalCode: '49403136526',
    iban: 'LT737300010012345678',
    documentNumber: 'AG1234567',
  },
  ruCoApplicant: {
    firstName: 'Константин',
    surname: 'Преображенский-Воскресенский',
    email: 'konstantin.preobrazhensky-voskresensky@example.com',
    phone: '56789013',
    personalCode: '37511050000',
    iban: 'EE262200221000123452',
    documentNumber: 'AF7654321',
  },
  ltCoApplicant: {
    firstName: 'Aleksandras',
    surname: 'Kazlauskas-Vaitkevičius',
    email: 'aleksandras.kazlauskas-vaitkevicius@example.com',
    phone: '62345679',
    personalCode: '38703181745',
    iban: 'LT601010012345678901',
    documentNumber: 'AG7654321',
  },
};

/** The applicant's other steps, each opened as it first shows (a seeded application per step). */
const OTHER_STEPS: { task: ApplicantTask; heading: string; productName?: string; skipped?: ApplicantTask[] }[] = [
  { task: 'submitPersonalInfo', heading: 'Your personal details' },
  { task: 'submitEmployerInfo', heading: 'Your employer' },
  { task: 'submitAddress', heading: 'Your address' },
  { task: 'submitFinancialData', heading: 'Your income and obligations' },
  { task: 'submitRealEstateInfo', heading: 'The property and its owners', productName: 'REAL_ESTATE_LOAN' },
  { task: 'submitBankDetailsAndIdentificationDocumentInfo', heading: 'Your bank account and identity document', skipped: ['submitRealEstateInfo'] },
];

async function expectEveryOtherStepToFit(page: Page, locale: TestLocale, seed: SeededApplicant) {
  const kit = stepKit(page, locale);
  for (const step of OTHER_STEPS) {
    const productName = step.productName ?? seed.productName;
    const loan = productName === 'REAL_ESTATE_LOAN' ? { amount: 60_000, period: 180 } : seed.loan;
    await openSeededApplication(page, locale, step.task, { ...seed, productName, loan, ...(step.skipped ? { skipped: step.skipped } : {}) });
    await expect(kit.heading(step.heading)).toBeVisible();
    await expectNoHorizontalScroll(page, `${step.task} (${locale})`);
  }
}

/**
 * The screens after the applicant's data steps, each seeded and measured: check answers with long
 * answers, ChooseContinueOption, the end, the waiting page, and (in the co-borrower's own browser,
 * as narrow) the co-borrower's first step and their personal details with the loan they join.
 */
async function expectTheOtherScreensToFit(page: Page, browser: Browser, baseURL: string | undefined, locale: TestLocale, seed: SeededApplicant, coApplicant: RetailPerson, country: 'EE' | 'LT') {
  const kit = stepKit(page, locale);
  // Long answers: the longest parts of an address there.
  const address =
    country === 'EE'
      ? { street: 'Järveküla tee 123456', apartment: '1234', city: 'Kohtla-Järve', county: 'Ida-Virumaa, Kohtla-Järve linn', postalCode: '30328', country }
      : { street: 'Konstantinopolio gatvė 123456', apartment: '1234', city: 'Aukštadvario seniūnija', county: 'Trakų rajono savivaldybė', postalCode: 'LT-21344', country };
  await openSeededApplication(page, locale, 'checkAnswers', { ...seed, answers: answersOf(seed, address, LANGUAGE_CODES[locale]) });
  const check = checkAnswersPage(page, locale);
  await expect(check.heading).toBeVisible();
  await expect(check.section('Your address')).toContainText(address.street);
  await expectNoHorizontalScroll(page, `checkAnswers (${locale})`);

  await openChooseContinueOption(page, locale, seed, { productName: 'RENOVATION_LOAN', loan: { amount: 12_500, period: 60 } });
  await expect(kit.heading('You already have an application in progress')).toBeVisible();
  await expect(page.getByRole('region', { name: kit.tx('Your earlier application') })).toBeVisible();
  await expect(kit.group('What would you like to do?')).toBeVisible();
  await expectNoHorizontalScroll(page, `chooseContinueOption (${locale})`);

  await openSeededApplication(page, locale, 'viewAdditionalDataSubmitted', seed);
  await expect(additionalDataSubmittedHeading(page, locale)).toBeVisible();
  await expect(page.getByText(seed.person.email)).toBeVisible();
  await expectNoHorizontalScroll(page, `viewAdditionalDataSubmitted (${locale})`);

  const withCoApplicant = { ...seed, coApplicant };
  const first = await openSeededApplication(page, locale, 'submitInitialDataCoBorrower', withCoApplicant);
  await expect(waitingPage(page, locale).heading).toBeVisible();
  await expectNoHorizontalScroll(page, `viewWaitingPage (${locale})`);
  const second = await openSeededApplication(page, locale, 'coBorrower.submitPersonalInfo', withCoApplicant);

  const coContext = await browser.newContext({ baseURL, viewport: NARROW, locale: 'et-EE', timezoneId: 'Europe/Tallinn' });
  try {
    const co = await coContext.newPage();
    await openInvitation(page, co, first, locale);
    const initial = coBorrowerInitialStep(co, locale);
    await expect(initial.heading).toBeVisible();
    await expect(initial.email).toHaveValue(coApplicant.email);
    await expectNoHorizontalScroll(co, `submitInitialDataCoBorrower (${locale})`);
    await openInvitation(page, co, second, locale);
    await expect(personalInfoStep(co, locale, 'coborrower').heading).toBeVisible();
    await expectNoHorizontalScroll(co, `coBorrower.submitPersonalInfo (${locale})`);
  } finally {
    await coContext.close();
  }
}

test.describe('Russian, Estonian retail banking', () => {
  test('every data step fits 320 px in Russian; the background step, every question open, with no axe violations', async ({ page }) => {
    const seed: SeededApplicant = { person: PEOPLE.ru, phoneCode: '+372', productName: 'SMALL_LOAN', loan: { amount: 3000, period: 36 } };
    await openSeededApplication(page, 'ru', 'submitBackgroundData', seed);
    await openEveryQuestion(page, 'ru');
    await expectNoHorizontalScroll(page, 'submitBackgroundData (ru)');
    await expectNoA11yViolations(page, 'submitBackgroundData at 320 px (ru)');
    await expectEveryOtherStepToFit(page, 'ru', seed);
  });

  test('check answers, ChooseContinueOption, the waiting page, the end and the co-borrower’s steps fit 320 px in Russian', async ({ page, browser, baseURL }) => {
    const seed: SeededApplicant = { person: PEOPLE.ru, phoneCode: '+372', productName: 'HOUSING_LOAN', loan: { amount: 125_000, period: 300 } };
    await expectTheOtherScreensToFit(page, browser, baseURL, 'ru', seed, PEOPLE.ruCoApplicant, 'EE');
  });
});

test.describe('Lithuanian, Lithuanian retail banking', () => {
  test.use({ serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lt' } });
  test('every data step fits 320 px in Lithuanian; the background step, every question open, with no axe violations', async ({ page }) => {
    const seed: SeededApplicant = { person: PEOPLE.lt, phoneCode: '+370', productName: 'SMALL_LOAN', loan: { amount: 3000, period: 36 } };
    await openSeededApplication(page, 'lt', 'submitBackgroundData', seed);
    await openEveryQuestion(page, 'lt');
    await expectNoHorizontalScroll(page, 'submitBackgroundData (lt)');
    await expectNoA11yViolations(page, 'submitBackgroundData at 320 px (lt)');
    await expectEveryOtherStepToFit(page, 'lt', seed);
  });

  test('check answers, ChooseContinueOption, the waiting page, the end and the co-borrower’s steps fit 320 px in Lithuanian', async ({ page, browser, baseURL }) => {
    const seed: SeededApplicant = { person: PEOPLE.lt, phoneCode: '+370', productName: 'HOUSING_LOAN', loan: { amount: 125_000, period: 300 } };
    await expectTheOtherScreensToFit(page, browser, baseURL, 'lt', seed, PEOPLE.ltCoApplicant, 'LT');
  });
});
