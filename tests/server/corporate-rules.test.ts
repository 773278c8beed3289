/**
 * The decision engine's corporate rules (issue 24; docs/decisions/184-corporate-processes.md), each
 * on its own, the leasing's amount financed and its residual paid with the last payment, and the
 * company's contract (the company, and the representative who signs for it).
 */
import { describe, expect, it } from 'vitest';
import type { ProductData } from '../../core/domain/product-data';
import type { ProductName } from '../../core/domain/products';
import { LOCALES } from '../../core/domain/languages';
import { calculateLoanFigures, repaymentSchedule, roundMoney } from '../../core/domain/pricing';
import { formatEur } from '../../core/validation/format/money';
import {
  DSCR_APPROVAL_LIMIT,
  DSCR_REVIEW_LIMIT,
  LTV_APPROVAL_LIMIT,
  LTV_REVIEW_LIMIT,
  corporateOfferOf,
  creditYearlyCost,
  debtServiceCoverage,
  decideCorporate,
  leasingTermsOf,
  liabilitiesYearlyPayments,
  loanToValue,
  registerProblem,
  vatFactorOf,
  type CompanyFacts,
  type CorporateDecisionInput,
  type LeasingData,
} from '../../server/decisions/corporate-rules';
import { companyFactsOf, leasingDataOf } from '../../server/decisions/decision.service';
import { renderContractPdf, type CreditFigures } from '../../server/contracts/document-pdf';
import { BUSINESS_DOCUMENT_TEXTS } from '../../server/contracts/business-document-texts';
import { DOCUMENT_TEXTS } from '../../server/contracts/document-texts';
import { pdfShows, pdfTextLines } from '../support/pdf-text';
import { productTableOf } from '../support/product-data';

const PRODUCTS = productTableOf('corporate-banking');
const product = (name: ProductName): ProductData => {
  const data = PRODUCTS[name];
  if (!data) throw new Error(`no ${name}`);
  return data;
};

const HEALTHY: CompanyFacts = { registerStatus: 'ACTIVE', expectedProfit: 60000, expectedTurnover: 400000, collaterals: [], liabilities: [] };

function input(overrides: Partial<CorporateDecisionInput> = {}, company: Partial<CompanyFacts> = {}): CorporateDecisionInput {
  return { product: product('OPERATING_LOAN'), country: 'EE', amount: 50000, period: 60, company: { ...HEALTHY, ...company }, ...overrides };
}

const CAR: LeasingData = { leaseType: 'FINANCIAL_LEASE', price: 30000, priceIncludesVat: false, period: 60, paymentMode: 'percent', downPayment: 10, residual: 20, vatPaymentMethod: 'IN_INSTALMENTS' };

describe('rule 1: the business register', () => {
  it('lends to an active company only; one in liquidation is refused, one the register did not answer for is a person’s', () => {
    expect(registerProblem({ registerStatus: 'ACTIVE' })).toBeUndefined();
    expect(registerProblem({ registerStatus: 'active' })).toBeUndefined();
    expect(registerProblem({ registerStatus: 'IN_LIQUIDATION' })).toBe('COMPANY_NOT_ACTIVE');
    expect(registerProblem({ registerStatus: 'DELETED' })).toBe('COMPANY_NOT_ACTIVE');
    expect(registerProblem({ registerStatus: null })).toBe('COMPANY_STATUS_UNKNOWN');
    expect(decideCorporate(input({}, { registerStatus: 'IN_LIQUIDATION' }))).toMatchObject({ outcome: 'NEGATIVE_INITIAL', reasons: ['COMPANY_NOT_ACTIVE'], offer: null });
    expect(decideCorporate(input({}, { registerStatus: null }))).toMatchObject({ outcome: 'UNDECIDED', reasons: ['COMPANY_STATUS_UNKNOWN'] });
  });
});

describe('rule 2: a leasing’s terms', () => {
  it('refuses a leasing without its terms, and a price outside the country’s leasing bounds (section 9)', () => {
    expect(decideCorporate(input({ product: product('CAR_LEASING_BUSINESS') }))).toMatchObject({ outcome: 'NEGATIVE_INITIAL', reasons: ['LEASING_TERMS_MISSING'] });
    // 65 000 € is within Lithuania's 100 000 € and Estonia's 70 000 €, above Latvia's 60 000 €.
    const dear = { ...CAR, price: 65000 };
    expect(decideCorporate(input({ product: product('CAR_LEASING_BUSINESS'), country: 'LV', leasing: dear })).reasons).toEqual(['LEASE_PRICE_OUT_OF_BOUNDS']);
    expect(decideCorporate(input({ product: product('CAR_LEASING_BUSINESS'), country: 'EE', leasing: dear })).outcome).toBe('POSITIVE');
    expect(decideCorporate(input({ product: product('EQUIPMENT_LEASING_BUSINESS'), leasing: { ...CAR, price: 1500 } })).reasons).toEqual(['LEASE_PRICE_OUT_OF_BOUNDS']);
  });
});

describe('rule 3: the profit', () => {
  it('leaves an unknown profit or one above the turnover to a person', () => {
    expect(decideCorporate(input({}, { expectedProfit: null })).reasons).toEqual(['PROFIT_UNKNOWN']);
    expect(decideCorporate(input({}, { expectedProfit: 500000, expectedTurnover: 400000 }))).toMatchObject({ outcome: 'UNDECIDED', reasons: ['PROFIT_ABOVE_TURNOVER'] });
  });
});

describe('rule 4: a mortgage or land loan against its collaterals', () => {
  const premises = (marketValue: number) => ({ type: 'PREMISES', marketValue });
  const land = (marketValue: number) => ({ type: 'LAND', marketValue });

  it('counts real estate for a mortgage loan and land for a land loan', () => {
    expect(loanToValue('MORTGAGE_LOAN', 50000, [premises(60000), land(40000), { type: 'VEHICLES', marketValue: 90000 }])).toBe(0.5);
    expect(loanToValue('LAND_LOAN', 50000, [premises(60000), land(40000)])).toBe(1.25);
    expect(loanToValue('LAND_LOAN', 50000, [premises(60000)])).toBe(Infinity);
    expect(loanToValue('OPERATING_LOAN', 50000, [])).toBeNull();
  });

  it('approves up to 70 %, leaves up to 90 % to a person, refuses above it or with nothing to secure it', () => {
    const mortgage = (collaterals: CompanyFacts['collaterals']) => decideCorporate(input({ product: product('MORTGAGE_LOAN') }, { collaterals }));
    expect(mortgage([premises(50000 / LTV_APPROVAL_LIMIT)])).toMatchObject({ outcome: 'POSITIVE', loanToValue: 0.7 });
    expect(mortgage([premises(60000)])).toMatchObject({ outcome: 'UNDECIDED', reasons: ['LTV_ABOVE_APPROVAL_LIMIT'] });
    expect(mortgage([premises(50000 / LTV_REVIEW_LIMIT)]).outcome).toBe('UNDECIDED');
    expect(mortgage([premises(50000)])).toMatchObject({ outcome: 'NEGATIVE_INITIAL', reasons: ['LTV_ABOVE_REVIEW_LIMIT'] });
    expect(mortgage([])).toMatchObject({ outcome: 'NEGATIVE_INITIAL', reasons: ['NO_COLLATERAL'], loanToValue: null });
  });
});

describe('rule 5: debt service coverage', () => {
  it('counts the liabilities the company pays monthly, a guarantee or surety not', () => {
    expect(
      liabilitiesYearlyPayments([
        { type: 'BUSINESS_LOAN', declaredAmount: 20000, declaredMonthlyPayment: 500 },
        { type: 'BUSINESS_LEASING', declaredAmount: 9000, declaredMonthlyPayment: 250 },
        { type: 'GUARANTEE', declaredAmount: 5000, declaredMonthlyPayment: 100 },
        { type: 'BUSINESS_SURETY', declaredAmount: 5000, declaredMonthlyPayment: null },
      ]),
    ).toBe(9000);
    expect(debtServiceCoverage(30000, 20000)).toBe(1.5);
    expect(debtServiceCoverage(30000, 0)).toBeNull();
  });

  it('approves from 1.25, leaves 1.0 to 1.25 to a person, refuses below 1.0', () => {
    const yearly = creditYearlyCost(corporateOfferOf(input()));
    // 50 000 € over 60 months at 15.9 % and 1.5 € a month: 1 214.45 € a month.
    expect(yearly).toBe(roundMoney(corporateOfferOf(input()).monthlyPayment * 12));
    const withProfit = (expectedProfit: number) => decideCorporate(input({}, { expectedProfit }));
    expect(withProfit(Math.ceil(yearly * DSCR_APPROVAL_LIMIT)).outcome).toBe('POSITIVE');
    expect(withProfit(Math.floor(yearly * DSCR_APPROVAL_LIMIT) - 1)).toMatchObject({ outcome: 'UNDECIDED', reasons: ['DSCR_BELOW_APPROVAL_LIMIT'] });
    expect(withProfit(Math.floor(yearly * DSCR_REVIEW_LIMIT) - 1)).toMatchObject({ outcome: 'NEGATIVE_INITIAL', reasons: ['DSCR_BELOW_REVIEW_LIMIT'] });
    // The declared liabilities' payments count too.
    const burdened = decideCorporate(input({}, { expectedProfit: Math.ceil(yearly * DSCR_APPROVAL_LIMIT), liabilities: [{ type: 'BUSINESS_LOAN', declaredAmount: 4000, declaredMonthlyPayment: 100 }] }));
    expect(burdened.reasons).toEqual(['DSCR_BELOW_APPROVAL_LIMIT']);
  });
});

describe('rule 6: the turnover', () => {
  it('leaves a credit above the yearly turnover to a person', () => {
    expect(decideCorporate(input({ amount: 500000, period: 240 }, { expectedProfit: 200000, expectedTurnover: 450000 }))).toMatchObject({ outcome: 'UNDECIDED', reasons: ['AMOUNT_ABOVE_TURNOVER'] });
  });
});

describe('rule 7: positive, offered as applied for at corporate pricing', () => {
  it('offers a loan’s amount and period at 15.9 %, 1.5 € a month and no other fee', () => {
    const decided = decideCorporate(input());
    expect(decided).toMatchObject({ outcome: 'POSITIVE', reasons: [], offer: { productName: 'OPERATING_LOAN', amount: 50000, period: 60, interestRate: 15.9, monthlyFee: 1.5, contractConclusionFee: 0 } });
    expect(decided.offer?.residual).toBeUndefined();
  });
});

describe('a leasing’s amount financed (decision 184)', () => {
  it('adds the country’s VAT to a price typed without it when the VAT is financed, and takes the down payment off', () => {
    expect(vatFactorOf('EE')).toBe(1.24);
    expect(vatFactorOf('LV')).toBe(1.21);
    expect(leasingTermsOf(CAR, 'EE')).toEqual({
      leaseType: 'FINANCIAL_LEASE',
      price: 30000,
      priceIncludesVat: false,
      vatFinanced: true,
      financedPrice: 37200,
      downPayment: 3720,
      residual: 7440,
      financedAmount: 33480,
    });
    // VAT paid with the down payment is not financed; a price typed with VAT is taken as it is.
    expect(leasingTermsOf({ ...CAR, vatPaymentMethod: 'WITH_DOWN_PAYMENT' }, 'EE')).toMatchObject({ financedPrice: 30000, financedAmount: 27000 });
    expect(leasingTermsOf({ ...CAR, priceIncludesVat: true }, 'LT')).toMatchObject({ financedPrice: 30000, financedAmount: 27000 });
    // Payments in euros.
    expect(leasingTermsOf({ ...CAR, paymentMode: 'amount', downPayment: 5000, residual: 6000 }, 'LV')).toMatchObject({ financedPrice: 36300, downPayment: 5000, residual: 6000, financedAmount: 31300 });
  });

  it('offers the amount financed with the residual paid with the last payment', () => {
    const offer = corporateOfferOf(input({ product: product('CAR_LEASING_BUSINESS'), leasing: CAR }));
    expect(offer).toMatchObject({ amount: 33480, period: 60, residual: 7440, leasing: { financedPrice: 37200, downPayment: 3720, residual: 7440 } });
    const schedule = repaymentSchedule({ amount: 33480, periodMonths: 60, annualInterestRate: 15.9, method: 'annuity', monthlyFee: 1.5, residual: 7440 });
    expect(schedule).toHaveLength(60);
    expect(offer.monthlyPayment).toBe(schedule[0]);
    // The last payment is the regular one and the residual (to the cent: the balance left).
    expect(Math.abs(schedule[59]! - (schedule[0]! + 7440))).toBeLessThan(1);
    // Lower than without a residual; the total repaid is every payment.
    const full = calculateLoanFigures({ amount: 33480, periodMonths: 60, annualInterestRate: 15.9, method: 'annuity', monthlyFee: 1.5, conclusionFee: 0, conclusionFeeFromAmount: true });
    expect(offer.monthlyPayment).toBeLessThan(full.monthlyPayment);
    expect(offer.totalRepaymentAmount).toBe(roundMoney(schedule.reduce((sum, payment) => sum + payment, 0)));
  });

  it('repays a loan without a residual exactly as before', () => {
    const terms = { amount: 10000, periodMonths: 24, annualInterestRate: 12, method: 'annuity' as const, monthlyFee: 0 };
    expect(repaymentSchedule({ ...terms, residual: 0 })).toEqual(repaymentSchedule(terms));
  });
});

describe('what the rules read from the application', () => {
  it('reads the company as businessData and the corporate financial data store it, and a leasing’s terms', () => {
    const data = {
      company: {
        registerStatus: 'ACTIVE',
        expectedProfit: 1000,
        expectedTurnover: 5000,
        collaterals: [{ asset: { type: 'LAND', marketValue: 40000, address: { countryCode: 'EE' } }, additionalInfoText: 'x' }],
        liabilities: [{ type: 'GUARANTEE', creditor: 'Bank', declaredAmount: 100, endDate: '2027-01-01' }],
      },
      leasing: { ...CAR, assetYear: 2024 },
    };
    expect(companyFactsOf(data)).toEqual({
      registerStatus: 'ACTIVE',
      expectedProfit: 1000,
      expectedTurnover: 5000,
      collaterals: [{ type: 'LAND', marketValue: 40000 }],
      liabilities: [{ type: 'GUARANTEE', declaredAmount: 100, declaredMonthlyPayment: null }],
    });
    expect(leasingDataOf(data)).toEqual(CAR);
    expect(companyFactsOf({})).toEqual({ registerStatus: null, expectedProfit: null, expectedTurnover: null, collaterals: [], liabilities: [] });
    expect(leasingDataOf({})).toBeUndefined();
  });
});

describe('the company’s contract (decision 184)', () => {
  const figures: CreditFigures = {
    productName: 'CAR_LEASING_BUSINESS',
    amount: 33480,
    period: 60,
    interestRate: 15.9,
    annualPercentageRate: 17.4,
    contractConclusionFee: 0,
    monthlyFee: 1.5,
    monthlyPayment: 718.27,
    totalRepaymentAmount: 50000,
    totalAmountTransferredToAccount: 33480,
    paymentDay: 15,
    firstPaymentDate: '2026-12-15',
    lastPaymentDate: '2031-11-15',
  };

  it.each(LOCALES)('in %s names the company with its registration code and the representative who signs for it, and a leasing’s terms', async (locale) => {
    const pdf = await renderContractPdf(
      {
        locale,
        country: 'EE',
        reference: '3F2A-9C1B',
        drawnUpOn: '2026-11-26',
        expectedSigningDate: '2026-11-26',
        borrower: { name: 'Mari Maasikas', personalCode: '38001085718' },
        coBorrower: null,
        figures,
        business: {
          company: { name: 'Kohvik Päike OÜ', registrationCode: '12345678' },
          leasing: { leaseType: 'FINANCIAL_LEASE', price: 30000, priceIncludesVat: false, vatFinanced: true, financedPrice: 37200, downPayment: 3720, residual: 7440 },
        },
      },
      { compress: false },
    );
    const words = BUSINESS_DOCUMENT_TEXTS[locale];
    for (const shown of [
      words.leasingContractTitle,
      'Kohvik Päike OÜ',
      '12345678',
      words.representative,
      'Mari Maasikas',
      '38001085718',
      words.productNames.CAR_LEASING_BUSINESS!,
      formatEur(37200, locale),
      formatEur(3720, locale),
      formatEur(7440, locale),
      formatEur(33480, locale),
    ]) {
      expect(pdfShows(pdf, shown), `${locale}: ${shown}\n${pdfTextLines(pdf).filter((line) => !line.includes('\uFFFD')).join('\n')}`).toBe(true);
    }
    // A company has no consumer's right of withdrawal.
    expect(pdfShows(pdf, DOCUMENT_TEXTS[locale].withdrawal.slice(0, 30))).toBe(false);
  });
});
