import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations } from './support/domain-server';
import { t as translate, type TestLocale } from './support/i18n';

/**
 * Issue 3: every route of section 2's table in every domain it applies to, with the country
 * differences. axe on every page in the domain's main language (decision 164); one page a domain is
 * switched in place to each other language the country offers, where the browser shows it is in that
 * language (`lang`, heading); every page's heading and axe in those languages are jsdom's
 * (tests/app/route-pages-speak.test.tsx, tests/steps/retail-steps-speak.test.tsx; decision 213).
 * The pages of a domain are visited in one test to keep the run short.
 */
type Locale = 'en' | 'et' | 'lv' | 'lt' | 'ru';
const t = (locale: Locale, english: string) => translate(locale as TestLocale, english);

/** The page in `locale`; axe unless told it was scanned already (`{ axe: false }`). */
async function expectPage(page: Page, path: string, locale: Locale, title: string, options: { axe?: boolean } = {}) {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${locale}`);
  await expect(page.getByRole('heading', { level: 1, name: t(locale, title) })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`));
  if (options.axe !== false) await expectNoA11yViolations(page, `${path} (${locale})`);
}

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', et: 'Eesti', lv: 'Latviešu', lt: 'Lietuvių', ru: 'Русский' };

/**
 * Each page in the domain's main language with axe; the first page is then switched with the
 * language navigation to each other language (the switch works on a page of the route table, the
 * page says it is in that language). Decision 213: the other pages' headings in the other languages
 * are jsdom's (tests/app/route-pages-speak.test.tsx; the product chooser and the current-account
 * start: tests/steps/retail-steps-speak.test.tsx), so the browser switches once a domain, not once
 * a page: what only a browser shows (the status, the route a domain has, axe with colour contrast)
 * is still checked on every page.
 */
async function expectPagesInLanguages(page: Page, pages: Array<[string, string]>, locales: readonly Locale[]) {
  const [first, ...others] = locales;
  for (const [index, [path, title]] of pages.entries()) {
    await expectPage(page, path, first!, title);
    if (index > 0) continue;
    let current: Locale = first!;
    for (const locale of others) {
      await page.getByRole('navigation', { name: t(current, 'Language') }).getByRole('button', { name: LANGUAGE_NAMES[locale] }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`));
      await expect(page.getByRole('heading', { level: 1, name: t(locale, title) })).toBeVisible();
      current = locale;
    }
  }
}

const NOT_FOUND = 'Page not found';

const COMMON_PAGES: Array<[string, string]> = [
  ['/error', 'Sorry, there is a problem with the service'],
  ['/maintenance', 'This service is down for maintenance'],
  ['/unauthorized', 'You do not have access to this page'],
  ['/session-expired', 'Your session has ended'],
  // Issue 10: product selection; `/start` leads there for a customer the bank knows nothing about.
  ['/start', 'Choose a loan or a credit card'],
  ['/choose-product', 'Choose a loan or a credit card'],
  ['/no-such-page', NOT_FOUND],
];

// Many pages in several languages per test, each checked with axe.
test.describe.configure({ timeout: 150_000 });

test.describe('Estonian retail (the default domain)', () => {
  test('every route, its Estonian variants, in et, ru and en', async ({ page }) => {
    const pages: Array<[string, string]> = [
      ...COMMON_PAGES,
      ['/no-task', 'There is nothing for you to do right now'],
      ['/no-process', 'There is no application to continue'],
      ['/link-expired', 'This link has expired'],
      ['/current-account', 'Open a current account'],
    ];
    await expectPagesInLanguages(page, pages, ['et', 'ru', 'en']);

    // Error pages carry a home button to the home page in the language in use.
    await expectPage(page, '/maintenance', 'ru', 'This service is down for maintenance', { axe: false });
    await expect(page.getByRole('main').getByRole('link', { name: t('ru', 'Go to the home page') })).toHaveAttribute('href', '/?lang=ru');

    // Estonia: the unauthorized page offers to log out.
    await expectPage(page, '/unauthorized', 'et', 'You do not have access to this page', { axe: false });
    const logout = page.getByRole('link', { name: t('et', 'Log out and sign in as someone else') });
    await expect(logout).toHaveAttribute('href', /^\/logout\?language=et&redirectToUrl=http/);
  });

  test('redirects: /, /et, /ru, /continue and /landing', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: t('et', 'Apply for a loan') })).toBeVisible();
    await expectNoA11yViolations(page, '/ (et)');

    await page.goto('/et?utm_source=news');
    await expect(page).toHaveURL(/\/\?utm_source=news$/);
    await expect(page.getByRole('heading', { level: 1, name: t('et', 'Apply for a loan') })).toBeVisible();

    await page.goto('/ru');
    await expect(page).toHaveURL(/\/\?lang=ru$/);
    await expect(page.locator('html')).toHaveAttribute('lang', /^ru/);
    await expect(page.getByRole('heading', { level: 1, name: t('ru', 'Apply for a loan') })).toBeVisible();

    await page.goto('/landing/rus/TRAVELING?productName=SMALL_LOAN&interestRate=3.5');
    await expect(page.getByRole('heading', { level: 1, name: t('ru', 'Apply for a loan') })).toBeVisible();
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/');
    expect(Object.fromEntries(landed.searchParams)).toEqual({ productName: 'SMALL_LOAN', loanPurpose: 'TRAVELING', lang: 'ru' });

    // An unknown application from the continue link: its page, not a crash (access.spec covers more).
    await page.goto('/continue/does-not-exist');
    await expect(page).toHaveURL(/\/\?externalId=does-not-exist$/);
    await expect(page.getByRole('heading', { level: 1, name: t('et', 'This application is not available') })).toBeVisible();
  });
});

test.describe('Latvian retail', () => {
  test.use({ serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lv' } });

  test('Latvian texts, Estonian-only routes are 404, in lv, ru and en', async ({ page }) => {
    // First, while the session has no application (`/start` and `/current-account` below make some).
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: t('lv', 'Apply for a loan') })).toBeVisible();
    const pages: Array<[string, string]> = [
      ...COMMON_PAGES,
      ['/no-task', 'Your data is being processed'],
      ['/no-process', 'You need a Solis account to continue'],
      ['/current-account', 'Open a current account'],
      ['/link-expired', NOT_FOUND],
      ['/landing/lv/TRAVELING', NOT_FOUND],
    ];
    await expectPagesInLanguages(page, pages, ['lv', 'ru', 'en']);
    await expectPage(page, '/unauthorized', 'lv', 'You do not have access to this page', { axe: false });
    await expect(page.getByRole('link', { name: t('lv', 'Log out and sign in as someone else') })).toHaveCount(0);
  });
});

test.describe('Lithuanian retail', () => {
  test.use({ serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lt' } });

  test('no current account, no link-expired, in lt and en; /ru keeps Lithuanian', async ({ page }) => {
    // First, while the session has no application (`/start` below makes one).
    // Lithuania offers no Russian: the redirect happens, the language stays.
    await page.goto('/ru');
    await expect(page).toHaveURL(/\/\?lang=ru$/);
    await expect(page.locator('html')).toHaveAttribute('lang', /^lt/);
    await expect(page.getByRole('heading', { level: 1, name: t('lt', 'Apply for a loan') })).toBeVisible();
    const pages: Array<[string, string]> = [
      ...COMMON_PAGES,
      ['/no-task', 'There is nothing for you to do right now'],
      ['/no-process', 'There is no application to continue'],
      ['/current-account', NOT_FOUND],
      ['/link-expired', NOT_FOUND],
    ];
    await expectPagesInLanguages(page, pages, ['lt', 'en']);
  });
});

test.describe('Corporate banking', () => {
  test.use({ serverEnv: { BUSINESS_DOMAIN: 'corporate-banking' } });

  test('the start is the business-data step; the product list and /start lead to it (issue 24)', async ({ page }) => {
    for (const locale of ['et', 'ru', 'en'] as const) {
      // axe in the domain's language (its country's), the others as the browser shows them.
      await expectPage(page, '/', locale, 'Apply for financing for your company', { axe: locale === 'et' });
      await expect(page.getByText(/Step with taskDefinitionKey/)).toHaveCount(0);
    }
    await expectPage(page, '/error', 'en', 'Sorry, there is a problem with the service');
    await expectPage(page, '/link-expired', 'en', NOT_FOUND);
    await expectPage(page, '/current-account', 'en', NOT_FOUND);
    // The corporate products of the country, each starting the application with it chosen.
    // Estonia's: no small business loan (section 1), no green leasing while its flag is off (decision 181).
    await expectPage(page, '/choose-product', 'en', 'Choose financing for your company');
    await expect(page.getByRole('link', { name: 'Small business loan' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Green leasing' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Credit line' }).click();
    const financing = page.getByRole('main').getByRole('combobox', { name: 'Type of financing', exact: true });
    await expect(page.getByRole('heading', { level: 1, name: 'Apply for financing for your company' })).toBeVisible();
    await expect(financing).toHaveValue('CREDIT_LINE');
    // `/start` starts a new application at the business data, with the product its link names (decision 181).
    await expectPage(page, '/start', 'en', 'Apply for financing for your company', { axe: false });
    await expectPage(page, '/start?productName=EQUIPMENT_LEASING_BUSINESS', 'en', 'Apply for financing for your company', { axe: false });
    await expect(financing).toHaveValue('EQUIPMENT_LEASING_BUSINESS');
  });
});
