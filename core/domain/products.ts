import { countryOfDomain, type BusinessDomain, type CountryCode } from './business-domains';

/**
 * The product catalogue (sections 1 and 3): which products exist, what type each is, under which
 * query key a retail product is asked for, and which business domains offer it. What the products
 * cost (bounds, rates, fees) is not here: the bank edits that without code (product data, served by
 * `POST /api/v2/pricing-conditions`; docs/decisions/090-product-data.md).
 */

/** Section 3: product names. */
export const PRODUCT_NAMES = [
  'CAR_LOAN', 'CAR_LOAN_BUSINESS', 'CAR_FINANCE_LEASE', 'CAR_HIRE_PURCHASE', 'CAR_LEASING_BUSINESS',
  'COMP_HIRE_PURCHASE', 'CREDIT_CARD_VISA_CLASSIC', 'CREDIT_CARD_VISA_GOLD', 'CREDIT_LINE', 'CURRENT_ACCOUNT',
  'DEVELOPMENT_LOAN', 'EQUIPMENT_LEASING_BUSINESS', 'GREEN_LEASING_BUSINESS', 'HOUSING_LOAN', 'INVESTMENT_LOAN',
  'LAND_LOAN', 'MEDICAL_LOAN', 'MORTGAGE_LOAN', 'OPERATING_LOAN', 'PROJECT_LOAN', 'REAL_ESTATE_LOAN',
  'REFINANCING_LOAN', 'REG_HIRE_PURCHASE', 'RENOVATION_LOAN', 'REVOLVING_LOAN', 'SMALL_LOAN', 'SMALL_LOAN_BUSINESS',
] as const;
export type ProductName = (typeof PRODUCT_NAMES)[number];

export function isProductName(value: unknown): value is ProductName {
  return (PRODUCT_NAMES as readonly unknown[]).includes(value);
}

/**
 * What kind of product a name is; it decides how the product is calculated (section 7: the calculate
 * call's `productType`) and which disclaimer the product selection shows (section 2).
 * - CONSUMER_LOAN: an instalment loan repaid as an annuity;
 * - REAL_ESTATE_LOAN: the same, secured by real estate (housing and real-estate loans);
 * - CREDIT_CARD: a credit limit, its representative example over 12 months (Directive 2008/48/EC,
 *   Annex I, part II (e) and (f)... see docs/decisions/092-apr.md);
 * - HIRE_PURCHASE: goods bought in a partner's shop, interest on the loan sum (`interestFromLoanSum`);
 * - CURRENT_ACCOUNT: no credit at all;
 * - BUSINESS_LOAN and LEASING: corporate banking.
 */
export const PRODUCT_TYPES = ['CONSUMER_LOAN', 'REAL_ESTATE_LOAN', 'CREDIT_CARD', 'HIRE_PURCHASE', 'CURRENT_ACCOUNT', 'BUSINESS_LOAN', 'LEASING'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

const RETAIL: readonly BusinessDomain[] = ['retail-banking-ee', 'retail-banking-lv', 'retail-banking-lt'];
const CORPORATE: readonly BusinessDomain[] = ['corporate-banking'];
const NOWHERE: readonly BusinessDomain[] = [];

export interface CatalogueEntry {
  readonly productName: ProductName;
  readonly type: ProductType;
  /** Section 1: the retail catalogue's query key (`?productName=car-loan`). */
  readonly queryKey?: string;
  /** The business domains that offer it. */
  readonly domains: readonly BusinessDomain[];
  /** Countries where the domain does not offer it (section 1: no small business loan in Estonia). */
  readonly notInCountries?: readonly CountryCode[];
  /** The loan amount is a price less the applicant's own contribution (section 5, housing loans). */
  readonly financesPrice?: boolean;
}

function entry(productName: ProductName, type: ProductType, domains: readonly BusinessDomain[], extra: Partial<CatalogueEntry> = {}): CatalogueEntry {
  return { productName, type, domains, ...extra };
}

/** Every product of section 3, in the order the catalogue lists them to applicants. */
export const CATALOGUE: readonly CatalogueEntry[] = [
  // Retail (section 1): the eight loan and card products of the catalogue.
  entry('SMALL_LOAN', 'CONSUMER_LOAN', RETAIL, { queryKey: 'small-loan' }),
  entry('CAR_LOAN', 'CONSUMER_LOAN', RETAIL, { queryKey: 'car-loan' }),
  entry('RENOVATION_LOAN', 'CONSUMER_LOAN', RETAIL, { queryKey: 'renovation-loan' }),
  entry('REFINANCING_LOAN', 'CONSUMER_LOAN', RETAIL, { queryKey: 'refinancing-loan' }),
  entry('HOUSING_LOAN', 'REAL_ESTATE_LOAN', RETAIL, { queryKey: 'housing-loan', financesPrice: true }),
  entry('REAL_ESTATE_LOAN', 'REAL_ESTATE_LOAN', RETAIL, { queryKey: 'real-estate-loan' }),
  entry('CREDIT_CARD_VISA_CLASSIC', 'CREDIT_CARD', RETAIL, { queryKey: 'credit-card-visa-classic' }),
  entry('CREDIT_CARD_VISA_GOLD', 'CREDIT_CARD', RETAIL, { queryKey: 'credit-card-visa-gold' }),
  // Section 1: the current account (its route exists in Estonian and Latvian retail only).
  entry('CURRENT_ACCOUNT', 'CURRENT_ACCOUNT', ['retail-banking-ee', 'retail-banking-lv']),
  // Section 1: three hire-purchase products, sold in partners' shops.
  entry('CAR_HIRE_PURCHASE', 'HIRE_PURCHASE', RETAIL),
  entry('COMP_HIRE_PURCHASE', 'HIRE_PURCHASE', RETAIL),
  entry('REG_HIRE_PURCHASE', 'HIRE_PURCHASE', RETAIL),
  // Section 3: the corporate set (the default first, section 1).
  entry('OPERATING_LOAN', 'BUSINESS_LOAN', CORPORATE),
  entry('CREDIT_LINE', 'BUSINESS_LOAN', CORPORATE),
  entry('DEVELOPMENT_LOAN', 'BUSINESS_LOAN', CORPORATE),
  entry('INVESTMENT_LOAN', 'BUSINESS_LOAN', CORPORATE),
  entry('LAND_LOAN', 'BUSINESS_LOAN', CORPORATE),
  entry('MORTGAGE_LOAN', 'BUSINESS_LOAN', CORPORATE),
  entry('SMALL_LOAN_BUSINESS', 'BUSINESS_LOAN', CORPORATE, { notInCountries: ['EE'] }),
  entry('CAR_LEASING_BUSINESS', 'LEASING', CORPORATE),
  entry('EQUIPMENT_LEASING_BUSINESS', 'LEASING', CORPORATE),
  entry('GREEN_LEASING_BUSINESS', 'LEASING', CORPORATE),
  // Named by section 3, offered by no domain of this product.
  entry('CAR_LOAN_BUSINESS', 'BUSINESS_LOAN', NOWHERE),
  entry('CAR_FINANCE_LEASE', 'LEASING', NOWHERE),
  entry('MEDICAL_LOAN', 'CONSUMER_LOAN', NOWHERE),
  entry('PROJECT_LOAN', 'BUSINESS_LOAN', NOWHERE),
  entry('REVOLVING_LOAN', 'CONSUMER_LOAN', NOWHERE),
];

/** Keyed by product name; any other value (not a string, empty, null) finds nothing. */
const BY_NAME: ReadonlyMap<unknown, CatalogueEntry> = new Map(CATALOGUE.map((item) => [item.productName, item]));

/** The catalogue entry of a product name (any domain); undefined for anything else. */
export function catalogueEntry(productName: unknown): CatalogueEntry | undefined {
  return BY_NAME.get(productName);
}

/** A product's type; undefined for an unknown name. */
export function productTypeOf(productName: string | null | undefined): ProductType | undefined {
  return catalogueEntry(productName)?.type;
}

/** Retail catalogue query keys (section 1) to product names. */
export const PRODUCT_QUERY_KEYS: Readonly<Record<string, ProductName>> = Object.fromEntries(
  CATALOGUE.flatMap((item) => (item.queryKey ? [[item.queryKey, item.productName]] : [])),
);

/** The same keys to their products, where nothing but a key (no blank, no inherited name) finds one. */
const BY_QUERY_KEY: ReadonlyMap<unknown, ProductName> = new Map(Object.entries(PRODUCT_QUERY_KEYS));

/**
 * The products a business domain offers, in catalogue order. Corporate banking serves the country
 * of its configuration (section 1: no small business loan in Estonia); unconfigured, the domain's own
 * (corporate banking's default is Estonia).
 */
export function productsOf(domain: BusinessDomain, country: CountryCode = countryOfDomain(domain)): readonly CatalogueEntry[] {
  return CATALOGUE.filter((item) => item.domains.includes(domain) && !item.notInCountries?.includes(country));
}

/** The product if the domain offers it. */
export function findProduct(domain: BusinessDomain, productName: string | null | undefined, country?: CountryCode): CatalogueEntry | undefined {
  return productsOf(domain, country).find((item) => item.productName === productName);
}

/**
 * The product if the domain offers it in some country it serves: a corporate application is made
 * before the company's country is chosen (issue 24), which then narrows it (`findProduct`).
 */
export function findProductInAnyCountry(domain: BusinessDomain, productName: string | null | undefined): CatalogueEntry | undefined {
  return CATALOGUE.find((item) => item.productName === productName && item.domains.includes(domain));
}

/** Section 1: operating loan for corporate, small loan for retail. A missing default is a configuration error. */
export const DEFAULT_PRODUCT: Readonly<Record<BusinessDomain, ProductName>> = {
  'corporate-banking': 'OPERATING_LOAN',
  'retail-banking-ee': 'SMALL_LOAN',
  'retail-banking-lt': 'SMALL_LOAN',
  'retail-banking-lv': 'SMALL_LOAN',
};

/** Section 8: the default product a domain lacks, as a configuration error. */
export class MissingDefaultProductError extends Error {
  override readonly name = 'MissingDefaultProductError';
  constructor(readonly domain: BusinessDomain) {
    super(`The business domain ${domain} has no default product in its catalogue.`);
  }
}

/** The domain's default product; throws the configuration error when the catalogue lacks it. */
export function defaultProductOf(domain: BusinessDomain, country?: CountryCode, defaults: Readonly<Partial<Record<BusinessDomain, ProductName>>> = DEFAULT_PRODUCT): CatalogueEntry {
  const found = findProduct(domain, defaults[domain], country);
  if (!found) throw new MissingDefaultProductError(domain);
  return found;
}

/** The product a query asks for (`car-loan` or `CAR_LOAN`) if the domain offers it. */
export function productOfQuery(domain: BusinessDomain, queryValue: string | null | undefined, country?: CountryCode): CatalogueEntry | undefined {
  return findProduct(domain, BY_QUERY_KEY.get(queryValue) ?? queryValue, country);
}

/** The product for a query value (`small-loan` or `SMALL_LOAN`), else the domain's default. */
export function resolveProduct(domain: BusinessDomain, queryValue?: string | null, country?: CountryCode): CatalogueEntry {
  return productOfQuery(domain, queryValue, country) ?? defaultProductOf(domain, country);
}

/** The retail loan and card products of the catalogue (section 1: those with a query key). */
export const RETAIL_CATALOGUE_PRODUCTS: readonly ProductName[] = CATALOGUE.filter((item) => item.queryKey).map((item) => item.productName);

/**
 * Section 3's creation channels. Sections 1 and 6: the call centre may offer all eight retail loan
 * and card products, the office only the small loan; every other channel what the domain offers.
 */
export const CREATION_CHANNELS = ['WEBPAGE', 'SELF_SERVICE', 'CALL_CENTER', 'OFFICE', 'MOBILE_APP'] as const;
export type CreationChannel = (typeof CREATION_CHANNELS)[number];

export function productsForChannel(domain: BusinessDomain, channel: CreationChannel, country?: CountryCode): readonly CatalogueEntry[] {
  const offered = productsOf(domain, country);
  if (channel === 'CALL_CENTER') return offered.filter((item) => RETAIL_CATALOGUE_PRODUCTS.includes(item.productName));
  if (channel === 'OFFICE') return offered.filter((item) => item.productName === 'SMALL_LOAN');
  return offered;
}

/** Products an applicant chooses amount and period for on their own (the calculator's products). */
export function hasInstalments(productName: string | null | undefined): boolean {
  const type = productTypeOf(productName);
  return type === 'CONSUMER_LOAN' || type === 'REAL_ESTATE_LOAN' || type === 'HIRE_PURCHASE' || type === 'BUSINESS_LOAN' || type === 'LEASING';
}

/** Products with a loan amount or credit limit (all but the current account). */
export function hasAmount(productName: string | null | undefined): boolean {
  const type = productTypeOf(productName);
  return type !== undefined && type !== 'CURRENT_ACCOUNT';
}

/** Section 5: the product's amount is a price less the applicant's own contribution (housing loans). */
export function financesPrice(productName: unknown): boolean {
  return catalogueEntry(productName)?.financesPrice === true;
}

/** Products the applicant may choose on the bank's own pages (the partner sells hire purchase). */
export function isWebProduct(productName: string | null | undefined): boolean {
  const type = productTypeOf(productName);
  return type !== undefined && type !== 'HIRE_PURCHASE' && type !== 'CURRENT_ACCOUNT';
}
