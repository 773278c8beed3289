/**
 * ChooseContinueOption in the browser against the real reference API (issue 11; decision 121):
 * the applicant's session already has an open application with the same personal code, or one it
 * was invited to as co-borrower. The page shows it as the applicant recognises it, and each of the
 * three choices is carried out: continue the earlier one (the new one is cancelled), cancel the
 * earlier one and go on with the new one, or join the one they were invited to as co-applicant.
 * The applications are seeded through the sandbox; what the server stored is read back through the
 * API, as the page's own session.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, sandbox } from './fixtures';
import { MARI, nextStepHeading } from './support/create-application';
import { t } from './support/i18n';
import { applicationReference } from '../core/domain/application-reference';
import { openInvitation, openSeededApplication, type RetailPerson } from './support/seed-application';
import { backgroundStep } from './support/steps/submit-background-data';
import { waitingPage } from './support/steps/view-waiting-page';

/** A call of the reference API made by the page itself (its session, its origin): the status and the data. */
async function api(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; data: unknown }> {
  return page.evaluate(
    async ({ method, path, json }) => {
      const response = await fetch(path, {
        method,
        credentials: 'same-origin',
        ...(json === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: json }),
      });
      const text = await response.text();
      return { status: response.status, data: text ? ((JSON.parse(text) as { data?: unknown }).data ?? null) : null };
    },
    { method, path, json: body === undefined ? undefined : JSON.stringify(body) },
  );
}

const continueAs = (page: Page, externalId: string, role: 'applicant' | 'coborrower' = 'applicant') =>
  api(page, 'POST', `/api/v1/application-process/${externalId}/continue?role=${role}`);

const APPLICANT = {
  role: 'APPLICANT',
  personalCode: MARI.personalCode,
  declaredData: { firstName: MARI.firstName, surname: MARI.surname, email: MARI.email, phoneNumber: { code: '+372', number: MARI.phone } },
};

/** The new application, its create step sent with the applicant's personal code: the process asks how to go on. Opened in the page. */
async function openNewApplication(page: Page): Promise<{ externalId: string }> {
  const current = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'chooseContinueOption',
    previousTasks: ['createApplicationStep'],
    application: { personUpdates: [APPLICANT] },
    languageCode: 'est',
  });
  await page.goto(`/?externalId=${current.externalId}`);
  return current;
}

/** The applicant's earlier application (a car loan, stopped at the personal details step), then the new one, opened. */
async function openNewApplicationBesideEarlier(page: Page): Promise<{ earlier: { externalId: string }; current: { externalId: string } }> {
  await page.goto('/');
  const earlier = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'submitPersonalInfo',
    previousTasks: ['createApplicationStep'],
    productName: 'CAR_LOAN',
    application: { applicationUpdates: { creditConditions: { loanAmount: 12000, loanPeriod: 48 } }, personUpdates: [APPLICANT] },
    languageCode: 'est',
  });
  const current = await openNewApplication(page);
  return { earlier, current };
}

test('an applicant with an earlier application sees it, chooses to continue it and lands on it; the new one is cancelled', async ({ page }) => {
  const locale = 'et';
  const { earlier, current } = await openNewApplicationBesideEarlier(page);

  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'You already have an application in progress') })).toBeVisible();
  const details = page.getByRole('region', { name: t(locale, 'Your earlier application') });
  await expect(details).toContainText(earlier.externalId.slice(0, 4).toUpperCase());
  await expect(details).toContainText(/12[\s\u00a0\u202f.]?000/);
  const question = page.getByRole('group', { name: t(locale, 'What would you like to do?') });
  await expect(question.getByRole('radio')).toHaveCount(2);
  await expectNoA11yViolations(page, 'choose-continue-option step');

  await question.getByRole('radio', { name: t(locale, 'Continue my earlier application') }).check();
  const annulled = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/application-process/${current.externalId}/annul`));
  await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
  expect((await annulled).status()).toBe(200);

  await expect(page).toHaveURL(new RegExp(`[?&]externalId=${earlier.externalId}(&|$)`));
  await expect(nextStepHeading(page, locale)).toBeVisible();
  await expectNoA11yViolations(page, 'the earlier application');
});

test('an applicant who cancels the earlier application goes on with the new one; the earlier one is gone', async ({ page }) => {
  const locale = 'et';
  const { earlier, current } = await openNewApplicationBesideEarlier(page);
  await expect(page.getByRole('region', { name: t(locale, 'Your earlier application') })).toContainText(earlier.externalId.slice(0, 4).toUpperCase());

  const question = page.getByRole('group', { name: t(locale, 'What would you like to do?') });
  await question.getByRole('radio', { name: t(locale, 'Cancel my earlier application and continue with this new one') }).check();
  const annulled = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/active-applications/annul'));
  await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
  expect((await annulled).status()).toBe(200);

  // The new application goes on where the first page leads, at its next step.
  await expect(nextStepHeading(page, locale)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]externalId=${current.externalId}(&|$)`));
  // Stored: the earlier application is annulled (gone, like one that never existed); the new one is
  // at the personal details, with no other application of this applicant left to offer.
  expect((await continueAs(page, earlier.externalId)).status).toBe(404);
  expect((await continueAs(page, current.externalId)).data).toMatchObject({ taskDefinitionKey: 'submitPersonalInfo' });
  expect((await api(page, 'POST', '/api/v1/active-applications', { externalId: current.externalId })).data).toMatchObject({ activeApplication: null });
  expect((await api(page, 'GET', '/api/v1/application/previous-external-id')).data).toEqual({ externalId: current.externalId });
});

const KADRI: RetailPerson = {
  firstName: 'Kadri',
  surname: 'Saar',
  email: 'kadri.saar@example.com',
  phone: '55667788',
  personalCode: '49005210000',
  iban: 'EE501010220012345675',
  documentNumber: 'AC1234567',
};

test('someone invited as co-borrower who starts an application of their own joins the one they were invited to; the new one is cancelled', async ({ page, browser, baseURL }) => {
  const locale = 'et';
  // Kadri's housing loan, her part done, with Mari as co-applicant: Mari gave her personal code on
  // her own personal details step and is at her background step. Kadri waits, in her own browser.
  const kadrisContext = await browser.newContext({ baseURL, locale: 'et-EE', timezoneId: 'Europe/Tallinn' });
  try {
    const kadri = await kadrisContext.newPage();
    const invitedTo = await openSeededApplication(kadri, locale, 'coBorrower.submitBackgroundData', {
      person: KADRI,
      phoneCode: '+372',
      productName: 'HOUSING_LOAN',
      loan: { amount: 150_000, period: 300 },
      coApplicant: { ...KADRI, firstName: MARI.firstName, surname: MARI.surname, email: MARI.email, phone: MARI.phone, personalCode: MARI.personalCode },
      coBorrower: { personUpdates: [{ personalCode: MARI.personalCode }] },
    });
    await expect(waitingPage(kadri, locale).heading).toBeVisible();
    // Mari's browser: the invitation opened once, then an application of her own, its first page sent.
    await openInvitation(kadri, page, invitedTo, locale);
    const coBackground = backgroundStep(page, locale, 'coborrower');
    await expect(coBackground.heading).toBeVisible();
    const current = await openNewApplication(page);

    await expect(page.getByRole('heading', { level: 1, name: t(locale, 'You already have an application in progress') })).toBeVisible();
    const invited = page.getByRole('region', { name: t(locale, 'The application you were invited to') });
    await expect(invited).toContainText(applicationReference(invitedTo));
    await expect(invited).toContainText(t(locale, 'Home loan'));
    await expect(page.getByRole('region', { name: t(locale, 'Your earlier application') })).toHaveCount(0);
    const question = page.getByRole('group', { name: t(locale, 'What would you like to do?') });
    await expect(question.getByRole('radio')).toHaveCount(2);
    await expect(question.getByRole('radio', { name: t(locale, 'Continue with this new application') })).toBeVisible();
    await expectNoA11yViolations(page, 'choose-continue-option step, invited');

    await question.getByRole('radio', { name: t(locale, 'Join the application I was invited to, as co-applicant') }).check();
    const annulled = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/application-process/${current.externalId}/annul`));
    await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
    expect((await annulled).status()).toBe(200);

    // She is back on Kadri's application, at her own step, in the co-borrower wording.
    await expect(page).toHaveURL(new RegExp(`[?&]externalId=${invitedTo}(&|$)`));
    await expect(page).toHaveURL(/[?&]role=coborrower(&|$)/);
    await expect(coBackground.heading).toBeVisible();
    // Stored: her new application is annulled; Kadri's goes on, Mari's turn as its co-borrower.
    expect((await continueAs(page, current.externalId)).status).toBe(404);
    expect((await continueAs(page, invitedTo, 'coborrower')).data).toMatchObject({ taskDefinitionKey: 'submitBackgroundData' });
    expect((await continueAs(kadri, invitedTo)).data).toMatchObject({ taskDefinitionKey: 'viewWaitingPage' });
  } finally {
    await kadrisContext.close();
  }
});
