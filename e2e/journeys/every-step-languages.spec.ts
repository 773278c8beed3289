import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations } from '../support/domain-server';
import { dismissCalculator, switchLanguage } from '../support/create-application';
import type { TestLocale } from '../support/i18n';
import { LANGUAGE_CODES, openChooseContinueOption, openInvitation, openSeededApplication, type ApplicantTask, type RetailPerson, type SeededApplicant } from '../support/seed-application';
import { stepKit } from '../support/step-kit';
import { answersOf, checkAnswersPage } from '../support/steps/check-answers';
import type { AddressAnswers } from '../support/steps/submit-address';
import { coBorrowerInitialStep } from '../support/steps/submit-initial-data-co-borrower';
import { additionalDataSubmittedHeading } from '../support/steps/view-additional-data-submitted';
import { waitingPage } from '../support/steps/view-waiting-page';

/**
 * Issue 11: every retail screen in each domain's language. Every screen of the retail process is
 * opened once per domain (seeded through the sandbox, never walked) in the domain's main language:
 * the applicant's steps, check answers (with answers listed), ChooseContinueOption, the waiting page
 * and the end; the co-borrower's first step and a data step in the co-borrower wording, in their own
 * browser.
 *
 * axe runs in the main language (decision 164), and there only on the screens no other spec scans in
 * it already (the journeys scan the steps they walk). The other languages: check answers is switched
 * in place with the language navigation to each of them (what only a browser shows: the switch works
 * on a live application, the page says it is in that language (`lang`), the heading and the answers'
 * sections are that language's). Every other screen in the other languages, heading and axe, runs in
 * jsdom (tests/steps/retail-steps-speak.test.tsx; decision 203 moved them there from this spec).
 *
 * The languages are those each country offers (section 1): Lithuania offers no Russian.
 */
type Screen =
  | ApplicantTask
  | 'chooseContinueOption'
  | 'viewWaitingPage'
  | 'viewAdditionalDataSubmitted'
  | 'submitInitialDataCoBorrower'
  | 'coBorrower.submitBackgroundData';

interface Domain {
  name: string;
  businessDomain: string;
  country: 'EE' | 'LV' | 'LT';
  /** The main language first. */
  locales: readonly [TestLocale, ...TestLocale[]];
  /** Screens another spec scans in the main language (the journeys, as they walk; form-baseline the first page). */
  scannedInMainLanguage: readonly Screen[];
  phoneCode: string;
  applicant: RetailPerson;
  coApplicant: RetailPerson;
  address: AddressAnswers;
}

/** Screens every domain's journey scans in its main language. */
const WALKED: readonly Screen[] = [
  'createApplicationStep',
  'submitPersonalInfo',
  'submitBackgroundData',
  'submitAddress',
  'submitFinancialData',
  'submitBankDetailsAndIdentificationDocumentInfo',
  'checkAnswers',
];

const DOMAINS: Domain[] = [
  {
    name: 'Estonian retail banking',
    businessDomain: 'retail-banking-ee',
    country: 'EE',
    locales: ['et', 'en', 'ru'],
    // ee-small-loan, ee-credit-card, ee-housing-co-borrower, choose-continue-option, form-baseline.
    scannedInMainLanguage: [...WALKED, 'submitEmployerInfo', 'chooseContinueOption', 'viewWaitingPage', 'viewAdditionalDataSubmitted', 'submitInitialDataCoBorrower'],
    phoneCode: '+372',
    applicant: { firstName: 'Liis', surname: 'Lepik', email: 'liis.lepik@example.com', phone: '53334444', personalCode: '49005210000', iban: 'EE501010220012345675', documentNumber: 'AC7654321' },
    coApplicant: { firstName: 'Toomas', surname: 'Lepik', email: 'toomas.lepik@example.com', phone: '53335555', personalCode: '37511050000', iban: 'EE262200221000123452', documentNumber: 'AD1234567' },
    address: { street: 'Pikk 12', apartment: '4', city: 'Tallinn', postalCode: '10123' },
  },
  {
    name: 'Latvian retail banking',
    businessDomain: 'retail-banking-lv',
    country: 'LV',
    locales: ['lv', 'en', 'ru'],
    // lv-housing-loan, form-baseline.
    scannedInMainLanguage: [...WALKED, 'submitEmployerInfo', 'submitRealEstateInfo'],
    phoneCode: '+371',
    applicant: { firstName: 'Ilze', surname: 'Kalniņa', email: 'ilze.kalnina@example.com', phone: '26543210', personalCode: '321234-56789', iban: 'LV87HABA0551012345678', documentNumber: 'PA1234567' },
    coApplicant: { firstName: 'Jānis', surname: 'Kalniņš', email: 'janis.kalnins@example.com', phone: '26543211', personalCode: '010180-10018', iban: 'LV80BANK0000435195001', documentNumber: 'PA7654321' },
    address: { street: 'Brīvības iela 40', apartment: '7', city: 'Rīga', postalCode: 'LV-1050' },
  },
  {
    name: 'Lithuanian retail banking',
    businessDomain: 'retail-banking-lt',
    country: 'LT',
    locales: ['lt', 'en'],
    // lt-car-loan, form-baseline.
    scannedInMainLanguage: WALKED,
    phoneCode: '+370',
    applicant: { firstName: 'Aistė', surname: 'Jankauskienė', email: 'aiste.jankauskiene@example.com', phone: '61112222', personalCode: '49403136526', iban: 'LT737300010012345678', documentNumber: 'AG7654321' },
    coApplicant: { firstName: 'Mindaugas', surname: 'Jankauskas', email: 'mindaugas.jankauskas@example.com', phone: '61113333', personalCode: '38703181745', iban: 'LT601010012345678901', documentNumber: 'AB1234567' },
    address: { street: 'Gedimino pr. 9', apartment: '3', city: 'Vilnius', postalCode: 'LT-01103' },
  },
];

/** The applicant's data steps, each seeded once: the screen and its heading (English, as in the views). */
const DATA_STEPS: { task: ApplicantTask; heading: string }[] = [
  { task: 'submitPersonalInfo', heading: 'Your personal details' },
  { task: 'submitBackgroundData', heading: 'About you' },
  { task: 'submitEmployerInfo', heading: 'Your employer' },
  { task: 'submitAddress', heading: 'Your address' },
  { task: 'submitFinancialData', heading: 'Your income and obligations' },
  { task: 'submitRealEstateInfo', heading: 'The property and its owners' },
  { task: 'submitBankDetailsAndIdentificationDocumentInfo', heading: 'Your bank account and identity document' },
];

/** The one screen switched in place to every other language of its domain (decision 203). */
const SWITCHED: Screen = 'checkAnswers';

/**
 * The screen as it is now, in the domain's main language (axe, unless another spec scans it there);
 * `SWITCHED` then switched to each other language in place: the page's language, the heading in that
 * language and what `ready` waits for.
 */
async function inEveryLanguage(
  page: Page,
  domain: Domain,
  screen: Screen,
  heading: (locale: TestLocale) => Locator,
  ready?: (locale: TestLocale) => Promise<void>,
) {
  const locales = screen === SWITCHED ? domain.locales : domain.locales.slice(0, 1);
  for (const [index, locale] of locales.entries()) {
    if (index > 0) await switchLanguage(page, locale);
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`));
    await expect(heading(locale)).toBeVisible();
    await ready?.(locale);
    if (index === 0 && !domain.scannedInMainLanguage.includes(screen)) await expectNoA11yViolations(page, `${screen} (${locale})`);
  }
}

for (const domain of DOMAINS) {
  test.describe(domain.name, () => {
    test.use({ serverEnv: { BUSINESS_DOMAIN: domain.businessDomain } });

    test(`every retail step in ${domain.locales[0]} with axe, check answers switched to ${domain.locales.slice(1).join(', ')}`, async ({ page, browser, baseURL }) => {
      test.setTimeout(240_000);
      const main = domain.locales[0];
      const kit = (locale: TestLocale) => stepKit(page, locale);
      // A loan two may repay together, with its property: every step of the process is asked.
      const seed: SeededApplicant = { person: domain.applicant, phoneCode: domain.phoneCode, productName: 'HOUSING_LOAN', loan: { amount: 90_000, period: 240 } };

      await test.step('createApplicationStep', async () => {
        await page.goto(`/?lang=${main}`);
        await dismissCalculator(page);
        await inEveryLanguage(page, domain, 'createApplicationStep', (locale) => kit(locale).heading('Apply for a loan'));
      });

      for (const step of DATA_STEPS) {
        await test.step(step.task, async () => {
          await openSeededApplication(page, main, step.task, seed);
          await inEveryLanguage(page, domain, step.task, (locale) => kit(locale).heading(step.heading));
        });
      }

      await test.step('checkAnswers', async () => {
        const answers = answersOf(seed, { ...domain.address, country: domain.country }, LANGUAGE_CODES[main]);
        await openSeededApplication(page, main, 'checkAnswers', { ...seed, answers });
        await inEveryLanguage(
          page,
          domain,
          'checkAnswers',
          (locale) => checkAnswersPage(page, locale).heading,
          async (locale) => {
            await expect(checkAnswersPage(page, locale).section('Your address')).toBeVisible();
          },
        );
      });

      await test.step('chooseContinueOption', async () => {
        await openChooseContinueOption(page, main, seed, { productName: 'CAR_LOAN', loan: { amount: 12_000, period: 48 } });
        await inEveryLanguage(
          page,
          domain,
          'chooseContinueOption',
          (locale) => kit(locale).heading('You already have an application in progress'),
          async (locale) => {
            await expect(page.getByRole('region', { name: kit(locale).tx('Your earlier application') })).toBeVisible();
            await expect(kit(locale).group('What would you like to do?')).toBeVisible();
          },
        );
      });

      await test.step('viewAdditionalDataSubmitted', async () => {
        await openSeededApplication(page, main, 'viewAdditionalDataSubmitted', seed);
        await inEveryLanguage(page, domain, 'viewAdditionalDataSubmitted', (locale) => additionalDataSubmittedHeading(page, locale));
      });

      // The co-borrower, in a browser of their own; the applicant waits meanwhile.
      const coContext = await browser.newContext({ baseURL, locale: 'et-EE', timezoneId: 'Europe/Tallinn' });
      try {
        const co = await coContext.newPage();
        const coKit = (locale: TestLocale) => stepKit(co, locale);
        const withCoApplicant = { ...seed, coApplicant: domain.coApplicant };

        await test.step('submitInitialDataCoBorrower, and the applicant’s viewWaitingPage', async () => {
          const externalId = await openSeededApplication(page, main, 'submitInitialDataCoBorrower', withCoApplicant);
          await inEveryLanguage(page, domain, 'viewWaitingPage', (locale) => waitingPage(page, locale).heading);
          await openInvitation(page, co, externalId, main);
          await inEveryLanguage(co, domain, 'submitInitialDataCoBorrower', (locale) => coBorrowerInitialStep(co, locale).heading);
        });

        await test.step('coBorrower.submitBackgroundData', async () => {
          const externalId = await openSeededApplication(page, main, 'coBorrower.submitBackgroundData', withCoApplicant);
          await openInvitation(page, co, externalId, main);
          await inEveryLanguage(co, domain, 'coBorrower.submitBackgroundData', (locale) => coKit(locale).heading('About you as a co-borrower'));
        });
      } finally {
        await coContext.close();
      }
    });
  });
}
