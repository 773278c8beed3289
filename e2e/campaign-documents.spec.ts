/**
 * Issue 13, decision 159: the seller's offer a campaign asks for, in the browser against the real
 * reference API. Seeded at the step (an approved car loan with the code AUTO2026): one file fails to
 * arrive (the sandbox fails its upload once) and is tried again, one is refused by the server's
 * content check and leaves the list with its reason (decision 193), and the applicant goes on to the thank-you page; both pages in each
 * domain's languages, axe in its main one (decision 164: each page's view test runs axe in every
 * language, `expectStepSpeaks`).
 */
import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { t, type TestLocale } from './support/i18n';

const LANGUAGE_CODES: Record<TestLocale, 'eng' | 'est' | 'lav' | 'lit' | 'rus'> = { en: 'eng', et: 'est', lv: 'lav', lt: 'lit', ru: 'rus' };

const CAR_LOAN_WITH_CAMPAIGN = { applicationUpdates: { campaignCode: 'AUTO2026', creditConditions: { productName: 'CAR_LOAN', loanAmount: 8000, loanPeriod: 48 } } };

async function seededAt(page: Page, taskDefinitionKey: string, locale: TestLocale): Promise<string> {
  const seeded = await sandbox.seedApplication(page, {
    taskDefinitionKey,
    productName: 'CAR_LOAN',
    decision: 'POSITIVE',
    application: CAR_LOAN_WITH_CAMPAIGN,
    languageCode: LANGUAGE_CODES[locale],
  });
  await page.goto(`/?externalId=${seeded.externalId}&lang=${locale}`);
  return seeded.externalId;
}

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);

test("the seller's offer: a failed upload tried again, a refused file listed apart, then the thank-you page", async ({ page }) => {
  await page.goto('/?lang=en');
  const externalId = await seededAt(page, 'uploadCampaignDocuments', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload the seller’s offer for the campaign' })).toBeVisible();
  await expect(page.getByText('Your application has the campaign code AUTO2026.', { exact: false })).toBeVisible();
  await expectNoA11yViolations(page, 'uploadCampaignDocuments (en)');

  // Nothing uploaded: the error summary takes focus and names what to do.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('.solis-error-summary')).toBeFocused();
  await expect(page.locator('.solis-error-summary').getByRole('link', { name: 'Upload the seller’s offer' })).toBeVisible();

  // The first upload fails on the way (503 once), the second is an executable named as a PDF.
  await sandbox.failNext(page, { path: `/api/v1/application-process/${externalId}/document`, method: 'POST', status: 503 });
  const input = page.getByLabel('Seller’s offer', { exact: true });
  await input.setInputFiles([
    { name: 'dealer-offer.pdf', mimeType: 'application/pdf', buffer: pdf('dealer offer') },
    { name: 'setup.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]) },
  ]);
  const files = page.getByRole('list', { name: 'Your files' }).getByRole('listitem');
  await expect(files.nth(0)).toContainText('This file could not be uploaded. Check your connection and try again.');
  // Decision 193: the refused file leaves the list; its reason is shown (and announced) apart.
  const refused = page.getByRole('list', { name: 'Files not uploaded' }).getByRole('listitem');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText(['setup.pdf', "The file's content does not match its type. Upload the original file"].join(''));
  await expect(files).toHaveCount(1);
  await expectNoA11yViolations(page, 'uploadCampaignDocuments with a failed and a refused file (en)');

  // By keyboard: Try again for the failed one.
  await page.getByRole('button', { name: 'Try again dealer-offer.pdf' }).focus();
  await page.keyboard.press('Enter');
  await expect(files.nth(0)).toContainText('Uploaded');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! We have received the seller’s offer' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! We have received the seller’s offer' })).toBeVisible();
});

const DOMAINS: ReadonlyArray<{ domain: string; locales: readonly TestLocale[] }> = [
  { domain: 'retail-banking-ee', locales: ['et', 'ru'] },
  { domain: 'retail-banking-lv', locales: ['lv', 'ru'] },
  { domain: 'retail-banking-lt', locales: ['lt'] },
];

for (const { domain, locales } of DOMAINS) {
  test.describe(domain, () => {
    test.use({ serverEnv: { BUSINESS_DOMAIN: domain } });

    test(`the campaign pages in ${locales.join(', ')}, axe in ${locales[0]}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/?lang=en');
      for (const locale of locales) {
        await seededAt(page, 'uploadCampaignDocuments', locale);
        await expect(page.getByRole('heading', { level: 1, name: t(locale, 'Upload the seller’s offer for the campaign') })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`));
        if (locale === locales[0]) await expectNoA11yViolations(page, `uploadCampaignDocuments (${domain}, ${locale})`);
        await seededAt(page, 'viewCampaignDocumentsUploaded', locale);
        await expect(page.getByRole('heading', { level: 1, name: t(locale, 'Thank you! We have received the seller’s offer') })).toBeVisible();
        if (locale === locales[0]) await expectNoA11yViolations(page, `viewCampaignDocumentsUploaded (${domain}, ${locale})`);
      }
    });
  });
}
