/**
 * The product data file (docs/decisions/090-product-data.md): what makes it valid, and seeding it
 * into the database at start-up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pricingData from '../../server/pricing/pricing-data.json';
import { PricingDataError, parsePricingData } from '../../server/pricing/pricing-data-file';
import { loadProductTable, writePricingData } from '../../server/pricing/pricing-repository';
import { CATALOGUE } from '../../core/domain/products';
import { openTestDatabase, type TestDatabase } from '../support/pglite-template';

const clone = () => JSON.parse(JSON.stringify(pricingData)) as typeof pricingData;

function problemsOf(input: unknown): string[] {
  try {
    parsePricingData(input);
    return [];
  } catch (error) {
    if (error instanceof PricingDataError) return [...error.problems];
    throw error;
  }
}

describe('the product data file', () => {
  it('is valid and prices every product every domain offers', () => {
    const parsed = parsePricingData(pricingData);
    for (const item of CATALOGUE) {
      for (const domain of item.domains) {
        expect(parsed.products.some((p) => p.domain === domain && p.data.productName === item.productName), `${item.productName} in ${domain}`).toBe(true);
      }
    }
  });

  it('gives every corporate product the defaults of section 9, and the leasings section 9’s leasing bounds', () => {
    const corporate = parsePricingData(pricingData).products.filter((p) => p.domain === 'corporate-banking');
    expect(corporate).toHaveLength(10);
    const pricing = { maintenanceFee: 1.5, interestRate: 15.9, minInterestRate: 15.9, maxInterestRate: 15.9, contractConclusionFee: 0, contractConclusionFeeRate: null, maintenanceFeeRate: null };
    for (const { data } of corporate) {
      expect(data, data.productName).toMatchObject(pricing);
      if (data.productType === 'LEASING') continue;
      expect(data, data.productName).toMatchObject({ minAmount: 1000, baseAmount: 250000, maxAmount: 10000000, minPeriod: 1, basePeriod: 60, maxPeriod: 360 });
    }
    const leasing = Object.fromEntries(corporate.filter(({ data }) => data.productType === 'LEASING').map(({ data }) => [data.productName, data]));
    // Section 9: car and green leasing 4000 up to the most a country allows (LT 100000), equipment 2000 to 350000; 6 to 84 months.
    expect(leasing['CAR_LEASING_BUSINESS']).toMatchObject({ minAmount: 4000, maxAmount: 100000, minPeriod: 6, maxPeriod: 84 });
    expect(leasing['GREEN_LEASING_BUSINESS']).toMatchObject({ minAmount: 4000, maxAmount: 100000, minPeriod: 6, maxPeriod: 84 });
    expect(leasing['EQUIPMENT_LEASING_BUSINESS']).toMatchObject({ minAmount: 2000, maxAmount: 350000, minPeriod: 6, maxPeriod: 84 });
  });

  it('refuses a retail product without data', () => {
    const file = clone();
    delete (file.domains['retail-banking-lt'].products as Record<string, unknown>)['CAR_LOAN'];
    expect(problemsOf(file)).toEqual(['retail-banking-lt: CAR_LOAN has no product data']);
  });

  it('refuses bounds out of order, and a minimum fee above the maximum', () => {
    const file = clone();
    Object.assign(file.domains['retail-banking-ee'].products.SMALL_LOAN, { minAmount: 20000, minContractConclusionFee: 500 });
    expect(problemsOf(file)).toEqual([
      'retail-banking-ee: SMALL_LOAN: amount must satisfy min <= base <= max (20000, 3000, 15000)',
      'retail-banking-ee: SMALL_LOAN: minContractConclusionFee is above maxContractConclusionFee',
    ]);
  });

  it('refuses a product the domain does not offer, and a partner selling one', () => {
    const file = clone();
    (file.domains['retail-banking-lt'].products as Record<string, unknown>)['CURRENT_ACCOUNT'] = file.domains['retail-banking-ee'].products.CURRENT_ACCOUNT;
    file.partners[0]!.products[0]!.domain = 'corporate-banking';
    expect(problemsOf(file)).toEqual(['retail-banking-lt: CURRENT_ACCOUNT is not a product of this domain', 'partners: partner-autoplaza sells CAR_HIRE_PURCHASE, which corporate-banking does not offer']);
  });

  it('names the card each consumer loan cross-sells (decision 174): the small and car loans, in every retail domain', () => {
    const crossSelling = parsePricingData(pricingData).products.filter((p) => p.data.crossSellCard).map((p) => `${p.domain} ${p.data.productName} ${p.data.crossSellCard}`);
    expect(crossSelling.sort()).toEqual(
      ['retail-banking-ee', 'retail-banking-lt', 'retail-banking-lv'].flatMap((domain) => [`${domain} CAR_LOAN CREDIT_CARD_VISA_CLASSIC`, `${domain} SMALL_LOAN CREDIT_CARD_VISA_CLASSIC`]),
    );
  });

  it('refuses a card cross-sold with anything but a consumer loan, and a cross-sold product that is no card of the domain', () => {
    const file = clone() as unknown as { domains: Record<string, { defaults?: Record<string, unknown>; products: Record<string, Record<string, unknown>> }> };
    const ee = file.domains['retail-banking-ee']!.products;
    ee['HOUSING_LOAN']!['crossSellCard'] = 'CREDIT_CARD_VISA_CLASSIC';
    ee['CREDIT_CARD_VISA_GOLD']!['crossSellCard'] = 'CREDIT_CARD_VISA_CLASSIC';
    ee['RENOVATION_LOAN']!['crossSellCard'] = 'CURRENT_ACCOUNT';
    file.domains['retail-banking-lt']!.products['SMALL_LOAN']!['crossSellCard'] = 'CURRENT_ACCOUNT';
    expect(problemsOf(file)).toEqual([
      'retail-banking-ee: RENOVATION_LOAN cross-sells CURRENT_ACCOUNT, which is not a credit card',
      'retail-banking-ee: HOUSING_LOAN cannot cross-sell a card: only a consumer loan does',
      'retail-banking-ee: CREDIT_CARD_VISA_GOLD cannot cross-sell a card: only a consumer loan does',
      'retail-banking-lt: SMALL_LOAN cross-sells CURRENT_ACCOUNT, which this domain does not offer',
    ]);
  });

  it('refuses a mistyped figure, naming where it is', () => {
    const file = clone() as unknown as { domains: Record<string, { products: Record<string, Record<string, unknown>> }> };
    file.domains['retail-banking-lv']!.products['CAR_LOAN']!['interestRate'] = 'nine';
    expect(problemsOf(file)[0]).toMatch(/^domains\.retail-banking-lv\.products\.CAR_LOAN\.interestRate: /);
  });

  it('refuses a return address with credentials, and a registration code used twice', () => {
    const file = clone();
    file.partners[0]!.returnAddresses = ['https://user:pw@shop.example/back'];
    file.partners[1]!.regCode = file.partners[0]!.regCode;
    const problems = problemsOf(file);
    expect(problems.some((problem) => problem.startsWith('partners.0.returnAddresses.0'))).toBe(true);
  });
});

describe('seeding at start-up', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.dispose());

  it('writes the file; seeding again changes nothing; an edited file wins for what it names', async () => {
    const before = await loadProductTable(database.db, 'retail-banking-ee');
    await database.db.transaction((tx) => writePricingData(tx, parsePricingData(pricingData), new Date()));
    expect(await loadProductTable(database.db, 'retail-banking-ee')).toEqual(before);
    const edited = clone();
    edited.domains['retail-banking-ee'].products.SMALL_LOAN.interestRate = 12.9;
    await database.db.transaction((tx) => writePricingData(tx, parsePricingData(edited), new Date()));
    expect((await loadProductTable(database.db, 'retail-banking-ee')).SMALL_LOAN?.interestRate).toBe(12.9);
  });
});
