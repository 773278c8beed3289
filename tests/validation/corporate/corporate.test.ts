import { describe, expect, it } from 'vitest';
import {
  assetYearLabel,
  assetYearSchema,
  downPaymentSchema,
  leasePriceBounds,
  leasePriceSchema,
  leasingPaymentsSchema,
  leasingPeriodBounds,
  leasingPeriodSchema,
  residualSchema,
} from '../../../core/validation/corporate/leasing';
import {
  expectedProfitSchema,
  expectedTurnoverSchema,
  marketValueSchema,
  monthlySumSchema,
  remainingSumSchema,
} from '../../../core/validation/corporate/financials';
import {
  SURETY_ASSET_NAME,
  canAddCollateral,
  collateralAssetName,
  collateralFields,
  collateralFieldsOf,
  collateralTypeOptions,
  collateralsSchema,
} from '../../../core/validation/corporate/collaterals';
import { corporateProductOptions, countryOptionsForUserGroups, CORPORATE_PRODUCTS, COUNTRY_USER_GROUPS } from '../../../core/validation/corporate/options';
import {
  collateralTypeSchema,
  hasLiabilitiesSchema,
  leaseTypeSchema,
  liabilityHasMonthlyPayment,
  liabilityTypeSchema,
  vatPaymentMethodSchema,
} from '../../../core/validation/corporate/selects';
import { MESSAGES } from '../../../core/validation/messages';
import { TODAY, firstMessage, firstPath, output } from '../support';

describe('lease price (section 5 and 9)', () => {
  it('bounds per product and country', () => {
    expect(leasePriceBounds('CAR_LEASING_BUSINESS', 'EE')).toEqual({ min: 4000, max: 70000 });
    expect(leasePriceBounds('GREEN_LEASING_BUSINESS', 'LT')).toEqual({ min: 4000, max: 100000 });
    expect(leasePriceBounds('CAR_LEASING_BUSINESS', 'LV')).toEqual({ min: 4000, max: 60000 });
    expect(leasePriceBounds('EQUIPMENT_LEASING_BUSINESS', 'LV')).toEqual({ min: 2000, max: 350000 });
  });
  it('required, within min and max', () => {
    const schema = leasePriceSchema(leasePriceBounds('CAR_LEASING_BUSINESS', 'EE'));
    expect(firstMessage(schema, '')).toBe(MESSAGES.required);
    expect(firstMessage(schema, 3999.99)).toBe(MESSAGES.leasePriceOutOfRange);
    expect(firstMessage(schema, 4000)).toBeUndefined();
    expect(firstMessage(schema, '70 000')).toBeUndefined();
    expect(firstMessage(schema, 70000.01)).toBe(MESSAGES.leasePriceOutOfRange);
  });
});

describe('leasing period (section 5 and 9)', () => {
  it('6 to 84 months, 72 for an operating lease; numeric and whole', () => {
    const financial = leasingPeriodSchema(leasingPeriodBounds('FINANCIAL_LEASE'));
    const operating = leasingPeriodSchema(leasingPeriodBounds('OPERATING_LEASE'));
    expect(firstMessage(financial, '')).toBe(MESSAGES.required);
    expect(firstMessage(financial, 5)).toBe(MESSAGES.leasingPeriodOutOfRange);
    expect(firstMessage(financial, 6)).toBeUndefined();
    expect(firstMessage(financial, '84')).toBeUndefined();
    expect(firstMessage(financial, 85)).toBe(MESSAGES.leasingPeriodOutOfRange);
    expect(firstMessage(operating, 72)).toBeUndefined();
    expect(firstMessage(operating, 73)).toBe(MESSAGES.leasingPeriodOutOfRange);
    expect(firstMessage(financial, 'twelve')).toBe(MESSAGES.numberInvalid);
    expect(firstMessage(financial, '12,5')).toBe(MESSAGES.integer);
  });
});

describe('production or registration year (section 5)', () => {
  it('wording per product', () => {
    expect(assetYearLabel('CAR_LEASING_BUSINESS')).toBe('registrationYear');
    expect(assetYearLabel('EQUIPMENT_LEASING_BUSINESS')).toBe('productionYear');
  });
  it('trimmed, numeric, from current year minus 15 to next year', () => {
    const car = assetYearSchema('CAR_LEASING_BUSINESS', { today: TODAY });
    const equipment = assetYearSchema('EQUIPMENT_LEASING_BUSINESS', { today: TODAY });
    expect(firstMessage(car, ' ')).toBe(MESSAGES.required);
    expect(output(car, ' 2010 ')).toBe(2010);
    expect(firstMessage(car, '2009')).toBe(MESSAGES.registrationYearOutOfRange);
    expect(firstMessage(car, 2026)).toBeUndefined();
    expect(firstMessage(car, 2027)).toBe(MESSAGES.registrationYearOutOfRange);
    expect(firstMessage(equipment, 2009)).toBe(MESSAGES.productionYearOutOfRange);
    expect(firstMessage(equipment, '20x0')).toBe(MESSAGES.numberInvalid);
  });
});

describe('down payment and residual (section 5 and 9)', () => {
  it('percentage bounds: down payment 0 to 90, residual 0 to 65', () => {
    expect(firstMessage(downPaymentSchema({ price: 10000, mode: 'percent' }), 90)).toBeUndefined();
    expect(firstMessage(downPaymentSchema({ price: 10000, mode: 'percent' }), 90.01)).toBe(MESSAGES.downPaymentPercentOutOfRange);
    expect(firstMessage(residualSchema({ price: 10000, mode: 'percent' }), 65)).toBeUndefined();
    expect(firstMessage(residualSchema({ price: 10000, mode: 'percent' }), 65.01)).toBe(MESSAGES.residualPercentOutOfRange);
    expect(firstMessage(residualSchema({ price: 10000, mode: 'percent' }), '')).toBe(MESSAGES.required);
  });
  it('amount bounds computed from the price', () => {
    expect(firstMessage(downPaymentSchema({ price: 10000, mode: 'amount' }), 9000)).toBeUndefined();
    expect(firstMessage(downPaymentSchema({ price: 10000, mode: 'amount' }), 9000.01)).toBe(MESSAGES.downPaymentOutOfRange);
    expect(firstMessage(residualSchema({ price: 10000, mode: 'amount' }), 6500)).toBeUndefined();
    expect(firstMessage(residualSchema({ price: 10000, mode: 'amount' }), 6500.01)).toBe(MESSAGES.residualOutOfRange);
  });
  it('their sum must not exceed the total', () => {
    const percent = leasingPaymentsSchema({ price: 10000, mode: 'percent' });
    expect(firstMessage(percent, { downPayment: 50, residual: 50 })).toBeUndefined();
    expect(firstMessage(percent, { downPayment: 50, residual: 50.01 })).toBe(MESSAGES.downPaymentAndResidualTooHigh);
    expect(firstPath(percent, { downPayment: 50, residual: 60 })).toBe('residual');
    const amount = leasingPaymentsSchema({ price: 10000, mode: 'amount' });
    expect(firstMessage(amount, { downPayment: 5000, residual: 5000 })).toBeUndefined();
    expect(firstMessage(amount, { downPayment: 5000, residual: 5000.01 })).toBe(MESSAGES.downPaymentAndResidualTooHigh);
  });
});

describe('financial figures (section 5)', () => {
  it('expected profit and turnover: minimum 1', () => {
    for (const schema of [expectedProfitSchema(), expectedTurnoverSchema()]) {
      expect(firstMessage(schema, 0.99)).toBe(MESSAGES.moneyBelowMinimum);
      expect(firstMessage(schema, 1)).toBeUndefined();
      expect(firstMessage(schema, '')).toBe(MESSAGES.required);
    }
  });
  it('market value and remaining sum: required', () => {
    expect(firstMessage(marketValueSchema(), '')).toBe(MESSAGES.required);
    expect(firstMessage(remainingSumSchema(), undefined)).toBe(MESSAGES.required);
    expect(firstMessage(remainingSumSchema(), 0)).toBeUndefined();
  });
  it('monthly sum: required, max 999999', () => {
    expect(firstMessage(monthlySumSchema(), '')).toBe(MESSAGES.required);
    expect(firstMessage(monthlySumSchema(), 999999)).toBeUndefined();
    expect(firstMessage(monthlySumSchema(), 999999.01)).toBe(MESSAGES.monthlySumTooHigh);
  });
});

describe('required selects (section 5, Corporate)', () => {
  it.each([
    ['lease type', leaseTypeSchema(), 'OPERATING_LEASE'],
    ['VAT payment method', vatPaymentMethodSchema(), 'IN_INSTALMENTS'],
    ['liability type', liabilityTypeSchema(), 'BUSINESS_LOAN'],
    ['collateral type', collateralTypeSchema(), 'PREMISES'],
  ])('%s', (_name, schema, valid) => {
    expect(firstMessage(schema, '')).toBe(MESSAGES.required);
    expect(firstMessage(schema, 'OTHER_THING')).toBe(MESSAGES.choiceInvalid);
    expect(firstMessage(schema, valid)).toBeUndefined();
  });
  it('has-liabilities yes/no required', () => {
    expect(firstMessage(hasLiabilitiesSchema(), undefined)).toBe(MESSAGES.required);
    expect(firstMessage(hasLiabilitiesSchema(), true)).toBeUndefined();
  });
  it('declared monthly payment removed for guarantee and business surety', () => {
    expect(liabilityHasMonthlyPayment('GUARANTEE')).toBe(false);
    expect(liabilityHasMonthlyPayment('BUSINESS_SURETY')).toBe(false);
    expect(liabilityHasMonthlyPayment('BUSINESS_LOAN')).toBe(true);
  });
});

describe('collaterals (section 5)', () => {
  const premises = { type: 'PREMISES', streetAddress: 'Pärnu mnt 10', administrativeAreaLevel1: 'Tallinn', marketValue: 150000 };
  const vehicle = { type: 'VEHICLES', marketValue: 20000 };

  it('surety removed for Estonia', () => {
    expect(collateralTypeOptions('EE')).not.toContain('SURETY');
    expect(collateralTypeOptions('LV')).toContain('SURETY');
    expect(firstMessage(collateralsSchema('EE'), [{ type: 'SURETY' }])).toBe(MESSAGES.choiceInvalid);
    expect(firstMessage(collateralsSchema('LT'), [{ type: 'SURETY' }])).toBeUndefined();
  });

  it('which fields apply to which type', () => {
    expect(collateralFields('PREMISES')).toEqual({ address: true, marketValue: true });
    expect(collateralFields('LAND')).toEqual({ address: true, marketValue: true });
    expect(collateralFields('VEHICLES')).toEqual({ address: false, marketValue: true });
    expect(collateralFields('SURETY')).toEqual({ address: false, marketValue: false });
    expect(firstPath(collateralsSchema('EE'), [{ ...premises, streetAddress: '' }])).toBe('0.streetAddress');
    expect(firstPath(collateralsSchema('EE'), [{ type: 'LAND', streetAddress: 'Küla 1', administrativeAreaLevel1: 'Saue' }])).toBe('0.marketValue');
    expect(output(collateralsSchema('EE'), [{ ...vehicle, streetAddress: 'dropped' }])).toEqual([{ type: 'VEHICLES', marketValue: 20000, additionalInfoText: '' }]);
  });

  it('asks a row none of a type’s fields before its type is chosen, nor for a type it does not know', () => {
    expect(collateralFieldsOf('')).toEqual({ address: false, marketValue: false });
    expect(collateralFieldsOf('BOATS')).toEqual({ address: false, marketValue: false });
    expect(collateralFieldsOf('PREMISES')).toEqual({ address: true, marketValue: true });
    expect(collateralFieldsOf('VEHICLES')).toEqual({ address: false, marketValue: true });
  });

  it('sends a surety with the private persons’ surety as its asset name, and the other types with none', () => {
    expect(collateralAssetName('SURETY')).toBe(SURETY_ASSET_NAME);
    expect(SURETY_ASSET_NAME).toBe('PRIVATE_PERSONS_SURETY');
    for (const type of ['PREMISES', 'LAND', 'VEHICLES', 'MOTO', '']) expect(collateralAssetName(type), type).toBeUndefined();
  });

  it('at most 5 rows (5 accepted, 6 refused)', () => {
    expect(firstMessage(collateralsSchema('EE'), Array(5).fill(vehicle))).toBeUndefined();
    expect(firstMessage(collateralsSchema('EE'), Array(6).fill(vehicle))).toBe(MESSAGES.collateralsTooMany);
    expect(canAddCollateral(4)).toBe(true);
    expect(canAddCollateral(5)).toBe(false);
  });
});

describe('options (section 5, Corporate)', () => {
  it('green leasing only with its flag', () => {
    expect(corporateProductOptions(CORPORATE_PRODUCTS, { greenLeasing: false })).not.toContain('GREEN_LEASING_BUSINESS');
    expect(corporateProductOptions(CORPORATE_PRODUCTS, { greenLeasing: true })).toContain('GREEN_LEASING_BUSINESS');
  });
  it('country options by user group, a single option preselected', () => {
    expect(countryOptionsForUserGroups([COUNTRY_USER_GROUPS.general])).toEqual({ options: ['EE', 'LV', 'LT'], preselected: undefined });
    expect(countryOptionsForUserGroups([COUNTRY_USER_GROUPS.LT])).toEqual({ options: ['LT'], preselected: 'LT' });
    expect(countryOptionsForUserGroups([COUNTRY_USER_GROUPS.EE, COUNTRY_USER_GROUPS.LV])).toEqual({ options: ['EE', 'LV'], preselected: undefined });
    expect(countryOptionsForUserGroups([])).toEqual({ options: [], preselected: undefined });
  });
});
