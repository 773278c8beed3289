import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { ProductDataSchema } from '../../core/wire/pricing.schema';
import { BUSINESS_DOMAINS, type BusinessDomain } from '../../core/domain/business-domains';
import { productDataProblems, type PartnerProductOverrides, type ProductData } from '../../core/domain/product-data';
import { DOCUMENT_PURPOSES } from '../../core/domain/documents';
import { PARTNER_LINK_CHANNELS } from '../applications/partner-link-channel';
import { CATALOGUE, PRODUCT_NAMES, catalogueEntry, type CatalogueEntry } from '../../core/domain/products';

/** The data file the reference API seeds its database from (docs/decisions/090-product-data.md). */
export function pricingDataFile(): string {
  return fileURLToPath(new URL('./pricing-data.json', import.meta.url));
}

/**
 * A product's data as the bank keeps it: what the pricing calls answer, and the card a consumer loan
 * cross-sells (decision 174), which only the server reads (the client's schema leaves it out).
 */
export const StoredProductDataSchema = v.object({
  ...ProductDataSchema.entries,
  crossSellCard: v.optional(v.nullable(v.picklist(PRODUCT_NAMES))),
});

/** A product's figures in the file: anything the domain's defaults give may be left out. */
const PartialProductSchema = v.partial(v.omit(StoredProductDataSchema, ['productName', 'productType']));

const OverridesSchema = v.strictObject({
  minAmount: v.optional(v.nullable(v.number())),
  maxAmount: v.optional(v.nullable(v.number())),
  minPeriod: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
  maxPeriod: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
  interestRate: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(100)))),
  contractConclusionFee: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0)))),
  maintenanceFee: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0)))),
});

/** Absolute http(s) addresses with no credentials in them. */
const ReturnAddressSchema = v.pipe(
  v.string(),
  v.url(),
  v.check((text) => {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  }, 'a return address is an http(s) URL without credentials'),
);

/**
 * A server-to-server caller's API key as the file keeps it (decision 188): its id (the key carries it,
 * server/channels/api-keys.ts) and the SHA-256 (hex) of the whole key, never the key. A partner's key
 * is for the partner API or partner remote channel; a broker's for the broker API.
 */
export const ApiCredentialSchema = v.object({
  keyId: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{2,63}$/, 'a key id is 3 to 64 lower-case letters, digits and hyphens')),
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'sha256 is the key\'s SHA-256 in lower-case hex')),
});
export const PARTNER_API_CHANNELS = ['PARTNER_API', 'PARTNER_REMOTE'] as const;
const PartnerCredentialSchema = v.object({ ...ApiCredentialSchema.entries, channel: v.picklist(PARTNER_API_CHANNELS) });

export const PartnerEntrySchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,127}$/)),
  regCode: v.pipe(v.string(), v.minLength(2), v.maxLength(64)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  canSignDigitally: v.boolean(),
  returnAddresses: v.array(ReturnAddressSchema),
  products: v.array(
    v.object({
      domain: v.picklist(BUSINESS_DOMAINS),
      goodsName: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
      productName: v.picklist(PRODUCT_NAMES),
      overrides: v.optional(OverridesSchema, {}),
      /** Decision 189: the channel the partner's link for these goods makes; the shop's hosted flow when left out. */
      channel: v.optional(v.picklist(PARTNER_LINK_CHANNELS)),
    }),
  ),
  /** Decision 188: the partner's server-to-server API keys (hashes only). */
  apiCredentials: v.optional(v.array(PartnerCredentialSchema), []),
});
export type PartnerEntry = v.InferOutput<typeof PartnerEntrySchema>;

/** Decision 188: a broker, who creates applications through the broker API only. */
export const BrokerEntrySchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,127}$/)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  apiCredentials: v.optional(v.array(ApiCredentialSchema), []),
});
export type BrokerEntry = v.InferOutput<typeof BrokerEntrySchema>;

/**
 * A campaign (issue 13, decision 159) whose terms ask for documents before its offer: the
 * applicant with its code uploads them (UploadCampaignDocuments) and a person checks them.
 */
export const CampaignEntrySchema = v.object({
  code: v.pipe(v.string(), v.regex(/^[A-Z0-9]{1,30}$/, 'a campaign code is 1 to 30 capital letters and digits')),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  domain: v.picklist(BUSINESS_DOMAINS),
  /** The products the campaign is for. */
  products: v.pipe(v.array(v.picklist(PRODUCT_NAMES)), v.minLength(1)),
  /** What its terms ask for (section 3's document purposes). */
  documents: v.pipe(v.array(v.picklist(DOCUMENT_PURPOSES)), v.minLength(1)),
});
export type CampaignEntry = v.InferOutput<typeof CampaignEntrySchema>;

const PricingFileSchema = v.object({
  domains: v.record(
    v.picklist(BUSINESS_DOMAINS),
    v.object({
      defaults: v.optional(PartialProductSchema, {}),
      products: v.record(v.picklist(PRODUCT_NAMES), PartialProductSchema),
    }),
  ),
  partners: v.optional(v.array(PartnerEntrySchema), []),
  campaigns: v.optional(v.array(CampaignEntrySchema), []),
  brokers: v.optional(v.array(BrokerEntrySchema), []),
});

/** Every field a product may leave to nobody: what is not a fee or a housing figure is required. */
const NULLABLE_DEFAULTS = {
  contractConclusionFee: null,
  contractConclusionFeeRate: null,
  minContractConclusionFee: null,
  maxContractConclusionFee: null,
  contractConclusionFeeFromProductAmount: true,
  maintenanceFee: null,
  maintenanceFeeRate: null,
  maxMonthlyFee: null,
  minMonthlyPayment: null,
  price: null,
  selfFinancingAmount: null,
  maxSelfFinancingAmount: null,
  amountStep: 100,
} as const;

export interface PricingData {
  products: ReadonlyArray<{ domain: BusinessDomain; data: ProductData }>;
  partners: readonly PartnerEntry[];
  campaigns: readonly CampaignEntry[];
  brokers: readonly BrokerEntry[];
}

/** The data file is wrong: the server does not start on it (section 8: configuration errors). */
export class PricingDataError extends Error {
  override readonly name = 'PricingDataError';
  constructor(readonly problems: readonly string[]) {
    super(`The product data file is invalid:\n- ${problems.join('\n- ')}`);
  }
}

/**
 * Reads and checks the product data: each domain's defaults merged into each of its products; every
 * product the catalogue offers in a domain must have complete, consistent data; a product the domain
 * does not offer, or a partner product that is not hire purchase or a retail product of its domain,
 * is refused.
 */
export function parsePricingData(input: unknown): PricingData {
  const parsed = v.safeParse(PricingFileSchema, input);
  if (!parsed.success) {
    throw new PricingDataError(parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '(file)'}: ${issue.message}`));
  }
  const problems: string[] = [];
  const products: Array<{ domain: BusinessDomain; data: ProductData }> = [];
  for (const domain of BUSINESS_DOMAINS) {
    const section = parsed.output.domains[domain];
    // Every product the catalogue lists for the domain, in any country the domain may serve.
    const offered = CATALOGUE.filter((item) => item.domains.includes(domain));
    for (const name of Object.keys(section?.products ?? {})) {
      if (!offered.some((item) => item.productName === name)) problems.push(`${domain}: ${name} is not a product of this domain`);
    }
    for (const item of offered) {
      const own = section?.products[item.productName];
      if (!own && domain !== 'corporate-banking') {
        problems.push(`${domain}: ${item.productName} has no product data`);
        continue;
      }
      const merged = { ...NULLABLE_DEFAULTS, ...section?.defaults, ...own, productName: item.productName, productType: item.type };
      const complete = v.safeParse(StoredProductDataSchema, merged);
      if (!complete.success) {
        problems.push(...complete.issues.map((issue) => `${domain}: ${item.productName}.${v.getDotPath(issue) ?? ''}: ${issue.message}`));
        continue;
      }
      const data = complete.output as ProductData;
      problems.push(...productDataProblems(data).map((problem) => `${domain}: ${problem}`));
      products.push({ domain, data });
    }
    problems.push(...crossSellProblems(domain, offered, products.filter((item) => item.domain === domain).map((item) => item.data)));
  }
  const regCodes = new Set<string>();
  for (const partner of parsed.output.partners) {
    if (regCodes.has(partner.regCode)) problems.push(`partners: the registration code ${partner.regCode} is used twice`);
    regCodes.add(partner.regCode);
    for (const product of partner.products) {
      const entry = catalogueEntry(product.productName);
      if (!entry?.domains.includes(product.domain)) problems.push(`partners: ${partner.id} sells ${product.productName}, which ${product.domain} does not offer`);
      const base = products.find((item) => item.domain === product.domain && item.data.productName === product.productName);
      if (base) problems.push(...overrideProblems(base.data, product.overrides).map((problem) => `partners: ${partner.id} ${product.goodsName}: ${problem}`));
    }
  }
  const campaignCodes = new Set<string>();
  for (const campaign of parsed.output.campaigns) {
    const key = `${campaign.domain} ${campaign.code}`;
    if (campaignCodes.has(key)) problems.push(`campaigns: ${campaign.domain} lists ${campaign.code} twice`);
    campaignCodes.add(key);
    for (const productName of campaign.products) {
      if (!catalogueEntry(productName)?.domains.includes(campaign.domain)) problems.push(`campaigns: ${campaign.code} is for ${productName}, which ${campaign.domain} does not offer`);
    }
  }
  problems.push(...credentialProblems(parsed.output.partners, parsed.output.brokers));
  if (problems.length) throw new PricingDataError(problems);
  return { products, partners: parsed.output.partners, campaigns: parsed.output.campaigns, brokers: parsed.output.brokers };
}

/**
 * Decision 174: a card is cross-sold only with a consumer loan (never a housing or real-estate loan,
 * hire purchase or a card), and it is a credit card the same domain offers.
 */
function crossSellProblems(domain: BusinessDomain, offered: readonly CatalogueEntry[], products: readonly ProductData[]): string[] {
  const problems: string[] = [];
  for (const { productName: name, productType, crossSellCard: card } of products) {
    if (card === null || card === undefined) continue;
    if (productType !== 'CONSUMER_LOAN') problems.push(`${domain}: ${name} cannot cross-sell a card: only a consumer loan does`);
    const named = offered.find((item) => item.productName === card);
    if (!named) problems.push(`${domain}: ${name} cross-sells ${card}, which this domain does not offer`);
    else if (named.type !== 'CREDIT_CARD') problems.push(`${domain}: ${name} cross-sells ${card}, which is not a credit card`);
  }
  return problems;
}

/** Decision 188: a key id names one key; a key hash is one key's. */
function credentialProblems(partners: readonly PartnerEntry[], brokers: readonly BrokerEntry[]): string[] {
  const problems: string[] = [];
  const keyIds = new Set<string>();
  const hashes = new Set<string>();
  const brokerIds = new Set<string>();
  for (const broker of brokers) {
    if (brokerIds.has(broker.id)) problems.push(`brokers: the id ${broker.id} is used twice`);
    brokerIds.add(broker.id);
  }
  const owners = [...partners.map((p) => ({ name: `partners: ${p.id}`, credentials: p.apiCredentials })), ...brokers.map((b) => ({ name: `brokers: ${b.id}`, credentials: b.apiCredentials }))];
  for (const { name, credentials } of owners) {
    for (const credential of credentials) {
      if (keyIds.has(credential.keyId)) problems.push(`${name}: the key id ${credential.keyId} is used twice`);
      if (hashes.has(credential.sha256)) problems.push(`${name}: the key ${credential.keyId} has the hash of another key`);
      keyIds.add(credential.keyId);
      hashes.add(credential.sha256);
    }
  }
  return problems;
}

function overrideProblems(product: ProductData, overrides: PartnerProductOverrides): string[] {
  const minAmount = overrides.minAmount ?? product.minAmount;
  const maxAmount = overrides.maxAmount ?? product.maxAmount;
  const minPeriod = overrides.minPeriod ?? product.minPeriod;
  const maxPeriod = overrides.maxPeriod ?? product.maxPeriod;
  const problems: string[] = [];
  if (minAmount > maxAmount) problems.push(`minAmount ${minAmount} is above maxAmount ${maxAmount}`);
  if (minPeriod > maxPeriod) problems.push(`minPeriod ${minPeriod} is above maxPeriod ${maxPeriod}`);
  return problems;
}

export function readPricingDataFile(file: string = pricingDataFile()): PricingData {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new PricingDataError([`${file}: ${error instanceof Error ? error.message : String(error)}`]);
  }
  return parsePricingData(json);
}

