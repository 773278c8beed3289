/**
 * Issues 12 and 13: the closing pages (docs/decisions/146-149), each seeded through the sandbox at
 * its task key as the bank's process would rest there, in the browser against the real reference
 * API: the heading, the focus on it and the reference in each domain's main language, axe clean
 * (decision 164). The other languages are the view tests' (decision 203): each page's view test
 * renders it in every language with its heading and axe (`expectStepSpeaks` in
 * src/steps/<task>/view.test.tsx). The return-to-merchant page links back to the partner's
 * registered return address only.
 */
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { t, type TestLocale } from './support/i18n';

const LANGUAGE_CODES: Record<TestLocale, 'eng' | 'est' | 'lav' | 'lit' | 'rus'> = { en: 'eng', et: 'est', lv: 'lav', lt: 'lit', ru: 'rus' };

const PAGES: ReadonlyArray<{ task: string; heading: string; productName?: string }> = [
  { task: 'viewBankStatementsBeingProcessed', heading: 'Thank you! We are checking your bank statements' },
  { task: 'viewProcessingTakesTime', heading: 'Checking your bank statements is taking longer than usual' },
  { task: 'viewDocumentUploadLimitThankYouPage', heading: 'We could not receive your bank statements' },
  { task: 'viewUploadSkipped', heading: 'Thank you! Your application has been sent without bank statements' },
  { task: 'viewReturnToMerchant', heading: 'Thank you! We have received your bank statements' },
  { task: 'viewDuplicateApplication', heading: 'You already have an application with us' },
  { task: 'viewNegativeThankYouPage', heading: 'Thank you for your application' },
  { task: 'viewShortApplicationSubmitted', heading: 'Thank you! Your application has been sent' },
  { task: 'showContractSigningNegativePage', heading: 'We cannot sign the contract with you' },
  { task: 'decisionPartnerStoreChosenForContractSigning', heading: 'Sign your contract in the store' },
  { task: 'weWillBeWaitingForYouInPostOffice', heading: 'We will be waiting for you at the post office' },
];
const CURRENT_ACCOUNT_PAGE = { task: 'viewCurrentAccountContractSigned', heading: 'Your current account contract is signed', productName: 'CURRENT_ACCOUNT' };

/** Each domain in its main language (decision 203: the other languages in the view tests). */
const DOMAINS: ReadonlyArray<{ domain: string; locale: TestLocale; currentAccount: boolean }> = [
  { domain: 'retail-banking-ee', locale: 'et', currentAccount: true },
  { domain: 'retail-banking-lv', locale: 'lv', currentAccount: true },
  { domain: 'retail-banking-lt', locale: 'lt', currentAccount: false },
];

for (const { domain, locale, currentAccount } of DOMAINS) {
  test.describe(domain, () => {
    // Decision 172: the statements pages wait for the bank's analysis and move on once it answers; this
    // server's back office takes an hour, so the seeded pages stay to be read (the journey
    // lv-statements-analysis.spec.ts sees them move on).
    test.use({ serverEnv: { BUSINESS_DOMAIN: domain, STATEMENT_ANALYSIS_SECONDS: '3600', STATEMENT_ANALYSIS_PATIENCE_SECONDS: '3600' } });

    test(`every closing page says what happened and gives the reference in ${locale}, axe`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.goto('/?lang=en');
      const pages = currentAccount ? [...PAGES, CURRENT_ACCOUNT_PAGE] : PAGES;
      for (const { task, heading, productName } of pages) {
        const seeded = await sandbox.seedApplication(page, { taskDefinitionKey: task, ...(productName ? { productName } : {}), languageCode: LANGUAGE_CODES[locale] });
        await page.goto(`/?externalId=${seeded.externalId}&lang=${locale}`);
        const h1 = page.getByRole('heading', { level: 1, name: t(locale, heading), exact: true });
        await expect(h1).toBeVisible();
        await expect(h1).toBeFocused();
        await expect(page.getByText(t(locale, 'Your application reference'), { exact: true })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`));
        await expectNoA11yViolations(page, `${task} (${domain}, ${locale})`);
      }
    });
  });
}

test.describe('return to merchant', () => {
  // The bank's analysis runs behind the page (decision 172): an hour here, so the seeded page stays to be read.
  test.use({ serverEnv: { STATEMENT_ANALYSIS_SECONDS: '3600', STATEMENT_ANALYSIS_PATIENCE_SECONDS: '3600' } });

  test('return to merchant: the button goes back to the partner’s registered return address', async ({ page }) => {
    const back = 'https://shop.closing.example/return';
    await page.goto('/?lang=en');
    await sandbox.registerPartner(page, { regCode: 'E2E-CLOSING', name: 'Closing shop', returnAddresses: [back] });
    const seeded = await sandbox.seedApplication(page, {
      taskDefinitionKey: 'viewReturnToMerchant',
      languageCode: 'eng',
      partner: { regCode: 'E2E-CLOSING', processData: { webShopRedirectUri: back }, seller: { businessName: 'Closing Shop' } },
    });
    await page.goto(`/?externalId=${seeded.externalId}&lang=en`);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you! We have received your bank statements' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Closing Shop' })).toHaveAttribute('href', back);
    await expectNoA11yViolations(page, 'viewReturnToMerchant with a return address');
  });
});
