/**
 * Issue 26 item 5 (decision 193), in Latvian at 390 px, seeded at each step: the date of birth
 * written as people write it (15.03.1985, refused before), the postal code without its LV- prefix
 * (1010, refused before), and the manual upload page's drop zone with its button in Latvian, a
 * refused file out of the list with its reason, and the page checked by axe and for reflow. The
 * variants (every written form, every country's postal code, drag and drop, the server's refusals)
 * are in the component and validation tests.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { openSeededApplication, type SeededApplicant } from './support/seed-application';
import { stepKit } from './support/step-kit';
import { addressStep } from './support/steps/submit-address';
import { backgroundStep } from './support/steps/submit-background-data';
import { personalInfoStep } from './support/steps/submit-personal-info';

test.use({ viewport: { width: 390, height: 844 }, serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lv', FEATURE_FLAGS: 'manualBankStatementUpload' } });

const ANNA: SeededApplicant = {
  person: {
    firstName: 'Anna',
    surname: 'Bērziņa',
    email: 'anna.berzina@example.com',
    phone: '21234567',
    // The new format carries no birth date: the date of birth is asked.
    personalCode: '321234-56789',
    iban: 'LV87HABA0551012345678',
    documentNumber: 'PA7654321',
  },
  phoneCode: '+371',
  productName: 'SMALL_LOAN',
  loan: { amount: 3000, period: 36 },
};

/** No horizontal scroll at 390 px (the reflow helper measures at 320 px). */
async function expectFitsTheWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);

test('Latvian at 390 px: 15.03.1985 and postal code 1010 taken; the upload drop zone with its button, a refused file listed apart with its reason', async ({ page }) => {
  test.setTimeout(90_000);
  const locale = 'lv';
  const kit = stepKit(page, locale);

  // The date of birth as a Latvian writes it.
  await openSeededApplication(page, locale, 'submitPersonalInfo', ANNA);
  const personal = personalInfoStep(page, locale);
  await expect(personal.heading).toBeVisible();
  await personal.fill({ personalCode: ANNA.person.personalCode, dateOfBirth: '15.03.1985' });
  await kit.continueTo(backgroundStep(page, locale).heading);

  // The postal code without LV-.
  await openSeededApplication(page, locale, 'submitAddress', ANNA);
  const address = addressStep(page, locale, 'LV');
  await expect(address.heading).toBeVisible();
  await address.fill({ street: 'Brīvības iela 21', city: 'Rīga', postalCode: '1010' });
  await kit.continueTo(page.getByRole('heading', { level: 1 }).filter({ hasNotText: kit.tx('Your address') }));

  // The manual upload page.
  const seeded = await sandbox.seedApplication(page, { taskDefinitionKey: 'provideBasViaOpenBanking', previousTasks: ['checkAnswers'], productName: 'SMALL_LOAN', languageCode: 'lav' });
  await page.goto(`/?externalId=${seeded.externalId}&lang=${locale}`);
  await kit.button('Upload statements yourself instead').click();
  await expect(kit.heading('Upload your bank statements')).toBeVisible();
  const chooseFiles = page.locator('label', { hasText: kit.tx('Choose files') });
  await expect(chooseFiles).toBeVisible();
  const input = page.getByLabel(kit.tx('Choose files'));
  // Keyboard: Tab reaches the file field, and its focus shows on the button.
  for (let presses = 0; presses < 40 && !(await input.evaluate((element) => element === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
  await expect(input).toBeFocused();
  await expect(chooseFiles).toHaveCSS('background-color', 'rgb(255, 221, 0)');
  await expectNoA11yViolations(page, 'uploadBankAccountStatementDocuments (lv, 390 px)');
  await expectFitsTheWidth(page);

  await input.setInputFiles([
    { name: 'marts.pdf', mimeType: 'application/pdf', buffer: pdf('marts') },
    { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00]) },
  ]);
  const files = page.getByRole('list', { name: kit.tx('Your files') }).getByRole('listitem');
  await expect(files).toHaveCount(1);
  await expect(files).toContainText(kit.tx('Uploaded'));
  const refused = page.getByRole('list', { name: kit.tx('Files not uploaded') }).getByRole('listitem');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText('setup.exe');
  await expect(refused).not.toContainText('validation.messages');
  await expect(page.getByRole('alert').filter({ has: page.getByRole('list', { name: kit.tx('Files not uploaded') }) })).toBeVisible();
  await expectNoA11yViolations(page, 'uploadBankAccountStatementDocuments with a refused file (lv, 390 px)');
  await expectFitsTheWidth(page);
});
