import { describe, expect, it } from 'vitest';
import { BUSINESS_DOMAINS, companyCountryOf, countryOfApplication } from '../../core/domain/business-domains';
import {
  CATALOGUE,
  DEFAULT_PRODUCT,
  MissingDefaultProductError,
  PRODUCT_NAMES,
  PRODUCT_QUERY_KEYS,
  RETAIL_CATALOGUE_PRODUCTS,
  catalogueEntry,
  defaultProductOf,
  financesPrice,
  findProduct,
  findProductInAnyCountry,
  hasAmount,
  hasInstalments,
  isProductName,
  isWebProduct,
  productsForChannel,
  productsOf,
  resolveProduct,
} from '../../core/domain/products';
import { LOAN_PURPOSES, RENEWABLE_PURPOSE, defaultPurposeOf, isLoanPurpose, isPurposeOf, loanPurposesOf } from '../../core/domain/loan-purposes';

const RETAIL = ['retail-banking-ee', 'retail-banking-lv', 'retail-banking-lt'] as const;
const names = (entries: readonly { productName: string }[]) => entries.map((entry) => entry.productName);

const EIGHT = ['SMALL_LOAN', 'CAR_LOAN', 'RENOVATION_LOAN', 'REFINANCING_LOAN', 'HOUSING_LOAN', 'REAL_ESTATE_LOAN', 'CREDIT_CARD_VISA_CLASSIC', 'CREDIT_CARD_VISA_GOLD'];
const HIRE_PURCHASE = ['CAR_HIRE_PURCHASE', 'COMP_HIRE_PURCHASE', 'REG_HIRE_PURCHASE'];
const CORPORATE = ['OPERATING_LOAN', 'CREDIT_LINE', 'DEVELOPMENT_LOAN', 'INVESTMENT_LOAN', 'LAND_LOAN', 'MORTGAGE_LOAN', 'SMALL_LOAN_BUSINESS', 'CAR_LEASING_BUSINESS', 'EQUIPMENT_LEASING_BUSINESS', 'GREEN_LEASING_BUSINESS'];

describe('the product catalogue (sections 1 and 3)', () => {
  it('has every product name of section 3 exactly once, each with a type', () => {
    expect(names(CATALOGUE).sort()).toEqual([...PRODUCT_NAMES].sort());
    for (const entry of CATALOGUE) expect(entry.type, entry.productName).toBeTruthy();
  });

  it('maps the eight retail query keys of section 1 to their products', () => {
    expect(PRODUCT_QUERY_KEYS).toEqual({
      'small-loan': 'SMALL_LOAN',
      'car-loan': 'CAR_LOAN',
      'housing-loan': 'HOUSING_LOAN',
      'refinancing-loan': 'REFINANCING_LOAN',
      'renovation-loan': 'RENOVATION_LOAN',
      'real-estate-loan': 'REAL_ESTATE_LOAN',
      'credit-card-visa-classic': 'CREDIT_CARD_VISA_CLASSIC',
      'credit-card-visa-gold': 'CREDIT_CARD_VISA_GOLD',
    });
    expect([...RETAIL_CATALOGUE_PRODUCTS].sort()).toEqual([...EIGHT].sort());
  });

  it('types the products as they are calculated', () => {
    expect(catalogueEntry('SMALL_LOAN')?.type).toBe('CONSUMER_LOAN');
    expect(catalogueEntry('HOUSING_LOAN')).toMatchObject({ type: 'REAL_ESTATE_LOAN', financesPrice: true });
    expect(catalogueEntry('CREDIT_CARD_VISA_GOLD')?.type).toBe('CREDIT_CARD');
    expect(catalogueEntry('COMP_HIRE_PURCHASE')?.type).toBe('HIRE_PURCHASE');
    expect(catalogueEntry('CURRENT_ACCOUNT')?.type).toBe('CURRENT_ACCOUNT');
    expect(catalogueEntry('GREEN_LEASING_BUSINESS')?.type).toBe('LEASING');
    expect(catalogueEntry('OPERATING_LOAN')?.type).toBe('BUSINESS_LOAN');
    expect(catalogueEntry('NO_SUCH_LOAN')).toBeUndefined();
  });

  it('offers Estonian retail the eight products, the current account and hire purchase', () => {
    expect(names(productsOf('retail-banking-ee')).sort()).toEqual([...EIGHT, 'CURRENT_ACCOUNT', ...HIRE_PURCHASE].sort());
  });

  it('offers Latvian retail the same, with its current account', () => {
    expect(names(productsOf('retail-banking-lv')).sort()).toEqual([...EIGHT, 'CURRENT_ACCOUNT', ...HIRE_PURCHASE].sort());
  });

  it('offers Lithuanian retail no current account', () => {
    expect(names(productsOf('retail-banking-lt')).sort()).toEqual([...EIGHT, ...HIRE_PURCHASE].sort());
  });

  it('offers corporate banking the corporate set, without the small business loan in Estonia', () => {
    expect(names(productsOf('corporate-banking', 'LV')).sort()).toEqual([...CORPORATE].sort());
    expect(names(productsOf('corporate-banking', 'LT')).sort()).toEqual([...CORPORATE].sort());
    expect(names(productsOf('corporate-banking', 'EE')).sort()).toEqual(CORPORATE.filter((name) => name !== 'SMALL_LOAN_BUSINESS').sort());
    expect(findProduct('corporate-banking', 'SMALL_LOAN_BUSINESS', 'EE')).toBeUndefined();
    expect(findProduct('corporate-banking', 'SMALL_LOAN_BUSINESS', 'LT')).toBeDefined();
  });

  it('offers the unlisted names nowhere', () => {
    for (const name of ['CAR_LOAN_BUSINESS', 'CAR_FINANCE_LEASE', 'MEDICAL_LOAN', 'PROJECT_LOAN', 'REVOLVING_LOAN']) {
      for (const domain of BUSINESS_DOMAINS) expect(findProduct(domain, name, 'LV'), `${name} in ${domain}`).toBeUndefined();
    }
  });
});

describe('default products (section 1; a missing one is a configuration error, section 8)', () => {
  it('is the operating loan for corporate banking and the small loan for retail', () => {
    expect(DEFAULT_PRODUCT).toEqual({
      'corporate-banking': 'OPERATING_LOAN',
      'retail-banking-ee': 'SMALL_LOAN',
      'retail-banking-lt': 'SMALL_LOAN',
      'retail-banking-lv': 'SMALL_LOAN',
    });
    for (const domain of BUSINESS_DOMAINS) expect(defaultProductOf(domain).productName).toBe(DEFAULT_PRODUCT[domain]);
  });

  it('throws the configuration error when a domain has no default, or one its catalogue lacks', () => {
    expect(() => defaultProductOf('retail-banking-lt', 'LT', { 'retail-banking-lt': 'CURRENT_ACCOUNT' })).toThrow(MissingDefaultProductError);
    expect(() => defaultProductOf('retail-banking-ee', 'EE', {})).toThrow(/retail-banking-ee has no default product/);
    // The error handler and the start-up line name the error by its name (section 8).
    expect(new MissingDefaultProductError('corporate-banking')).toMatchObject({ name: 'MissingDefaultProductError', domain: 'corporate-banking' });
  });
});

describe('product resolution from the query (section 3)', () => {
  it.each(RETAIL)('%s resolves catalogue query keys and product names', (domain) => {
    for (const [key, name] of Object.entries(PRODUCT_QUERY_KEYS)) {
      expect(resolveProduct(domain, key).productName).toBe(name);
      expect(resolveProduct(domain, name).productName).toBe(name);
    }
  });

  it.each(RETAIL)('%s falls back to the small loan for a missing, unknown or unoffered product', (domain) => {
    for (const value of [undefined, null, '', 'no-such-loan', 'OPERATING_LOAN', 'car_loan', 'constructor', '__proto__', 'toString']) {
      expect(resolveProduct(domain, value).productName).toBe('SMALL_LOAN');
    }
  });

  it('gives corporate banking the operating loan for a retail query', () => {
    for (const value of [undefined, 'small-loan', 'SMALL_LOAN']) expect(resolveProduct('corporate-banking', value).productName).toBe('OPERATING_LOAN');
  });
});

describe('sales channels (sections 1 and 6)', () => {
  it.each(RETAIL)('%s: the call centre offers the eight retail loan and card products', (domain) => {
    expect(names(productsForChannel(domain, 'CALL_CENTER')).sort()).toEqual([...EIGHT].sort());
  });

  it.each(RETAIL)('%s: the office offers the small loan only', (domain) => {
    expect(names(productsForChannel(domain, 'OFFICE'))).toEqual(['SMALL_LOAN']);
  });

  it.each(RETAIL)('%s: the web page offers everything the domain has', (domain) => {
    expect(names(productsForChannel(domain, 'WEBPAGE'))).toEqual(names(productsOf(domain)));
  });

  it('corporate banking offers nothing to the call centre or the office', () => {
    expect(productsForChannel('corporate-banking', 'CALL_CENTER')).toEqual([]);
    expect(productsForChannel('corporate-banking', 'OFFICE')).toEqual([]);
  });
});

describe('what a product asks for', () => {
  it('asks amount and period for instalment products, only a limit for cards, nothing for the account', () => {
    expect([hasAmount('SMALL_LOAN'), hasInstalments('SMALL_LOAN')]).toEqual([true, true]);
    expect([hasAmount('COMP_HIRE_PURCHASE'), hasInstalments('COMP_HIRE_PURCHASE')]).toEqual([true, true]);
    expect([hasAmount('CREDIT_CARD_VISA_CLASSIC'), hasInstalments('CREDIT_CARD_VISA_CLASSIC')]).toEqual([true, false]);
    expect([hasAmount('CURRENT_ACCOUNT'), hasInstalments('CURRENT_ACCOUNT')]).toEqual([false, false]);
    // Every instalment type: retail and real-estate loans, hire purchase, business loans and leasing.
    for (const name of ['CAR_LOAN', 'HOUSING_LOAN', 'REAL_ESTATE_LOAN', 'REG_HIRE_PURCHASE', 'OPERATING_LOAN', 'CREDIT_LINE', 'CAR_LEASING_BUSINESS', 'GREEN_LEASING_BUSINESS']) {
      expect([hasAmount(name), hasInstalments(name)], name).toEqual([true, true]);
    }
    for (const value of ['no-such-loan', '', null, undefined]) expect([hasAmount(value), hasInstalments(value)], String(value)).toEqual([false, false]);
  });

  it('offers on the bank’s own pages every loan and card, never a hire purchase (the shop’s) or the account (its own route)', () => {
    expect(PRODUCT_NAMES.filter((name) => !isWebProduct(name))).toEqual(['CAR_HIRE_PURCHASE', 'COMP_HIRE_PURCHASE', 'CURRENT_ACCOUNT', 'REG_HIRE_PURCHASE']);
    for (const value of ['no-such-loan', 'car-loan', '', null, undefined]) expect(isWebProduct(value), String(value)).toBe(false);
  });

  it('finances a price (less the own contribution) for the housing loan only, whatever a form field holds', () => {
    expect(PRODUCT_NAMES.filter((name) => financesPrice(name))).toEqual(['HOUSING_LOAN']);
    for (const value of ['housing-loan', 'housing_loan', '', null, undefined, 1, {}, ['HOUSING_LOAN']]) expect(financesPrice(value), String(value)).toBe(false);
  });
});

describe('product names (section 3)', () => {
  it('are the section’s names exactly: no query key, other case, blank or non-string', () => {
    for (const name of PRODUCT_NAMES) expect(isProductName(name), name).toBe(true);
    for (const value of ['car-loan', 'car_loan', 'BOAT_LOAN', '', null, undefined, 7, { productName: 'CAR_LOAN' }]) expect(isProductName(value), String(value)).toBe(false);
    for (const value of ['', null, undefined, 'car-loan', 0]) expect(catalogueEntry(value), String(value)).toBeUndefined();
  });
});

describe('loan purposes per product (section 3)', () => {
  it('lends each retail loan for its purposes, its usual one first', () => {
    expect(loanPurposesOf('CAR_LOAN', { renewableLoan: false })).toEqual(['PURCHASING_MOTOR_VEHICLES']);
    expect(loanPurposesOf('REFINANCING_LOAN', { renewableLoan: false })).toEqual(['COMBINING_LOANS']);
    expect(loanPurposesOf('SMALL_LOAN', { renewableLoan: false })[0]).toBe('DAILY_SETTLEMENTS');
    expect(loanPurposesOf('SMALL_LOAN', { renewableLoan: false })).toEqual(expect.arrayContaining(['TRAVELING', 'WEDDING', 'MEDICAL_SERVICES', 'ACQUIRING_EDUCATION', 'HOBBY']));
    expect(loanPurposesOf('HOUSING_LOAN', { renewableLoan: false })).toEqual(expect.arrayContaining(['PURCHASING_HOME', 'BUILDING_HOME', 'COMBINING_LOANS_AND_PURCHASING_HOME']));
    expect(loanPurposesOf('CURRENT_ACCOUNT', { renewableLoan: true })).toEqual([]);
  });

  it('offers other renewable projects only with the renewable-loan feature on', () => {
    expect(isPurposeOf('RENOVATION_LOAN', 'OTHER_RENEWABLE_PROJECTS', { renewableLoan: false })).toBe(false);
    expect(isPurposeOf('RENOVATION_LOAN', 'OTHER_RENEWABLE_PROJECTS', { renewableLoan: true })).toBe(true);
    expect(isPurposeOf('SMALL_LOAN', 'OTHER_RENEWABLE_PROJECTS', { renewableLoan: false })).toBe(false);
    expect(isPurposeOf('CAR_LOAN', 'OTHER_RENEWABLE_PROJECTS', { renewableLoan: true })).toBe(false);
  });

  it('usually lends a product for its list’s first purpose, never the renewable one (so the feature is not asked)', () => {
    expect(defaultPurposeOf('SMALL_LOAN')).toBe('DAILY_SETTLEMENTS');
    expect(defaultPurposeOf('RENOVATION_LOAN')).toBe('RENOVATING_HOME');
    expect(defaultPurposeOf('REG_HIRE_PURCHASE')).toBe('VEHICLES');
    expect(defaultPurposeOf('CURRENT_ACCOUNT')).toBeUndefined();
    expect(defaultPurposeOf('no-such-product')).toBeUndefined();
    for (const name of PRODUCT_NAMES) {
      expect(defaultPurposeOf(name), name).toBe(loanPurposesOf(name, { renewableLoan: false })[0]);
      expect(defaultPurposeOf(name), name).not.toBe(RENEWABLE_PURPOSE);
    }
  });

  it('are the section’s purposes exactly: no other case, blank or non-string', () => {
    for (const purpose of LOAN_PURPOSES) expect(isLoanPurpose(purpose), purpose).toBe(true);
    for (const value of ['traveling', 'TRAVEL', '', null, undefined, 3, ['TRAVELING']]) expect(isLoanPurpose(value), String(value)).toBe(false);
  });

  it('refuses a purpose of another product', () => {
    expect(isPurposeOf('CAR_LOAN', 'TRAVELING', { renewableLoan: true })).toBe(false);
    expect(isPurposeOf('SMALL_LOAN', 'no-such-purpose', { renewableLoan: true })).toBe(false);
  });
});

describe('a corporate application’s product and country (issue 24, decision 184)', () => {
  it('finds a corporate product in any country the domain serves, until the company’s country narrows it', () => {
    expect(findProductInAnyCountry('corporate-banking', 'SMALL_LOAN_BUSINESS')?.productName).toBe('SMALL_LOAN_BUSINESS');
    expect(findProduct('corporate-banking', 'SMALL_LOAN_BUSINESS', 'EE')).toBeUndefined();
    expect(findProductInAnyCountry('corporate-banking', 'SMALL_LOAN')).toBeUndefined();
    expect(findProductInAnyCountry('retail-banking-ee', 'OPERATING_LOAN')).toBeUndefined();
  });

  it('takes a corporate application’s country from its company, else the domain’s', () => {
    expect(companyCountryOf({ company: { countryCode: 'LT' } })).toBe('LT');
    expect(companyCountryOf({ company: { countryCode: 'FI' } })).toBeUndefined();
    expect(companyCountryOf({})).toBeUndefined();
    expect(countryOfApplication('corporate-banking', { company: { countryCode: 'LV' } }, 'EE')).toBe('LV');
    expect(countryOfApplication('corporate-banking', {}, 'LT')).toBe('LT');
    expect(countryOfApplication('retail-banking-lv', { company: { countryCode: 'EE' } }, 'EE')).toBe('LV');
  });
});
