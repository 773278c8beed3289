import * as v from 'valibot';
import type { BusinessDomain } from '../../core/domain/business-domains';
import { PARTNER_LINK_CHANNELS, type PartnerLinkChannel } from '../applications/partner-link-channel';
import { DOCUMENT_PURPOSES, type DocumentPurpose } from '../../core/domain/documents';
import type { PartnerProductOverrides, ProductData, ProductTable } from '../../core/domain/product-data';
import type { Queryable } from '../db/database';
import type { Owner } from '../http/app-env';
import { PartnerEntrySchema, StoredProductDataSchema, type PartnerEntry, type PricingData } from './pricing-data-file';

/**
 * The product data and partners the reference API prices with (docs/decisions/090-product-data.md).
 * Test mode adds partners registered for one owner (a test's session): they are found first, so a
 * browser test registers its own shop without touching anyone else's.
 */

function readProduct(data: unknown): ProductData {
  return v.parse(StoredProductDataSchema, data) as ProductData;
}

/** Writes the file's product data and partners: the file wins for what it names, in one transaction. */
export async function writePricingData(db: Queryable, pricing: PricingData, now: Date): Promise<void> {
  for (const { domain, data } of pricing.products) {
    await db.query(
      `insert into product_data (business_domain, product_name, data, updated_at) values ($1, $2, $3::jsonb, $4)
       on conflict (business_domain, product_name) do update set data = excluded.data, updated_at = excluded.updated_at`,
      [domain, data.productName, JSON.stringify(data), now],
    );
  }
  for (const partner of pricing.partners) {
    await db.query(
      `insert into partners (id, reg_code, name, can_sign_digitally, return_addresses, updated_at) values ($1, $2, $3, $4, $5::jsonb, $6)
       on conflict (id) do update set reg_code = excluded.reg_code, name = excluded.name,
         can_sign_digitally = excluded.can_sign_digitally, return_addresses = excluded.return_addresses, updated_at = excluded.updated_at`,
      [partner.id, partner.regCode, partner.name, partner.canSignDigitally, JSON.stringify(partner.returnAddresses), now],
    );
    // A partner's products are what the file says now: ones it no longer lists go.
    await db.query('delete from partner_products where partner_id = $1', [partner.id]);
    for (const product of partner.products) {
      await db.query(
        'insert into partner_products (partner_id, business_domain, goods_name, product_name, overrides, channel) values ($1, $2, $3, $4, $5::jsonb, $6)',
        [partner.id, product.domain, product.goodsName, product.productName, JSON.stringify(product.overrides), product.channel ?? 'PARTNER_HOSTED_FLOW'],
      );
    }
  }
  await writeCampaigns(db, pricing.campaigns, now);
  await writeApiCredentials(db, pricing, now);
}

/** Decision 188: the brokers and every server-to-server key hash of the file; the file's list replaces the table's. */
async function writeApiCredentials(db: Queryable, pricing: PricingData, now: Date): Promise<void> {
  for (const broker of pricing.brokers) {
    await db.query(
      `insert into brokers (id, name, updated_at) values ($1, $2, $3) on conflict (id) do update set name = excluded.name, updated_at = excluded.updated_at`,
      [broker.id, broker.name, now],
    );
  }
  await db.query('delete from api_credentials');
  const rows = [
    ...pricing.partners.flatMap((partner) => partner.apiCredentials.map((key) => ({ ...key, partyKind: 'partner', partyId: partner.id }))),
    ...pricing.brokers.flatMap((broker) => broker.apiCredentials.map((key) => ({ ...key, partyKind: 'broker', partyId: broker.id, channel: 'BROKER_API' }))),
  ];
  for (const row of rows) {
    await db.query(
      'insert into api_credentials (key_id, key_hash, party_kind, party_id, channel, updated_at) values ($1, $2, $3, $4, $5, $6)',
      [row.keyId, row.sha256, row.partyKind, row.partyId, row.channel, now],
    );
  }
}

/** A campaign's documents (decision 159): the file's list replaces the table's. */
async function writeCampaigns(db: Queryable, campaigns: PricingData['campaigns'], now: Date): Promise<void> {
  await db.query('delete from campaigns');
  for (const campaign of campaigns) {
    await db.query('insert into campaigns (business_domain, code, data, updated_at) values ($1, $2, $3::jsonb, $4)', [
      campaign.domain,
      campaign.code,
      JSON.stringify({ name: campaign.name, products: campaign.products, documents: campaign.documents }),
      now,
    ]);
  }
}

const CampaignDataSchema = v.object({ products: v.array(v.string()), documents: v.array(v.picklist(DOCUMENT_PURPOSES)) });

/** The documents the campaign of `code` asks for on `productName` in a domain; none for another product or an unknown code. */
export async function campaignDocumentsOf(db: Queryable, domain: BusinessDomain, code: string | undefined, productName: string): Promise<DocumentPurpose[]> {
  if (!code) return [];
  const rows = await db.query<{ data: unknown }>('select data from campaigns where business_domain = $1 and code = $2', [domain, code.toUpperCase()]);
  const campaign = rows[0] ? v.parse(CampaignDataSchema, rows[0].data) : undefined;
  return campaign && campaign.products.includes(productName) ? campaign.documents : [];
}

/** Every product's data in a domain, by product name. */
export async function loadProductTable(db: Queryable, domain: BusinessDomain): Promise<ProductTable> {
  const rows = await db.query<{ product_name: string; data: unknown }>('select product_name, data from product_data where business_domain = $1', [domain]);
  return Object.fromEntries(rows.map((row) => [row.product_name, readProduct(row.data)]));
}

/**
 * Issue 26 item 7 (decision 199): how long a process keeps a domain's product data once read. The
 * table is written at start-up from the data file (decision 090); a back office that writes it
 * directly is seen by every process within this time. Every create and every submission read it
 * before, one statement each.
 */
export const PRODUCT_DATA_TTL_MS = 10_000;

/** Whose kept product data: the app's database handle (one cache per app), and the app's clock. */
export interface ProductDataKeeping {
  database: object;
  clock: () => Date;
}

const keptTables = new WeakMap<object, Map<BusinessDomain, { table: ProductTable; until: number }>>();

/**
 * The domain's product data as `loadProductTable` reads it, kept for PRODUCT_DATA_TTL_MS by the app's
 * clock. Frozen: callers share one parsed table, so none may change it for the others.
 */
export async function keptProductTable(db: Queryable, domain: BusinessDomain, keeping: ProductDataKeeping): Promise<ProductTable> {
  const now = keeping.clock().getTime();
  let byDomain = keptTables.get(keeping.database);
  if (!byDomain) keptTables.set(keeping.database, (byDomain = new Map()));
  const entry = byDomain.get(domain);
  if (entry && now < entry.until) return entry.table;
  const table = deepFreeze(await loadProductTable(db, domain));
  byDomain.set(domain, { table, until: now + PRODUCT_DATA_TTL_MS });
  return table;
}

/** One product's kept data; undefined when the domain has none of that name. */
export async function keptProductData(db: Queryable, domain: BusinessDomain, productName: string, keeping: ProductDataKeeping): Promise<ProductData | undefined> {
  const table: Readonly<Partial<Record<string, ProductData>>> = await keptProductTable(db, domain, keeping);
  return table[productName];
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export async function findProductData(db: Queryable, domain: BusinessDomain, productName: string): Promise<ProductData | undefined> {
  const rows = await db.query<{ data: unknown }>('select data from product_data where business_domain = $1 and product_name = $2', [domain, productName]);
  return rows[0] ? readProduct(rows[0].data) : undefined;
}

/** A partner and the products it sells in one domain. */
export interface Partner {
  id: string;
  regCode: string;
  name: string;
  canSignDigitally: boolean;
  returnAddresses: readonly string[];
  products: ReadonlyArray<{ goodsName: string; productName: string; overrides: PartnerProductOverrides; channel: PartnerLinkChannel }>;
}

/** Whose test-mode registrations may be seen (none outside test mode). */
export interface PartnerScope {
  domain: BusinessDomain;
  owner: Owner | null;
  /** Decision 199: whose kept product data to use (`keptProductTable`); without it, read from the database. */
  keep?: ProductDataKeeping;
}

async function sandboxPartner(db: Queryable, owner: Owner, where: { regCode?: string; id?: string }): Promise<Partner | undefined> {
  const rows = await db.query<{ value: unknown }>(
    `select value from sandbox_settings where owner_kind = $1 and owner_id = $2 and kind = 'partner'
       and ($3::text is null or key = $3) and ($4::text is null or value->>'id' = $4)
     limit 1`,
    [owner.kind, owner.id, where.regCode ?? null, where.id ?? null],
  );
  if (!rows[0]) return undefined;
  const entry = v.parse(PartnerEntrySchema, rows[0].value);
  return { ...entry, products: entry.products.map(({ goodsName, productName, overrides, channel }) => ({ goodsName, productName, overrides, channel: channel ?? 'PARTNER_HOSTED_FLOW' })) };
}

interface PartnerRow {
  id: string;
  reg_code: string;
  name: string;
  can_sign_digitally: boolean;
  return_addresses: unknown;
}

async function seededPartner(db: Queryable, domain: BusinessDomain, where: { regCode?: string; id?: string }): Promise<Partner | undefined> {
  const rows = await db.query<PartnerRow>(
    `select id, reg_code, name, can_sign_digitally, return_addresses from partners
     where ($1::text is null or reg_code = $1) and ($2::text is null or id = $2) limit 1`,
    [where.regCode ?? null, where.id ?? null],
  );
  const row = rows[0];
  if (!row) return undefined;
  const products = await db.query<{ goods_name: string; product_name: string; overrides: unknown; channel: string }>(
    'select goods_name, product_name, overrides, channel from partner_products where partner_id = $1 and business_domain = $2 order by goods_name',
    [row.id, domain],
  );
  return {
    id: row.id,
    regCode: row.reg_code,
    name: row.name,
    canSignDigitally: row.can_sign_digitally,
    returnAddresses: v.parse(v.array(v.string()), row.return_addresses),
    products: products.map((product) => ({
      goodsName: product.goods_name,
      productName: product.product_name,
      overrides: product.overrides as PartnerProductOverrides,
      channel: v.parse(v.picklist(PARTNER_LINK_CHANNELS), product.channel),
    })),
  };
}

/** The partner with this registration code (a test's own registration first). */
export async function partnerByRegCode(db: Queryable, scope: PartnerScope, regCode: string): Promise<Partner | undefined> {
  return (scope.owner && (await sandboxPartner(db, scope.owner, { regCode }))) || seededPartner(db, scope.domain, { regCode });
}

/** The partner with this id (section 7's partner parameters). */
export async function partnerById(db: Queryable, scope: PartnerScope, id: string): Promise<Partner | undefined> {
  return (scope.owner && (await sandboxPartner(db, scope.owner, { id }))) || seededPartner(db, scope.domain, { id });
}

/** Test mode: a partner for this owner only (`POST /api/sandbox/partners`). */
export async function registerSandboxPartner(db: Queryable, owner: Owner, partner: PartnerEntry, now: Date): Promise<void> {
  await db.query(
    `insert into sandbox_settings (owner_kind, owner_id, kind, key, value, created_at) values ($1, $2, 'partner', $3, $4::jsonb, $5)
     on conflict (owner_kind, owner_id, kind, key) do update set value = excluded.value, created_at = excluded.created_at`,
    [owner.kind, owner.id, partner.regCode, JSON.stringify(partner), now],
  );
}

/**
 * Section 3: a redirect URI is accepted only when it is one of the partner's registered return
 * addresses: the same origin (scheme, host and port) and the same path. Its query may differ (a
 * shop adds its order reference); credentials in it never pass.
 */
export function isRegisteredReturnAddress(uri: string, registered: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return false;
  return registered.some((address) => {
    const known = new URL(address);
    return known.origin === url.origin && known.pathname === url.pathname;
  });
}
