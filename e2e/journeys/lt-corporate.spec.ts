import { test } from '../support/domain-server';
import { walkCorporateJourney } from '../support/corporate-journey';
import { expectNoHorizontalScroll } from '../support/reflow';

// Issue 24: the corporate domain serving Lithuania, green leasing behind its flag (section 6), Mobile-ID
// answered on its simulator's phone page. Lithuania has one language: the representative's is not asked.
test.use({ serverEnv: { BUSINESS_DOMAIN: 'corporate-banking', COUNTRY_CODE: 'LT', FEATURE_FLAGS: 'greenLeasing' } });
// Decision 213: the tests of one server environment run in order on one worker, which starts that server once, not once per worker.
test.describe.configure({ mode: 'default' });

// 48812120001: the population register simulator's living Rūta Kazlauskienė (docs/providers/population-register.md).
const REPRESENTATIVE = { firstName: 'Rūta', surname: 'Kazlauskienė', personalCode: '48812120001', email: 'ruta.kazlauskiene@example.com', phoneCode: '+370', phone: '61234567' };

/**
 * Issue 24: a Vilnius bakery leases solar panels with green leasing, in Lithuanian, on a phone 320 px
 * wide: no step scrolls sideways (WCAG 1.4.10, as e2e/journeys/narrow-screen.spec.ts for retail).
 */
test.describe('on a phone', () => {
  test.use({ viewport: { width: 320, height: 720 } });
  test('Lithuanian green leasing in Lithuanian at 320 px: from the first page to the signed contract, nothing scrolls sideways', async ({ page }) => {
    test.setTimeout(150_000);
    await walkCorporateJourney(page, {
      locale: 'lt',
      business: {
        productName: 'GREEN_LEASING_BUSINESS',
        amount: '25000',
        period: '60',
        purpose: 'Saulės elektrinė ant kepyklos stogo',
        company: { registrationCode: '300111111', industryCode: 'C', turnover: '500000', profit: '60000', hasLiabilities: false },
        representative: REPRESENTATIVE,
      },
      leasing: {
        price: '30000',
        priceIncludesVat: true,
        assetYear: { label: 'Year of production', value: '2025' },
        leaseType: 'Financial lease: the asset becomes the company’s at the end',
        period: '60',
        downPayment: '10',
        residual: '5',
        vat: 'All at once, with the down payment',
      },
      collaterals: [],
      signWith: 'Mobile-ID',
      onEachStep: (label) => expectNoHorizontalScroll(page, `${label} (lt, 320 px)`),
    });
  });
});

/** Issue 24: a Kaunas transport company's small business loan, in English, with a guarantee it has given. */
test('Lithuanian small business loan in English: from the first page to the signed contract', async ({ page }) => {
  test.setTimeout(150_000);
  await walkCorporateJourney(page, {
    locale: 'en',
    business: {
      productName: 'SMALL_LOAN_BUSINESS',
      amount: '20000',
      period: '36',
      purpose: 'A second-hand truck trailer',
      company: { registrationCode: '302222222', industryCode: 'H', turnover: '800000', profit: '90000', hasLiabilities: true },
      representative: { ...REPRESENTATIVE, firstName: 'Tomas', surname: 'Petrauskas', personalCode: '38703181745', email: 'tomas.petrauskas@example.com', phone: '62345678' },
    },
    collaterals: [{ type: 'VEHICLES', marketValue: '30000' }],
    liabilities: [{ type: 'GUARANTEE', creditor: 'UAB Pavyzdys', amount: '15000', endDate: { day: '1', month: '3', year: '2028' } }],
    signWith: 'Mobile-ID',
  });
});
