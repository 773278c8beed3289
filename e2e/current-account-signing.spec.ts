/**
 * Issue 12: the current account's contract signed in the browser against the real reference API and
 * its sandbox Smart-ID provider (no mocked network; decisions 144, 145). The application is seeded at
 * signCurrentAccountContract; the applicant reads the account's terms, chooses Smart-ID among Estonia's
 * ways to sign, confirms the verification code and lands on the current-account-contract-signed page
 * with no click (decision 211).
 * axe on every screen.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { MARI } from './support/create-application';
import { t, type TestLocale } from './support/i18n';
import { LANGUAGE_CODES } from './support/seed-application';
import { watchForContinueScreen } from './support/steps/view-contract-conditions';

/** A current-account application of this browser at signCurrentAccountContract, opened in the language given (English by default). */
async function atAccountContract(page: Page, locale: TestLocale = 'en'): Promise<string> {
  // The app's first call makes the session; the seed must ride on it, not race it for the cookie.
  await Promise.all([page.waitForResponse((response) => response.url().includes('/api/v1/application/previous-external-id')), page.goto(`/?lang=${locale}`)]);
  const { externalId } = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'signCurrentAccountContract',
    productName: 'CURRENT_ACCOUNT',
    previousTasks: ['createApplicationStep', 'identifyCustomer'],
    application: { personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { firstName: MARI.firstName, surname: MARI.surname } }] },
    languageCode: LANGUAGE_CODES[locale],
  });
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  return externalId;
}

test('signs the current account contract with Smart-ID and lands on the current-account-contract-signed page', async ({ page }) => {
  await atAccountContract(page);
  const heading = page.getByRole('heading', { level: 1, name: 'Sign your current account contract' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  const terms = page.getByRole('region', { name: 'Main terms of the account' });
  await expect(terms.getByText(`${MARI.firstName} ${MARI.surname}`)).toBeVisible();
  await expect(terms.getByText('€1.50')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download the contract (PDF)' })).toBeVisible();
  const methods = page.getByRole('region', { name: 'How would you like to sign the contract?' });
  await expect(methods.getByRole('button')).toHaveText(['Smart-ID', 'Mobile-ID']);
  await expectNoA11yViolations(page, 'signCurrentAccountContract, ways to sign (en)');

  // The first poll answers RUNNING: the verification code shows, large and announced.
  await sandbox.setSmartId(page, { result: 'SIGNED_CONTRACT', runningPolls: 1 });
  await methods.getByRole('button', { name: 'Smart-ID' }).press('Enter');
  // Decision 211: from here on, the signed screen's Continue must never show, not even for a moment.
  const continueShown = await watchForContinueScreen(page, 'en', 'Thank you. Your current account contract is signed. Continue to finish.');
  await page.getByRole('button', { name: 'Sign with Smart-ID' }).press('Enter');
  await expect(page.locator('.solis-verification-code')).toContainText(/\d{4}/);
  await expectNoA11yViolations(page, 'signCurrentAccountContract, verification code (en)');

  // Signed: the step is sent by itself, and the closing page's heading takes focus.
  const closing = page.getByRole('heading', { level: 1, name: 'Your current account contract is signed' });
  await expect(page.getByText('Thank you! We are now opening your current account.')).toBeVisible({ timeout: 30_000 });
  await expect(closing).toBeFocused();
  expect(await continueShown()).toBe(false);
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toHaveCount(0);
  await expect(page.getByText('Your application reference')).toBeVisible();
  await expectNoA11yViolations(page, 'viewCurrentAccountContractSigned (en)');
});

/**
 * The account's step in each language of the two countries that offer the account (section 2:
 * Estonia and Latvia). Russian is offered here because the test server is not in production mode
 * (section 1 hides it there for current accounts); an applicant who arrives in Russian keeps it.
 * axe in the country's main language (decision 164: the step's view test runs axe in every language).
 */
const DOMAINS = [
  { domain: 'retail-banking-ee', locales: ['et', 'ru', 'en'], methods: ['Smart-ID', 'Mobile-ID'] },
  { domain: 'retail-banking-lv', locales: ['lv', 'ru', 'en'], methods: ['Smart-ID'] },
] as const satisfies ReadonlyArray<{ domain: string; locales: readonly TestLocale[]; methods: readonly string[] }>;

for (const { domain, locales, methods } of DOMAINS) {
  test.describe(domain, () => {
    test.use({ serverEnv: { BUSINESS_DOMAIN: domain } });

    test(`the account's contract step offers the country's ways to sign in ${locales.join(', ')}, axe in ${locales[0]}`, async ({ page }) => {
      test.slow();
      for (const locale of locales) {
        await atAccountContract(page, locale);
        await expect(page.getByRole('heading', { level: 1, name: t(locale, 'Sign your current account contract'), exact: true })).toBeVisible({ timeout: 30_000 });
        await expect(page.getByRole('region', { name: t(locale, 'Main terms of the account'), exact: true })).toBeVisible();
        const ways = page.getByRole('region', { name: t(locale, 'How would you like to sign the contract?'), exact: true });
        await expect(ways.getByRole('button')).toHaveText(methods.map((method) => t(locale, method)));
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`));
        if (locale === locales[0]) await expectNoA11yViolations(page, `signCurrentAccountContract (${domain}, ${locale})`);
      }
    });
  });
}
