import { test, expect, expectNoA11yViolations } from './support/domain-server';
import { LANGUAGE_NAMES, t } from './support/i18n';
import { MARI, createApplicationStep, dismissCalculator, draftSavedWith, externalIdOf, fillCreateApplicationStep, nextStepHeading, switchLanguage, thankYouHeading } from './support/create-application';
import { sandbox } from './support/sandbox';

/** Issue 3, shell: language switch, focus on a new step, close button, footer, embedded and broker hiding. */

test('the language switch on a step keeps what was typed and changes the document language', async ({ page }) => {
  await page.goto('/');
  const et = createApplicationStep(page, 'et');
  await et.firstName.fill(MARI.firstName);
  await et.surname.fill(MARI.surname);
  await expect(page.locator('html')).toHaveAttribute('lang', 'et-EE');

  await switchLanguage(page, 'ru');
  const ru = createApplicationStep(page, 'ru');
  await expect(ru.heading).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru-RU');
  await expect(ru.firstName).toHaveValue(MARI.firstName);
  await expect(ru.surname).toHaveValue(MARI.surname);

  await switchLanguage(page, 'en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await expect(createApplicationStep(page, 'en').surname).toHaveValue(MARI.surname);
  // Footer: contacts of Estonia in English.
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: '+372 600 4402' })).toHaveAttribute('href', 'tel:+3726004402');
  await expect(footer.getByRole('link', { name: 'info.ee@solis.example' })).toHaveAttribute('href', 'mailto:info.ee@solis.example');
  await expect(footer.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', 'https://www.solis.example/ee/en/cookies');
  await expect(footer.getByRole('link', { name: 'LinkedIn' })).toBeVisible();
  await expectNoA11yViolations(page, 'create step in English');
});

test('a new step takes focus on its heading and is announced', async ({ page }) => {
  await page.goto('/');
  await switchLanguage(page, 'en');
  const step = createApplicationStep(page, 'en');
  await fillCreateApplicationStep(step);
  await step.continueButton.click();
  const heading = nextStepHeading(page, 'en');
  await expect(heading).toBeFocused();
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Your personal details' })).toHaveCount(1);
});

test('only an authenticated applicant gets the close button, which logs out and redirects', async ({ page, context, baseURL }) => {
  await page.goto('/?lang=en');
  await expect(page.getByRole('link', { name: 'Log out' })).toHaveCount(0);

  await context.addCookies([{ name: 'Authenticated', value: 'true', url: baseURL! }]);
  await page.goto('/?lang=en');
  const step = createApplicationStep(page, 'en');
  await step.firstName.fill(MARI.firstName);
  await externalIdOf(page);
  const close = page.getByRole('banner').getByRole('link', { name: 'Log out' });
  await expect(close).toBeVisible();
  await expectNoA11yViolations(page, 'header with close button');

  await close.click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/\\?lang=en$`));
  expect((await context.cookies()).map((c) => c.name)).not.toContain('Authenticated');
  await expect(page.getByRole('link', { name: 'Log out' })).toHaveCount(0);
  // A new session: the application typed before logging out is not offered again.
  await expect(step.firstName).toHaveValue('');
});

test('embedded: the parent token is used and removed from the address, the navbar is hidden', async ({ page, baseURL }) => {
  await page.goto('/');
  const issued = await page.request.post(`${baseURL}/api/sandbox/token`, { data: {}, headers: { Origin: baseURL! } });
  const { token } = ((await issued.json()) as { data: { token: string } }).data;

  const authorised = page.waitForRequest((request) => request.url().includes('/api/') && request.headers().authorization === `Bearer ${token}`);
  await page.goto(`/?role=applicant&lang=en#token=${token}`);
  await authorised;
  await expect(createApplicationStep(page, 'en').heading).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByRole('link', { name: 'Solis – home page' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Language' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'embedded step');

  // Error pages have no home button when embedded: the parent owns navigation.
  await page.goto(`/maintenance?lang=en#token=${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This service is down for maintenance' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link')).toHaveCount(0);
});

test('embedded with an invalid token: logged and the unauthorized page', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  const expired = `${btoa('{"alg":"HS256"}')}.${btoa(JSON.stringify({ sub: 'x', exp: 1 })).replace(/=+$/, '')}.c2ln`;
  await page.goto(`/?lang=en#token=${expired}`);
  await expect(page).toHaveURL(/\/unauthorized\?lang=en$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
  expect(logged.some((line) => line.startsWith('Invalid token specified'))).toBe(true);
  expect(logged.join('\n')).not.toContain(expired);
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to the home page' })).toHaveCount(0);
});

test('a broker application shows neither progress bar nor amount', async ({ page, baseURL }) => {
  await page.goto('/?lang=en');
  await expect(page.getByRole('progressbar')).toBeVisible();
  // Decision 188: a broker's server creates it with its API key (drawn now) and answers the applicant's one-time link.
  const drawn = await page.request.post(`${baseURL}/api/sandbox/api-keys`, { headers: { Origin: baseURL! }, data: { broker: 'broker-finvia' } });
  expect(drawn.status()).toBe(201);
  const { key } = ((await drawn.json()) as { data: { key: string } }).data;
  const created = await page.request.post(`${baseURL}/api/broker-api/applications`, {
    headers: { Authorization: `Bearer ${key}` },
    data: { application: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 }, languageCode: 'eng' } },
  });
  expect(created.status()).toBe(201);
  const { externalId, link } = ((await created.json()) as { data: { externalId: string; link: { url: string } } }).data;
  await page.goto(new URL(link.url).pathname);
  await expect(createApplicationStep(page, 'en').heading).toBeVisible();
  await dismissCalculator(page);
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  // On a later step, where an applicant's own application shows its amount, a broker's does not.
  await sandbox.nextTask(page, 'viewThankYouPage');
  await page.goto(`/continue/${externalId}`);
  await expect(thankYouHeading(page, 'en')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('banner')).not.toContainText('Loan amount');
});

test.describe('production mode', () => {
  // Production mode has no sandbox, so no reset: this test's server is its own.
  test.use({ withoutSandbox: true, ownServer: true, serverEnv: { SOLIS_MODE: 'production' } });

  test('Russian is not offered for current-account products', async ({ page }) => {
    await page.goto('/current-account');
    await expect(page.getByRole('heading', { level: 1, name: t('et', 'Open a current account') })).toBeVisible();
    await expect(page).toHaveURL(/\/\?externalId=/);
    const nav = page.getByRole('navigation', { name: t('et', 'Language') });
    await expect(nav.getByRole('button', { name: 'English' })).toBeVisible();
    await expect(nav.getByText(LANGUAGE_NAMES.ru)).toHaveCount(0);
    // Product selection is about loans: Russian is offered there.
    await page.goto('/choose-product');
    await expect(nav.getByRole('button', { name: LANGUAGE_NAMES.ru })).toBeVisible();
  });
});

test('a draft typed before switching language is saved in the new language too', async ({ page }) => {
  await page.goto('/');
  const et = createApplicationStep(page, 'et');
  await et.firstName.fill(MARI.firstName);
  await externalIdOf(page);
  await switchLanguage(page, 'ru');
  const saved = draftSavedWith(page, MARI.surname);
  await createApplicationStep(page, 'ru').surname.fill(MARI.surname);
  await saved;
});
