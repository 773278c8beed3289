/**
 * Issue 26 item 2 (decision 195), in Estonian at 390 px with axe: an applicant who left comes back
 * on other devices, first by a one-time link asked for on `/resume` (the first page's promise links
 * there) and read from the e-mail (the sandbox outbox), then by logging in with Smart-ID at the bank's
 * login service (its simulator), each time landing on the step they left. The variants (expired
 * links, another person's link, rate limits, wrong addresses) are in tests/server/resume.test.ts and
 * the component tests of the resume and invitation pages.
 */
import type { Browser, Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { openSeededApplication, type SeededApplicant } from './support/seed-application';
import { stepKit } from './support/step-kit';
import { backgroundStep } from './support/steps/submit-background-data';

const VIEWPORT = { width: 390, height: 844 };
test.use({ viewport: VIEWPORT });

const KATRIN: SeededApplicant = {
  person: {
    firstName: 'Katrin',
    surname: 'Kask',
    email: 'katrin.kask@example.com',
    phone: '51234567',
    personalCode: '49403136515',
    iban: 'EE382200221020145685',
    documentNumber: 'AB1234567',
  },
  phoneCode: '+372',
  productName: 'SMALL_LOAN',
  loan: { amount: 3000, period: 36 },
};

/** Another device: a browser of its own (no cookie of the first), phone-sized. */
async function anotherDevice(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT, locale: 'et-EE', timezoneId: 'Europe/Tallinn' });
  return context.newPage();
}

async function expectFitsTheWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORT.width);
}

test('Estonian at 390 px: back on another device by a link from the e-mail, then on a third by Smart-ID, at the step left', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const locale = 'et';
  const kit = stepKit(page, locale);
  const externalId = await openSeededApplication(page, locale, 'submitBackgroundData', KATRIN);
  await expect(backgroundStep(page, locale).heading).toBeVisible();

  // A phone, days later: the first page's promise says where to come back.
  const phone = await anotherDevice(browser, baseURL);
  await phone.goto(`/?lang=${locale}`);
  await expect(phone.locator('a[href^="/resume"]')).toHaveCount(1);
  await phone.goto('/resume');
  await expect(phone.getByRole('heading', { level: 1, name: kit.tx('Continue your application') })).toBeVisible();
  await expectNoA11yViolations(phone, 'resume page (et, 390 px)');
  await expectFitsTheWidth(phone);

  await phone.getByRole('textbox', { name: kit.tx('Personal code') }).fill(KATRIN.person.personalCode);
  await phone.getByRole('textbox', { name: kit.tx('E-mail') }).fill(KATRIN.person.email);
  await phone.getByRole('button', { name: kit.tx('Send me a link') }).click();
  await expect(phone.getByRole('status').filter({ hasText: KATRIN.person.email })).toBeVisible();
  await expectNoA11yViolations(phone, 'resume page, link sent (et, 390 px)');

  // The e-mail (the sandbox outbox, read where the application still is).
  const message = (await sandbox.outbox(page, externalId)).find((sent) => sent.kind === 'resumeLink');
  const link = (message?.body as { link?: string } | undefined)?.link;
  expect(link).toMatch(/^\/invitation\//);
  await phone.goto(`${link}?lang=${locale}`);
  await expect(backgroundStep(phone, locale).heading).toBeVisible();
  await expect(phone).toHaveURL(new RegExp(`externalId=${externalId}`));

  // A third device: logging in with Smart-ID finds the application.
  const laptop = await anotherDevice(browser, baseURL);
  await laptop.goto(`/resume?lang=${locale}`);
  const smartId = kit.tx('Log in with {0}').replace('{0}', kit.tx('Smart-ID'));
  await laptop.getByRole('link', { name: smartId }).click();
  await expect(laptop.getByRole('heading', { level: 1, name: 'Log in to the bank with Smart-ID' })).toBeVisible();
  await laptop.getByLabel('Personal code').fill(KATRIN.person.personalCode);
  await laptop.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(backgroundStep(laptop, locale).heading).toBeVisible();
  await expect(laptop).toHaveURL(new RegExp(`externalId=${externalId}`));
  await expectNoA11yViolations(laptop, 'the step left, resumed by Smart-ID (et, 390 px)');

  await phone.context().close();
  await laptop.context().close();
});
