import type { BusinessDomain } from '../../core/domain/business-domains';
import type { ProductData, ProductTable } from '../../core/domain/product-data';
import type { Queryable } from '../db/database';

/**
 * Issue 26 item 7 (decision 199): how long a process keeps a domain's product data once read. The
 * table is written at start-up from the data file (decision 090); a back office that writes it
 * directly is seen by every process within this time. Every create and every submission read it
 * before, one query each.
 */
export const PRODUCT_DATA_TTL_MS = 10_000;

export interface ProductDataCache {
  /** The domain's product data, parsed: kept for PRODUCT_DATA_TTL_MS by the app's clock, then read again. */
  table(db: Queryable, domain: BusinessDomain): Promise<ProductTable>;
  /** One product's data; undefined when the domain has none of that name. */
  product(db: Queryable, domain: BusinessDomain, productName: string): Promise<ProductData | undefined>;
}

/**
 * A cache of its own per app (`appDepsOf`): nothing shared between apps on other databases. `load`
 * reads the table (`loadProductTable`; passed in, so the repository and this module need not know each other).
 */
export function productDataCache(
  clock: () => Date,
  load: (db: Queryable, domain: BusinessDomain) => Promise<ProductTable>,
  ttlMs = PRODUCT_DATA_TTL_MS,
): ProductDataCache {
  const kept = new Map<BusinessDomain, { table: ProductTable; until: number }>();
  const table = async (db: Queryable, domain: BusinessDomain): Promise<ProductTable> => {
    const now = clock().getTime();
    const entry = kept.get(domain);
    if (entry && now < entry.until) return entry.table;
    // Frozen: callers share one parsed table, so none may change it for the others.
    const fresh = deepFreeze(await load(db, domain));
    kept.set(domain, { table: fresh, until: now + ttlMs });
    return fresh;
  };
  return {
    table,
    async product(db, domain, productName) {
      const products: Readonly<Partial<Record<string, ProductData>>> = await table(db, domain);
      return products[productName];
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
