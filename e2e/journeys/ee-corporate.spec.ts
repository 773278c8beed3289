import { test } from '../support/domain-server';
import { walkCorporateJourney } from '../support/corporate-journey';

// Issue 24: the corporate domain serving Estonia, with the sandbox (Smart-ID answered on its simulator's phone page).
test.use({ serverEnv: { BUSINESS_DOMAIN: 'corporate-banking', COUNTRY_CODE: 'EE' } });
// Decision 213: the tests of one server environment run in order on one worker, which starts that server once, not once per worker.
test.describe.configure({ mode: 'default' });

const REPRESENTATIVE = { firstName: 'Mari', surname: 'Maasikas', personalCode: '38001085718', email: 'mari.maasikas@example.com', phoneCode: '+372', phone: '51234567', languageCode: 'est' };

/** Issue 24: an Estonian bakery leases a delivery van, in Estonian, and signs with Smart-ID. */
test('Estonian car leasing in Estonian: from the first page to the signed contract', async ({ page }) => {
  test.setTimeout(150_000);
  await walkCorporateJourney(page, {
    locale: 'et',
    business: {
      productName: 'CAR_LEASING_BUSINESS',
      amount: '30000',
      period: '48',
      purpose: 'Kaubik pagaritoodete kohaletoimetamiseks',
      company: { registrationCode: '10137319', industryCode: 'C', turnover: '400000', profit: '50000', hasLiabilities: false },
      representative: REPRESENTATIVE,
    },
    leasing: {
      price: '36000',
      priceIncludesVat: true,
      assetYear: { label: 'Year of first registration', value: '2024' },
      leaseType: 'Financial lease: the asset becomes the company’s at the end',
      period: '48',
      downPayment: '20',
      residual: '10',
      vat: 'All at once, with the down payment',
    },
    collaterals: [],
    signWith: 'Smart-ID',
  });
});

/** Issue 24: an Estonian timber company's operating loan, in English, with a vehicle as collateral and a leasing it owes. */
test('Estonian operating loan in English: collateral and liabilities, from the first page to the signed contract', async ({ page }) => {
  test.setTimeout(150_000);
  await walkCorporateJourney(page, {
    locale: 'en',
    business: {
      productName: 'OPERATING_LOAN',
      amount: '80000',
      period: '36',
      purpose: 'Working capital for the logging season',
      company: { registrationCode: '11223344', industryCode: 'A', turnover: '900000', profit: '120000', hasLiabilities: true },
      representative: { ...REPRESENTATIVE, firstName: 'Jaan', surname: 'Tamm', personalCode: '38501010002', email: 'jaan.tamm@example.com', phone: '52345678', languageCode: 'rus' },
    },
    collaterals: [{ type: 'VEHICLES', marketValue: '45000' }],
    liabilities: [{ type: 'BUSINESS_LEASING', creditor: 'Example Liising AS', amount: '12000', monthlyPayment: '600', endDate: { day: '30', month: '6', year: '2028' } }],
    signWith: 'Smart-ID',
  });
});
