/**
 * Decision 182: the leasing step's rules by product, country and day, as the server reads them
 * (`payloadSchema` with the context it builds: the company's country, the server's clock).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from '../../../core/contract/step-contract';
import type { CountryCode } from '../../../core/domain/business-domains';
import { leaseTypesOf, priceWithAndWithoutVat, vatFactorOf } from '../../../core/validation/corporate/leasing';
import contract from '../../../src/steps/submitLeasingData/contract';
import { TODAY } from '../support';

const VALID = { price: 30000, priceIncludesVat: false, assetYear: 2020, leaseType: 'FINANCIAL_LEASE', period: 60, paymentMode: 'percent', downPayment: 10, residual: 20, vatPaymentMethod: 'WITH_DOWN_PAYMENT' };

function problems(productName: string, country: CountryCode | undefined, values: Record<string, unknown>): Record<string, string[]> {
  const context: ContractContext = { domain: 'corporate-banking', productName, today: TODAY, ...(country ? { country } : {}) };
  const result = v.safeParse(contract.payloadSchema(context), { applicationUpdates: { leasing: { ...VALID, ...values } } });
  const out: Record<string, string[]> = {};
  for (const issue of result.issues ?? []) (out[v.getDotPath(issue)?.replace('applicationUpdates.leasing.', '') ?? ''] ??= []).push(issue.message);
  return out;
}

describe('the VAT factor (section 9)', () => {
  it('is 1.24 in Estonia and 1.21 in Latvia and Lithuania', () => {
    expect([vatFactorOf('EE'), vatFactorOf('LV'), vatFactorOf('LT')]).toEqual([1.24, 1.21, 1.21]);
    expect(priceWithAndWithoutVat(10000, false, 'EE')).toEqual({ withoutVat: 10000, withVat: 12400 });
    expect(priceWithAndWithoutVat(12100, true, 'LT')).toEqual({ withoutVat: 10000, withVat: 12100 });
    expect(priceWithAndWithoutVat(10000, true, 'EE')).toEqual({ withoutVat: 8064.52, withVat: 10000 });
  });
});

describe('the leasing step by product, country and day (decision 182)', () => {
  it('takes the price bounds of the product in the company’s country (Estonia when none is known)', () => {
    expect(problems('CAR_LEASING_BUSINESS', 'LV', { price: 60000 })).toEqual({});
    expect(problems('CAR_LEASING_BUSINESS', 'LV', { price: 60000.01 })).toEqual({ price: ['validation.messages.leasePriceOutOfRange?minEur=4000&maxEur=60000'] });
    expect(problems('GREEN_LEASING_BUSINESS', 'LT', { price: 100000 })).toEqual({});
    expect(problems('GREEN_LEASING_BUSINESS', undefined, { price: 70000.01 })).toEqual({ price: ['validation.messages.leasePriceOutOfRange?minEur=4000&maxEur=70000'] });
    expect(problems('EQUIPMENT_LEASING_BUSINESS', 'EE', { price: 2000 })).toEqual({});
    expect(problems('EQUIPMENT_LEASING_BUSINESS', 'EE', { price: 1999.99 })).toEqual({ price: ['validation.messages.leasePriceOutOfRange?minEur=2000&maxEur=350000'] });
  });

  it('offers an operating lease for car and green leasing only, and caps it at 72 months', () => {
    expect(leaseTypesOf('CAR_LEASING_BUSINESS')).toEqual(['FINANCIAL_LEASE', 'OPERATING_LEASE']);
    expect(leaseTypesOf('GREEN_LEASING_BUSINESS')).toEqual(['FINANCIAL_LEASE', 'OPERATING_LEASE']);
    expect(problems('EQUIPMENT_LEASING_BUSINESS', 'EE', { leaseType: 'OPERATING_LEASE' })).toEqual({ leaseType: ['validation.messages.choiceInvalid'] });
    expect(problems('CAR_LEASING_BUSINESS', 'EE', { leaseType: 'OPERATING_LEASE', period: 72 })).toEqual({});
    expect(problems('CAR_LEASING_BUSINESS', 'EE', { leaseType: 'OPERATING_LEASE', period: 73 })).toEqual({ period: ['validation.messages.leasingPeriodOutOfRange?min=6&max=72'] });
    expect(problems('CAR_LEASING_BUSINESS', 'EE', { leaseType: 'FINANCIAL_LEASE', period: 84 })).toEqual({});
    expect(problems('CAR_LEASING_BUSINESS', 'EE', { period: 85 })).toEqual({ period: ['validation.messages.leasingPeriodOutOfRange?min=6&max=84'] });
  });

  it('reads the year range from the context’s today (decision 180): 15 years back to next year', () => {
    expect(problems('CAR_LEASING_BUSINESS', 'EE', { assetYear: 2010 })).toEqual({});
    expect(problems('CAR_LEASING_BUSINESS', 'EE', { assetYear: 2009 })).toEqual({ assetYear: ['validation.messages.registrationYearOutOfRange?min=2010&max=2026'] });
    expect(problems('EQUIPMENT_LEASING_BUSINESS', 'EE', { assetYear: 2027 })).toEqual({ assetYear: ['validation.messages.productionYearOutOfRange?min=2010&max=2026'] });
  });

  it('bounds the amounts by the price without VAT, and reports their sum above it on the residual', () => {
    // 12 400 with Estonian VAT is 10 000 without it: at most 9 000 down and 6 500 residual, 10 000 together.
    const amounts = { price: 12400, priceIncludesVat: true, paymentMode: 'amount' };
    expect(problems('CAR_LEASING_BUSINESS', 'EE', { ...amounts, downPayment: 9000, residual: 1000 })).toEqual({});
    expect(problems('CAR_LEASING_BUSINESS', 'EE', { ...amounts, downPayment: 9000.01, residual: 0 })).toEqual({ downPayment: ['validation.messages.downPaymentOutOfRange?minEur=0&maxEur=9000'] });
    expect(problems('CAR_LEASING_BUSINESS', 'EE', { ...amounts, downPayment: 0, residual: 6500.01 })).toEqual({ residual: ['validation.messages.residualOutOfRange?minEur=0&maxEur=6500'] });
    expect(problems('CAR_LEASING_BUSINESS', 'EE', { ...amounts, downPayment: 4000, residual: 6000.01 })).toEqual({ residual: ['validation.messages.downPaymentAndResidualTooHigh'] });
    expect(problems('CAR_LEASING_BUSINESS', 'EE', { downPayment: 35, residual: 65 })).toEqual({});
    expect(problems('CAR_LEASING_BUSINESS', 'EE', { downPayment: 35.01, residual: 65 })).toEqual({ residual: ['validation.messages.downPaymentAndResidualTooHigh'] });
    expect(problems('CAR_LEASING_BUSINESS', 'EE', { downPayment: 90.01, residual: 0 })).toEqual({ downPayment: ['validation.messages.downPaymentPercentOutOfRange?min=0&max=90'] });
  });
});
