import { test, expect, expectNoA11yViolations } from '../support/domain-server';
import { createApplicationStep, fillApplicantAs } from '../support/create-application';
import type { RetailPerson } from '../support/seed-application';
import { stepKit } from '../support/step-kit';
import { shareStatementsAtTheSandboxBank } from '../support/steps/provide-bas-via-open-banking';
import type { TestLocale } from '../support/i18n';
import { sendEstonianDataSteps } from '../support/steps/estonian-data-steps';

/**
 * Issue 22 (docs/decisions/172, 147), return to the merchant in the browser, in Estonian, as plain
 * `npm start` runs it (a demonstration, no sandbox controls): a shop registered in the bank's partner
 * data sends its customer with the goods, the price and its return address; the customer's dividend
 * income needs bank statements, which they share on the PSD2 simulator's bank page; then, instead of
 * waiting on the bank's page, they get the page that takes them back to the shop (the registered
 * address only) while the bank analyses and decides. Axe there.
 */
// The analysis takes its demonstration time (it runs behind the shop's page; answered at once, the offer would come first).
test.use({ serverEnv: { STATEMENT_ANALYSIS_SECONDS: '60' }, withoutSandbox: true, ownServer: true });

const LOCALE: TestLocale = 'et';
const RETURN = 'https://www.elektroonikapood.example/order/return';

const KADRI: RetailPerson = {
  firstName: 'Kadri',
  surname: 'Kask',
  email: 'kadri.kask@example.com',
  phone: '55598765',
  personalCode: '49001010228',
  iban: 'EE501010220012345675',
  documentNumber: 'AB1122334',
};

test('a shop’s customer shares their statements and is taken back to the shop while the bank decides', async ({ page }) => {
  test.setTimeout(150_000);
  const kit = stepKit(page, LOCALE);
  // Elektroonikapood AS (server/pricing/pricing-data.json): a laptop on hire purchase, its return address registered.
  const link = new URLSearchParams({ lang: LOCALE, reg_code: '10000002', goods_name: 'laptop', amount: '1200', redirect_uri: RETURN, seller_business_name: 'Elektroonikapood' });
  await page.goto(`/?${link.toString()}`);
  const create = createApplicationStep(page, LOCALE);
  await expect(create.heading).toBeVisible();
  await expect(create.loanAmount).toHaveValue('1200');
  await create.loanPeriod.fill('12');
  await fillApplicantAs(create, KADRI);

  await sendEstonianDataSteps(page, LOCALE, {
    personalCode: KADRI.personalCode,
    background: {
      maritalStatus: 'Married',
      education: 'Master’s degree',
      residence: 'An apartment I own',
      children: 'None',
      adults: 'None',
      citizenship: 'EE',
      employment: 'Retired',
      // Hire purchase is one person's: no co-applicant asked.
      asksCoApplicant: false,
    },
    address: { street: 'Pikk 12', apartment: '4', city: 'Tallinn', postalCode: '10123' },
    // Dividends: income no register confirms, so the bank asks for statements (decision 152).
    financial: { incomes: [{ source: 'DIVIDENDS', amount: '2500' }], obligations: [] },
    bank: {
      iban: KADRI.iban,
      documentType: 'ID_CARD',
      documentNumber: KADRI.documentNumber,
      issued: { day: '3', month: '2', year: '2022' },
      expires: { day: '2', month: '2', year: '2032' },
    },
  });

  await shareStatementsAtTheSandboxBank(page, LOCALE, 'provideBasViaOpenBanking, a shop’s customer (et)');
  await expect(kit.heading('Thank you! We have received your bank statements')).toBeVisible();
  await expect(page.getByText(kit.tx('We will check your application and send our decision by e-mail. The shop will also be told whether the loan is approved.'))).toBeVisible();
  // Back to the shop: its registered return address, named by the shop, nothing else.
  await expect(page.getByRole('link', { name: kit.tx('Return to {shop}').replace('{shop}', 'Elektroonikapood') })).toHaveAttribute('href', RETURN);
  await expectNoA11yViolations(page, 'viewReturnToMerchant (et)');
});
