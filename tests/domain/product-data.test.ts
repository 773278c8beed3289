import { describe, expect, it } from 'vitest';
import { conclusionFeeOf, maintenanceFeeOf, productDataProblems, snapAmount, withPartnerOverrides, type ProductData } from '../../core/domain/product-data';

/** Section 3 "Product data and pricing" (decision 090): partner overrides, the data's checks, fees, the slider. */
const product: ProductData = {
  productName: 'SMALL_LOAN',
  productType: 'CONSUMER_LOAN',
  minAmount: 500,
  baseAmount: 3000,
  maxAmount: 10000,
  minPeriod: 6,
  basePeriod: 36,
  maxPeriod: 84,
  interestRate: 12,
  minInterestRate: 9,
  maxInterestRate: 18,
  contractConclusionFee: null,
  contractConclusionFeeRate: 2,
  minContractConclusionFee: 30,
  maxContractConclusionFee: 150,
  contractConclusionFeeFromProductAmount: true,
  maintenanceFee: null,
  maintenanceFeeRate: 0.1,
  maxMonthlyFee: 5,
  minMonthlyPayment: null,
  price: null,
  selfFinancingAmount: null,
  maxSelfFinancingAmount: null,
  amountStep: 100,
};

describe('withPartnerOverrides', () => {
  it('without overrides (none given, or null) sells the bank’s product unchanged', () => {
    expect(withPartnerOverrides(product, {})).toEqual(product);
    expect(
      withPartnerOverrides(product, { minAmount: null, maxAmount: null, minPeriod: null, maxPeriod: null, interestRate: null, contractConclusionFee: null, maintenanceFee: null }),
    ).toEqual(product);
  });

  it('replaces the bounds and moves the base values inside them', () => {
    const sold = withPartnerOverrides(product, { minAmount: 4000, maxAmount: 6000, minPeriod: 48, maxPeriod: 60 });
    expect(sold).toMatchObject({ minAmount: 4000, maxAmount: 6000, baseAmount: 4000, minPeriod: 48, maxPeriod: 60, basePeriod: 48 });
    const below = withPartnerOverrides(product, { minAmount: 100, maxAmount: 2000, minPeriod: 3, maxPeriod: 12 });
    expect(below).toMatchObject({ minAmount: 100, maxAmount: 2000, baseAmount: 2000, minPeriod: 3, maxPeriod: 12, basePeriod: 12 });
  });

  it('a zero override is an override, not a missing one', () => {
    expect(withPartnerOverrides(product, { minAmount: 0, interestRate: 0, contractConclusionFee: 0, maintenanceFee: 0 })).toMatchObject({
      minAmount: 0,
      interestRate: 0,
      minInterestRate: 0,
      contractConclusionFee: 0,
      maintenanceFee: 0,
    });
  });

  it('widens the rate range to the partner’s rate, both ways', () => {
    expect(withPartnerOverrides(product, { interestRate: 20 })).toMatchObject({ interestRate: 20, minInterestRate: 9, maxInterestRate: 20 });
    expect(withPartnerOverrides(product, { interestRate: 5 })).toMatchObject({ interestRate: 5, minInterestRate: 5, maxInterestRate: 18 });
    expect(withPartnerOverrides(product, { interestRate: 10 })).toMatchObject({ interestRate: 10, minInterestRate: 9, maxInterestRate: 18 });
  });

  it('a fixed contract fee replaces the fee rate and its limits; a maintenance fee its rate and cap', () => {
    const sold = withPartnerOverrides(product, { contractConclusionFee: 40, maintenanceFee: 2 });
    expect(sold).toMatchObject({
      contractConclusionFee: 40,
      contractConclusionFeeRate: null,
      minContractConclusionFee: null,
      maxContractConclusionFee: null,
      maintenanceFee: 2,
      maintenanceFeeRate: null,
      maxMonthlyFee: null,
    });
    expect(conclusionFeeOf(sold, 9000)).toBe(40);
    expect(maintenanceFeeOf(sold, 9000)).toBe(2);
  });
});

describe('productDataProblems', () => {
  it('finds none in consistent data', () => {
    expect(productDataProblems(product)).toEqual([]);
  });

  it('refuses base values outside their bounds, naming the product and the figures', () => {
    expect(productDataProblems({ ...product, baseAmount: 20000 })).toEqual(['SMALL_LOAN: amount must satisfy min <= base <= max (500, 20000, 10000)']);
    expect(productDataProblems({ ...product, baseAmount: 400 })).toEqual(['SMALL_LOAN: amount must satisfy min <= base <= max (500, 400, 10000)']);
    expect(productDataProblems({ ...product, basePeriod: 90 })).toEqual(['SMALL_LOAN: period must satisfy min <= base <= max (6, 90, 84)']);
    expect(productDataProblems({ ...product, interestRate: 8 })).toEqual(['SMALL_LOAN: interest rate must satisfy min <= base <= max (9, 8, 18)']);
  });

  it('accepts base values on their bounds', () => {
    expect(productDataProblems({ ...product, baseAmount: 500, basePeriod: 84, interestRate: 18 })).toEqual([]);
    expect(productDataProblems({ ...product, minAmount: 0, baseAmount: 0, minPeriod: 1, basePeriod: 1, amountStep: 0.01 })).toEqual([]);
  });

  it('refuses a negative amount, periods not whole months of at least one, a step not positive', () => {
    expect(productDataProblems({ ...product, minAmount: -1 })).toEqual(['SMALL_LOAN: minAmount is negative']);
    expect(productDataProblems({ ...product, minPeriod: 0, basePeriod: 6 })).toEqual(['SMALL_LOAN: periods are whole months of at least 1']);
    expect(productDataProblems({ ...product, minPeriod: 5.5 })).toEqual(['SMALL_LOAN: periods are whole months of at least 1']);
    expect(productDataProblems({ ...product, maxPeriod: 84.5 })).toEqual(['SMALL_LOAN: periods are whole months of at least 1']);
    expect(productDataProblems({ ...product, amountStep: 0 })).toEqual(['SMALL_LOAN: amountStep must be positive']);
  });

  it('refuses a minimum contract fee above its maximum, only when both are given', () => {
    expect(productDataProblems({ ...product, minContractConclusionFee: 200 })).toEqual(['SMALL_LOAN: minContractConclusionFee is above maxContractConclusionFee']);
    expect(productDataProblems({ ...product, minContractConclusionFee: 150 })).toEqual([]);
    expect(productDataProblems({ ...product, minContractConclusionFee: 200, maxContractConclusionFee: null })).toEqual([]);
    expect(productDataProblems({ ...product, minContractConclusionFee: null, maxContractConclusionFee: -5 })).toEqual([]);
  });
});

describe('the fees of an amount (section 9)', () => {
  it('the contract fee is the rate of the amount within the minimum and maximum fee', () => {
    expect(conclusionFeeOf(product, 5000)).toBe(100);
    expect(conclusionFeeOf(product, 500)).toBe(30);
    expect(conclusionFeeOf(product, 10000)).toBe(150);
  });

  it('the maintenance fee is the rate of the amount up to the monthly cap', () => {
    expect(maintenanceFeeOf(product, 3000)).toBe(3);
    expect(maintenanceFeeOf(product, 9000)).toBe(5);
  });
});

describe('snapAmount', () => {
  it('clamps to the bounds and keeps the bounds themselves, even off the steps', () => {
    const odd = { minAmount: 550, maxAmount: 9950, amountStep: 100 };
    expect(snapAmount(odd, 100)).toBe(550);
    expect(snapAmount(odd, 20000)).toBe(9950);
    expect(snapAmount(odd, 550)).toBe(550);
    expect(snapAmount(odd, 9950)).toBe(9950);
    expect(snapAmount({ minAmount: 550, maxAmount: 9920, amountStep: 100 }, 20000)).toBe(9920);
    expect(snapAmount({ minAmount: 580, maxAmount: 9920, amountStep: 100 }, 0)).toBe(580);
  });

  it('rounds onto the nearest step, within the bounds', () => {
    const odd = { minAmount: 550, maxAmount: 9950, amountStep: 100 };
    expect(snapAmount(odd, 1234)).toBe(1200);
    expect(snapAmount(odd, 1250)).toBe(1300);
    expect(snapAmount(odd, 560)).toBe(600);
    expect(snapAmount(odd, 9940)).toBe(9900);
    expect(snapAmount({ minAmount: 10, maxAmount: 95, amountStep: 50 }, 80)).toBe(95);
    expect(snapAmount({ minAmount: 10, maxAmount: 95, amountStep: 50 }, 20)).toBe(10);
  });

  it('keeps whole cents on a step of cents', () => {
    expect(snapAmount({ minAmount: 0, maxAmount: 10, amountStep: 0.1 }, 0.3)).toBe(0.3);
  });

  it('a value that is no number is the minimum', () => {
    expect(snapAmount(product, Number.NaN)).toBe(500);
    expect(snapAmount(product, Number.POSITIVE_INFINITY)).toBe(500);
  });
});
