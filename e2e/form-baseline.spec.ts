/**
 * The form baseline every step inherits (issue 8), in the browser against the real reference API:
 * page titles, field-specific error summary links, money and phone numbers typed as people type
 * them, Back in the middle of the flow, the language kept over a reload, and axe in each domain's
 * main language on the migrated screens (the other languages in jsdom, decision 208). Tests that need a later step start there through the sandbox's seeding.
 */
import type { Page, Request } from '@playwright/test';
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { MARI, createApplicationStep, fillCreateApplicationStep, nextStepHeading, switchLanguage, thankYouHeading } from './support/create-application';
import { t, type TestLocale } from './support/i18n';

/** The next step submission the page sends. */
function nextSubmission(page: Page): Promise<Request> {
  return page.waitForRequest((request) => request.method() === 'POST' && /\/application-process\/[^/]+\/step$/.test(new URL(request.url()).pathname));
}

/** The applicant of the seeded applications: a complete create step. */
const SEEDED_APPLICANT = {
  personUpdates: [
    {
      role: 'APPLICANT',
      personalCode: MARI.personalCode,
      declaredData: { firstName: MARI.firstName, surname: MARI.surname, email: MARI.email, phoneNumber: { code: '+372', number: MARI.phone } },
    },
  ],
};

test('the page title names the step, starts with "Error:" while errors show, and names the next step', async ({ page }) => {
  await page.goto('/?lang=en');
  const step = createApplicationStep(page, 'en');
  await expect(step.heading).toBeVisible();
  await expect(page).toHaveTitle('Apply for a loan – Solis');
  // The logo link's accessible name contains its visible text (WCAG 2.5.3).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Solis – home page', exact: true })).toBeVisible();
  await step.continueButton.click();
  await expect(step.errorSummary).toBeVisible();
  await expect(page).toHaveTitle('Error: Apply for a loan – Solis');
  // The summary links name each field in its own words, never the generic "Fill in this field".
  const summary = page.locator('.solis-error-summary');
  await expect(summary.getByRole('link')).toHaveText([
    'Enter your first name',
    'Enter your surname',
    'Enter your personal code',
    'Enter your e-mail address',
    'Enter your phone number',
    'Tick the box to agree before you continue',
  ]);
  await fillCreateApplicationStep(step);
  await step.continueButton.click();
  await expect(nextStepHeading(page, 'en')).toBeVisible();
  await expect(page).toHaveTitle('Your personal details – Solis');
});

// Decision 213: the browser sends the richest form (thousands by dot, decimals by comma) to the real
// server; en "10,000", et "10 000", "10.000" and this one are read in the view test
// (src/steps/createApplicationStep/view.test.tsx, "reads money typed as people type it").
for (const [locale, typed, amount] of [['et', '10.000,50', 10000.5]] as const) {
  test(`money typed as people type it in ${locale}: "${typed}" is sent as ${amount}`, async ({ page }) => {
    await page.goto(`/?lang=${locale}`);
    const step = createApplicationStep(page, locale);
    await fillCreateApplicationStep(step);
    await step.loanAmount.fill(typed);
    const sent = nextSubmission(page);
    await step.continueButton.click();
    const body = (await sent).postDataJSON() as { application: { applicationUpdates: { creditConditions: { loanAmount: number } } } };
    expect(body.application.applicationUpdates.creditConditions.loanAmount).toBe(amount);
    await expect(nextStepHeading(page, locale)).toBeVisible();
  });
}

test('an amount out of bounds states the bounds; more than two decimals is refused, not rounded', async ({ page }) => {
  await page.goto('/?lang=en');
  const step = createApplicationStep(page, 'en');
  await step.loanAmount.fill('20,000');
  await step.loanAmount.blur();
  const message = page.locator('.solis-error-message');
  await expect(message).toHaveText('Error: Enter an amount from €500 to €15,000');
  await step.loanAmount.fill('1,000.555');
  await step.loanAmount.blur();
  await expect(message).toHaveText('Error: Enter the amount with no more than 2 digits after the decimal point');
  await expect(step.loanAmount).toHaveValue('1,000.555');
});

test('a phone number typed with its prefix is not doubled; the select names the countries it offers', async ({ page }) => {
  await page.goto('/?lang=en');
  const step = createApplicationStep(page, 'en');
  await expect(step.countryCode.locator('option').first()).toHaveText('Estonia (+372)');
  await step.phone.fill('+358 40 123 4567');
  await step.phone.blur();
  await expect(step.phone).toHaveValue('401234567');
  await expect(step.countryCode).toHaveValue('+358');
  await step.phone.fill('+372 5123 4567');
  await step.phone.blur();
  await expect(step.phone).toHaveValue('51234567');
  await expect(step.countryCode).toHaveValue('+372');
});

test('Back on the page that ends the flow keeps the applicant there and says why; nothing is sent twice', async ({ page }) => {
  await page.goto('/?lang=en');
  const step = createApplicationStep(page, 'en');
  await fillCreateApplicationStep(step);
  let submissions = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/step$/.test(new URL(request.url()).pathname)) submissions++;
  });
  // The submission lands on a page that ends a flow (the sandbox answers it with the thank-you page).
  await sandbox.nextTask(page, 'viewThankYouPage');
  await step.continueButton.click();
  await expect(thankYouHeading(page, 'en')).toBeVisible();
  const url = page.url();

  await page.goBack();
  await expect(thankYouHeading(page, 'en')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Your application has been sent');
  expect(page.url()).toBe(url);
  // Again: still here, and the submission was never repeated.
  await page.goBack();
  await expect(thankYouHeading(page, 'en')).toBeVisible();
  expect(submissions).toBe(1);
  await expectNoA11yViolations(page, 'thank-you page after Back');
});

test('Back from a step seeded mid-flow at its end page stays in the flow; the page shows the reference and no progress bar', async ({ page }) => {
  await page.goto('/?lang=en');
  const seeded = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'viewThankYouPage',
    previousTasks: ['createApplicationStep'],
    application: SEEDED_APPLICANT,
    languageCode: 'eng',
  });
  await page.goto(`/?externalId=${seeded.externalId}&lang=en`);
  await expect(thankYouHeading(page, 'en')).toBeVisible();
  await expect(page.getByText(seeded.externalId.slice(0, 4).toUpperCase(), { exact: false })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.goBack();
  await expect(thankYouHeading(page, 'en')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`externalId=${seeded.externalId}`));
});

test('a browser test can start at a seeded step, with its draft shown, and submit it', async ({ page }) => {
  await page.goto('/?lang=en');
  const seeded = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'createApplicationStep',
    productName: 'CAR_LOAN',
    application: { applicationUpdates: { creditConditions: { loanAmount: 12000, loanPeriod: 48 } } },
    draft: {
      productName: 'CAR_LOAN',
      loanAmount: '12000',
      loanPeriod: '48',
      firstName: MARI.firstName,
      surname: MARI.surname,
      personalCode: MARI.personalCode,
      email: MARI.email,
      phoneNumber: { code: '+372', number: MARI.phone },
      consentDataProcessing: true,
      consentMarketing: false,
    },
    languageCode: 'eng',
  });
  await page.goto(`/?externalId=${seeded.externalId}&lang=en`);
  const step = createApplicationStep(page, 'en');
  await expect(step.firstName).toHaveValue(MARI.firstName);
  await expect(step.loanType).toHaveValue('CAR_LOAN');
  const sent = nextSubmission(page);
  await step.continueButton.click();
  expect((await sent).postDataJSON()).toMatchObject({ application: { applicationUpdates: { creditConditions: { productName: 'CAR_LOAN', loanAmount: 12000 } } } });
  await expect(nextStepHeading(page, 'en')).toBeVisible();
});

test('a language chosen before typing survives a reload', async ({ page }) => {
  await page.goto('/');
  await switchLanguage(page, 'ru');
  await expect(page).toHaveURL(/[?&]lang=ru/);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', /^ru/);
  await expect(createApplicationStep(page, 'ru').heading).toBeVisible();
});

// Each domain's main language here, with colour contrast; en and ru (the title, the calculator modal,
// the error summary, the thank-you page) in jsdom: tests/steps/first-page-speaks.test.tsx and
// src/steps/viewThankYouPage/view.test.tsx (decision 208).
test('create step and thank-you page: axe finds nothing in et (Estonian retail)', async ({ page }) => {
  await axeOnMigratedScreens(page, 'et', 'est');
});

test.describe('Latvian retail', () => {
  test.use({ serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lv' } });
  test('create step and thank-you page: axe finds nothing in lv', async ({ page }) => {
    await axeOnMigratedScreens(page, 'lv', 'lav');
  });
});

test.describe('Lithuanian retail', () => {
  test.use({ serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lt' } });
  test('create step and thank-you page: axe finds nothing in lt', async ({ page }) => {
    await axeOnMigratedScreens(page, 'lt', 'lit');
  });
});

/** The two migrated screens, in one language: the create step (with its errors) and the thank-you page. */
async function axeOnMigratedScreens(page: Page, locale: TestLocale, languageCode: 'est' | 'eng' | 'rus' | 'lav' | 'lit') {
  await page.goto(`/?lang=${locale}`);
  const step = createApplicationStep(page, locale);
  await expect(step.heading).toBeVisible();
  await expect(page).toHaveTitle(`${t(locale, 'Apply for a loan')} – Solis`);
  await expectNoA11yViolations(page, `create step (${locale})`);
  await step.continueButton.click();
  await expect(step.errorSummary).toBeVisible();
  await expectNoA11yViolations(page, `create step with errors (${locale})`);
  const seeded = await sandbox.seedApplication(page, { taskDefinitionKey: 'viewThankYouPage', previousTasks: ['createApplicationStep'], languageCode });
  await page.goto(`/?externalId=${seeded.externalId}&lang=${locale}`);
  await expect(thankYouHeading(page, locale)).toBeVisible();
  await expectNoA11yViolations(page, `thank-you page (${locale})`);
}
