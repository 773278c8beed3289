import { describe, expect, it } from 'vitest';
import { BUSINESS_DOMAINS } from '../../src/domain/business-domains';
import { DEFAULT_PRODUCT, PRODUCT_NAMES, PRODUCT_QUERY_KEYS, findProduct, productsOf, resolveProduct } from '../../src/domain/products';

const RETAIL = ['retail-banking-ee', 'retail-banking-lv', 'retail-banking-lt'] as const;

describe('product resolution (section 1)', () => {
  it.each(RETAIL)('%s resolves catalogue query keys to their products', (domain) => {
    expect(resolveProduct(domain, 'small-loan').productName).toBe('SMALL_LOAN');
    expect(resolveProduct(domain, 'car-loan').productName).toBe('CAR_LOAN');
    expect(resolveProduct(domain, 'housing-loan').productName).toBe('HOUSING_LOAN');
    expect(resolveProduct(domain, 'refinancing-loan').productName).toBe('REFINANCING_LOAN');
    expect(resolveProduct(domain, 'renovation-loan').productName).toBe('RENOVATION_LOAN');
    expect(resolveProduct(domain, 'real-estate-loan').productName).toBe('REAL_ESTATE_LOAN');
  });

  it('accepts a product name as well as a query key', () => {
    expect(resolveProduct('retail-banking-ee', 'CAR_LOAN').productName).toBe('CAR_LOAN');
  });

  it.each(RETAIL)('%s falls back to the small loan for a missing, unknown or unoffered product', (domain) => {
    for (const value of [undefined, null, '', 'no-such-loan', 'OPERATING_LOAN', 'car_loan', 'constructor', '__proto__']) {
      expect(resolveProduct(domain, value).productName).toBe('SMALL_LOAN');
    }
  });

  it('gives corporate banking the operating loan whatever the query asks', () => {
    for (const value of [undefined, 'small-loan', 'SMALL_LOAN', 'OPERATING_LOAN']) {
      expect(resolveProduct('corporate-banking', value).productName).toBe('OPERATING_LOAN');
    }
  });

  it('has the section 9 corporate defaults', () => {
    expect(findProduct('corporate-banking', 'OPERATING_LOAN')).toMatchObject({
      minAmount: 1000,
      baseAmount: 250000,
      maxAmount: 10000000,
      minPeriod: 1,
      basePeriod: 60,
      maxPeriod: 360,
      interestRate: 15.9,
    });
  });

  it('offers each domain its default product', () => {
    expect(DEFAULT_PRODUCT).toEqual({
      'corporate-banking': 'OPERATING_LOAN',
      'retail-banking-ee': 'SMALL_LOAN',
      'retail-banking-lt': 'SMALL_LOAN',
      'retail-banking-lv': 'SMALL_LOAN',
    });
    for (const domain of BUSINESS_DOMAINS) expect(findProduct(domain, DEFAULT_PRODUCT[domain])).toBeDefined();
  });

  it('maps every query key to a known product name', () => {
    for (const name of Object.values(PRODUCT_QUERY_KEYS)) expect(PRODUCT_NAMES).toContain(name);
  });

  it.each(BUSINESS_DOMAINS)('%s products have consistent bounds on their own steps', (domain) => {
    for (const product of productsOf(domain)) {
      expect(product.minAmount, product.productName).toBeLessThanOrEqual(product.baseAmount);
      expect(product.baseAmount, product.productName).toBeLessThanOrEqual(product.maxAmount);
      expect(product.minPeriod, product.productName).toBeLessThanOrEqual(product.basePeriod);
      expect(product.basePeriod, product.productName).toBeLessThanOrEqual(product.maxPeriod);
      expect(product.minAmount % product.amountStep, product.productName).toBe(0);
      expect(product.baseAmount % product.amountStep, product.productName).toBe(0);
      expect(product.interestRate, product.productName).toBeGreaterThanOrEqual(0);
    }
  });
});
