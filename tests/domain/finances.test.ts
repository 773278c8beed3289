/** The retail money steps' rules of core/domain/finances.ts: which choices a country and a row offer. */
import { describe, expect, it } from 'vitest';
import {
  INCOME_SOURCES,
  REAL_ESTATE_KINDS,
  RETAIL_LIABILITY_TYPES,
  SHORT_INCOME_SOURCES,
  incomeSourcesOf,
  liabilityHasMonthlyPayment,
  liabilityHasOutstandingAmount,
  realEstateKindsOf,
} from '../../core/domain/finances';

describe('incomeSourcesOf (decision 116)', () => {
  it('asks Latvia the shorter list and Estonia and Lithuania the whole one', () => {
    expect(incomeSourcesOf('LV')).toEqual(SHORT_INCOME_SOURCES);
    expect(incomeSourcesOf('EE')).toEqual(INCOME_SOURCES);
    expect(incomeSourcesOf('LT')).toEqual(INCOME_SOURCES);
    expect(SHORT_INCOME_SOURCES.length).toBeLessThan(INCOME_SOURCES.length);
  });
});

describe('a retail obligation row', () => {
  it('asks a monthly payment of every type but a guarantee', () => {
    const withPayment = RETAIL_LIABILITY_TYPES.filter((type) => liabilityHasMonthlyPayment(type));
    expect(withPayment).toEqual(RETAIL_LIABILITY_TYPES.filter((type) => type !== 'GUARANTEE'));
    expect(liabilityHasMonthlyPayment('GUARANTEE')).toBe(false);
    expect(liabilityHasMonthlyPayment('CONSUMER_LOAN')).toBe(true);
  });

  it('asks an outstanding amount of every type but alimony, rent and utility bills', () => {
    const withoutOutstanding = RETAIL_LIABILITY_TYPES.filter((type) => !liabilityHasOutstandingAmount(type));
    expect(withoutOutstanding).toEqual(['ALIMONY', 'RENT', 'UTILITY_PAYMENT']);
    for (const type of ['ALIMONY', 'RENT', 'UTILITY_PAYMENT']) expect(liabilityHasOutstandingAmount(type), type).toBe(false);
    for (const type of ['CONSUMER_LOAN', 'MORTGAGE', 'GUARANTEE', 'OTHER']) expect(liabilityHasOutstandingAmount(type), type).toBe(true);
  });
});

describe('realEstateKindsOf', () => {
  it('offers the kinds of the chosen asset type', () => {
    expect(realEstateKindsOf('LAND')).toEqual(REAL_ESTATE_KINDS.LAND);
    expect(realEstateKindsOf('PREMISES')).toEqual(REAL_ESTATE_KINDS.PREMISES);
    expect(realEstateKindsOf('LAND')).toContain('FOREST_LAND');
    expect(realEstateKindsOf('PREMISES')).toContain('FLAT');
  });

  it('offers none before a type is chosen, nor for a type it does not know', () => {
    expect(realEstateKindsOf('')).toEqual([]);
    expect(realEstateKindsOf('VEHICLES')).toEqual([]);
    expect(realEstateKindsOf('land')).toEqual([]);
  });
});
