import { calculatorModal } from '../fixtures';
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { LANGUAGE_NAMES, escapeRegExp, t, tPrefix, type TestLocale } from './i18n';

/**
 * Valid applicant of Estonian retail banking. 38001085718: weights 1..9,1 give
 * 3+16+0+0+5+0+56+40+63+1 = 184, 184 mod 11 = 8 = the check digit.
 */
export const MARI = {
  loanAmount: '5000',
  loanPeriod: '36',
  firstName: 'Mari',
  surname: 'Maasikas',
  personalCode: '38001085718',
  email: 'mari.maasikas@example.com',
  phone: '51234567',
} as const;

/**
 * The calculator modal opens by itself when the create-application step is shown (section 2): the
 * applicant closes it with Escape to fill in the rest. (e2e/fixtures.ts closes it too whenever it
 * stands in the way of an action; this waits for it, for tests that first only look.)
 */
export async function dismissCalculator(page: Page): Promise<void> {
  const modal = calculatorModal(page);
  // It opens as the step appears; the fixture's handler may already have closed it.
  const opened = await modal.waitFor({ state: 'visible', timeout: 3_000 }).then(
    () => true,
    () => false,
  );
  if (opened) await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden' });
}

/** The create-application step as a person finds it: by role and label, in the page's language. */
export function createApplicationStep(page: Page, locale: TestLocale) {
  // The step's own form: the calculator modal has fields of the same names (section 2).
  const form = page.locator('form').filter({ has: page.getByRole('heading', { level: 1 }) });
  const field = (english: string) => form.getByLabel(t(locale, english), { exact: true });
  const startsWith = (english: string) => new RegExp(`^\\s*${escapeRegExp(tPrefix(locale, english))}`);
  return {
    heading: page.getByRole('heading', { level: 1, name: t(locale, 'Apply for a loan') }),
    loanType: field('Loan type'),
    loanAmount: field('Loan amount'),
    creditLimit: field('Credit limit'),
    price: field('Price of the home'),
    ownContribution: field('Your own contribution'),
    loanPeriod: field('Loan period (months)'),
    monthlyPayment: page.getByRole('status').filter({ hasText: tPrefix(locale, 'Monthly payment:') }),
    firstName: field('First name'),
    surname: field('Surname'),
    personalCode: field('Personal code'),
    email: field('E-mail'),
    countryCode: field('Country code'),
    phone: field('Phone number'),
    dataProcessingConsent: page.getByRole('checkbox', { name: startsWith('I agree to the processing of my personal data') }),
    marketingConsent: page.getByRole('checkbox', { name: startsWith('I would like to receive offers') }),
    continueButton: page.getByRole('button', { name: t(locale, 'Continue'), exact: true }),
    errorSummary: page.getByRole('heading', { name: t(locale, 'There is a problem') }),
  };
}
export type CreateApplicationStep = ReturnType<typeof createApplicationStep>;

/** The step after the first one in the retail process: the applicant's personal details. */
export function nextStepHeading(page: Page, locale: TestLocale): Locator {
  return page.getByRole('heading', { level: 1, name: t(locale, 'Your personal details') });
}

export function thankYouHeading(page: Page, locale: TestLocale): Locator {
  return page.getByRole('heading', { level: 1, name: t(locale, 'Thank you! We have received your application') });
}

/** Fills every field with Mari's data and ticks the required consent (a card: a credit limit, no period). */
export async function fillCreateApplicationStep(step: CreateApplicationStep, options: { card?: boolean } = {}): Promise<void> {
  await fillCreateApplicationStepAs(step, MARI, options.card ? { creditLimit: '2000' } : { amount: MARI.loanAmount, period: MARI.loanPeriod });
}

/** Someone applying on the first page (a journey's own person: their country's code and phone). */
export interface FirstPageApplicant {
  firstName: string;
  surname: string;
  personalCode: string;
  email: string;
  /** The national number; the country code is the domain's own. */
  phone: string;
}

/**
 * The loan as the first page asks it: the product (without one, the product the page shows is kept),
 * then an amount and a period, a home's price and own contribution and a period, or a card's credit limit.
 */
export type FirstPageLoan = { productName?: string } & ({ amount: string; period: string } | { price: string; ownContribution: string; period: string } | { creditLimit: string });

/** The first page answered for `applicant`, with the loan they choose (the calculator left closed). */
export async function fillCreateApplicationStepAs(step: CreateApplicationStep, applicant: FirstPageApplicant, loan: FirstPageLoan): Promise<void> {
  if (loan.productName) await step.loanType.selectOption(loan.productName);
  if ('creditLimit' in loan) {
    await step.creditLimit.fill(loan.creditLimit);
  } else {
    if ('price' in loan) {
      // A housing loan: the amount is the price less the own contribution (section 5), worked out by the step.
      await step.price.fill(loan.price);
      await step.ownContribution.fill(loan.ownContribution);
    } else {
      await step.loanAmount.fill(loan.amount);
    }
    await step.loanPeriod.fill(loan.period);
  }
  await fillApplicantAs(step, applicant);
}

/** The applicant's part of the first page: their name, personal code and contacts, and the required consent ticked. */
export async function fillApplicantAs(step: CreateApplicationStep, applicant: FirstPageApplicant): Promise<void> {
  await step.firstName.fill(applicant.firstName);
  await step.surname.fill(applicant.surname);
  await step.personalCode.fill(applicant.personalCode);
  await step.email.fill(applicant.email);
  await step.phone.fill(applicant.phone);
  await step.dataProcessingConsent.check();
}

export async function expectFilledWithMari(step: CreateApplicationStep): Promise<void> {
  await expect(step.loanAmount).toHaveValue(new RegExp(`^${MARI.loanAmount.replace(/(\d)(?=(\d{3})+$)/g, '$1[ .,\u00a0\u202f]?')}([.,]0+)?$`));
  await expect(step.loanPeriod).toHaveValue(MARI.loanPeriod);
  await expect(step.firstName).toHaveValue(MARI.firstName);
  await expect(step.surname).toHaveValue(MARI.surname);
  await expect(step.personalCode).toHaveValue(MARI.personalCode);
  await expect(step.email).toHaveValue(MARI.email);
  await expect(step.phone).toHaveValue(MARI.phone);
  await expect(step.dataProcessingConsent).toBeChecked();
}

/** The application exists once the first change is made: the URL then carries its externalId. */
export async function externalIdOf(page: Page): Promise<string> {
  await expect(page).toHaveURL(/[?&]externalId=[^&]+/);
  const id = new URL(page.url()).searchParams.get('externalId');
  if (!id) throw new Error(`no externalId in ${page.url()}`);
  return id;
}

/** Resolves with the draft save (`PUT .../{externalId}/step`) whose body contains `text`. */
export function draftSavedWith(page: Page, text: string): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      /\/application-process\/[^/]+\/step(\?|$)/.test(response.url()) &&
      (response.request().postData() ?? '').includes(text) &&
      response.ok(),
  );
}

/**
 * Switches the interface language with the language navigation, unless it is already `locale`.
 * The current language is read from the navigation once the app has drawn it (its option marked
 * aria-current), not from `<html lang>`: before the app starts that is the page's static default.
 */
export async function switchLanguage(page: Page, locale: TestLocale): Promise<void> {
  const html = page.locator('html');
  const nav = page.locator('nav.solis-language-switch');
  const current = await nav.locator('[aria-current="true"]').getAttribute('lang');
  if (current !== locale) {
    await nav.getByRole('button', { name: LANGUAGE_NAMES[locale], exact: true }).click();
  }
  await expect(html).toHaveAttribute('lang', new RegExp(`^${locale}`));
}

/** Where a journey starts: the first page, in `locale`, its create-application step shown. */
export async function openCreateApplicationStep(page: Page, locale: TestLocale): Promise<CreateApplicationStep> {
  await page.goto('/');
  await switchLanguage(page, locale);
  const step = createApplicationStep(page, locale);
  await expect(step.heading).toBeVisible();
  return step;
}
