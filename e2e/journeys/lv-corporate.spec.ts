import { test } from '../support/domain-server';
import { walkCorporateJourney } from '../support/corporate-journey';

// Issue 24: the corporate domain serving Latvia (Smart-ID answered on its simulator's phone page).
test.use({ serverEnv: { BUSINESS_DOMAIN: 'corporate-banking', COUNTRY_CODE: 'LV' } });
// Decision 213: the tests of one server environment run in order on one worker, which starts that server once, not once per worker.
test.describe.configure({ mode: 'default' });

// 010185-10004: the population register simulator's living Jānis Bērziņš (docs/providers/population-register.md).
const REPRESENTATIVE = { firstName: 'Jānis', surname: 'Bērziņš', personalCode: '010185-10004', email: 'janis.berzins@example.com', phoneCode: '+371', phone: '21234567' };

/** Issue 24: a Riga bakery leases an oven, in Latvian: equipment has the financial lease only. */
test('Latvian equipment leasing in Latvian: from the first page to the signed contract', async ({ page }) => {
  test.setTimeout(150_000);
  await walkCorporateJourney(page, {
    locale: 'lv',
    business: {
      productName: 'EQUIPMENT_LEASING_BUSINESS',
      amount: '40000',
      period: '60',
      purpose: 'Jauna maizes krāsns ražotnei',
      company: { registrationCode: '40103111111', industryCode: 'C', turnover: '600000', profit: '70000', hasLiabilities: false },
      representative: { ...REPRESENTATIVE, languageCode: 'lav' },
    },
    leasing: {
      price: '48000',
      priceIncludesVat: false,
      assetYear: { label: 'Year of production', value: '2025' },
      period: '60',
      downPayment: '15',
      residual: '10',
      vat: 'Spread over the monthly payments',
    },
    collaterals: [{ type: 'EQUIPMENT_AND_MACHINERY' }],
    signWith: 'Smart-ID',
  });
});

/** Issue 24: a logistics company's mortgage loan, in Russian, secured by its warehouse (premises, with its address) and with a loan it owes. */
test('Latvian mortgage loan in Russian with premises as collateral: from the first page to the signed contract', async ({ page }) => {
  test.setTimeout(150_000);
  await walkCorporateJourney(page, {
    locale: 'ru',
    business: {
      productName: 'MORTGAGE_LOAN',
      amount: '250000',
      period: '120',
      purpose: 'Покупка склада в Риге',
      company: { registrationCode: '40003222222', industryCode: 'H', turnover: '2000000', profit: '300000', hasLiabilities: true },
      representative: { ...REPRESENTATIVE, languageCode: 'rus' },
    },
    collaterals: [{ type: 'PREMISES', marketValue: '400000', address: { street: 'Krasta iela 52', city: 'Rīga' } }],
    liabilities: [{ type: 'BUSINESS_LOAN', creditor: 'Example Banka AS', amount: '50000', monthlyPayment: '1500', endDate: { day: '31', month: '12', year: '2029' } }],
    signWith: 'Smart-ID',
  });
});
