/**
 * Issue 10: product selection and the calculator modal pass axe in the main language of the Latvian
 * and Lithuanian domains (Estonian retail's are in products.spec.ts), where the browser judges
 * colour contrast too; their other languages in jsdom (tests/steps/first-page-speaks.test.tsx,
 * tests/steps/retail-steps-speak.test.tsx; decision 208).
 */
import { test, expect, expectNoA11yViolations, testTheCalculator } from './support/domain-server';
import { t, type TestLocale } from './support/i18n';

const DOMAINS: ReadonlyArray<{ domain: string; locales: readonly TestLocale[] }> = [
  { domain: 'retail-banking-lv', locales: ['lv'] },
  { domain: 'retail-banking-lt', locales: ['lt'] },
];

for (const { domain, locales } of DOMAINS) {
  test.describe(domain, () => {
    test.use({ serverEnv: { BUSINESS_DOMAIN: domain } });

    test(`product selection and the calculator modal pass axe in ${locales.join(', ')}`, async ({ page }) => {
      await testTheCalculator(page);
      for (const locale of locales) {
        await page.goto(`/choose-product?lang=${locale}`);
        await expect(page.getByRole('heading', { level: 1, name: t(locale, 'Choose a loan or a credit card') })).toBeVisible();
        await expect(page.getByRole('status').first()).toContainText(/\d/);
        await expectNoA11yViolations(page, `product selection (${domain}, ${locale})`);
        await page.goto(`/?lang=${locale}`);
        const modal = page.getByRole('dialog', { name: t(locale, 'Loan calculator') });
        await expect(modal.getByRole('status')).toContainText(/\d/);
        await expectNoA11yViolations(page, `calculator modal (${domain}, ${locale})`);
      }
    });
  });
}
