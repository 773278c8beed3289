import { withPartnerOverrides, type ProductData, type ProductTable } from '../../core/domain/product-data';
import { isCorporate } from '../../core/domain/business-domains';
import { findProduct, findProductInAnyCountry } from '../../core/domain/products';
import type { PartnerLinkChannel } from '../applications/partner-link-channel';
import type { Queryable } from '../db/database';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { findProductData, keptProductData, keptProductTable, loadProductTable, partnerByRegCode, type Partner, type PartnerScope, type ProductDataKeeping } from './pricing-repository';

/** Test-mode registrations are seen only in test mode. */
export function partnerScope(deps: AppDeps, owner: Owner | null | undefined): PartnerScope {
  return { domain: deps.config.businessDomain, owner: deps.config.mode === 'test' ? (owner ?? null) : null, keep: productDataKeepingOf(deps) };
}

/** Decision 199: the app's own kept product data (one per database handle), by the app's clock. */
export function productDataKeepingOf(deps: Pick<AppDeps, 'db' | 'clock'>): ProductDataKeeping {
  return { database: deps.db, clock: deps.clock };
}

/**
 * `POST /api/v2/pricing-conditions`: one product's data for the configured domain. A product the
 * domain does not offer is not found, like an unknown one. Corporate banking answers every corporate
 * product: the company's country is chosen on businessData (a bank's staff may apply for a company of
 * another country than the configured one), and the step checks the product against it (decision 184).
 */
export async function pricingConditions(deps: AppDeps, productName: string): Promise<ProductData> {
  const { businessDomain, client } = deps.config;
  const offered = isCorporate(businessDomain) ? findProductInAnyCountry(businessDomain, productName) : findProduct(businessDomain, productName, client.countryCode);
  if (!offered) throw notFound();
  const data = await keptProductData(deps.db, businessDomain, productName, productDataKeepingOf(deps));
  // The start-up check makes this a defect, not the caller's fault.
  if (!data) throw new Error(`No product data for ${productName} in ${businessDomain}`);
  return data;
}

export interface PartnerProduct {
  partner: Partner;
  goodsName: string;
  product: ProductData;
  /** Decision 189: the channel the partner's link for these goods makes. */
  channel: PartnerLinkChannel;
}

/** The product a partner sells under `goodsName`, with the partner's terms; undefined when there is none. */
export async function findPartnerProduct(db: Queryable, scope: PartnerScope, regCode: string, goodsName: string): Promise<PartnerProduct | undefined> {
  const partner = await partnerByRegCode(db, scope, regCode);
  const sold = partner?.products.find((product) => product.goodsName === goodsName);
  if (!partner || !sold || !findProduct(scope.domain, sold.productName)) return undefined;
  const base = scope.keep ? await keptProductData(db, scope.domain, sold.productName, scope.keep) : await findProductData(db, scope.domain, sold.productName);
  if (!base) return undefined;
  return { partner, goodsName, product: withPartnerOverrides(base, sold.overrides), channel: sold.channel };
}

/** `POST /api/partner-api/product-data`: not found for an unknown partner or goods. */
export async function partnerProductData(deps: AppDeps, owner: Owner | null | undefined, regCode: string, goodsName: string): Promise<PartnerProduct> {
  const found = await findPartnerProduct(deps.db, partnerScope(deps, owner), regCode, goodsName);
  if (!found) throw new ApiError('NOT_FOUND', 'This partner does not sell these goods with us.');
  return found;
}

/**
 * The product data a step's contract is checked against: the domain's, with the partner's terms in
 * place of its product's for an application that came from a partner's shop (section 3).
 */
export async function productTableFor(
  db: Queryable,
  scope: PartnerScope,
  partnerGoods: { regCode: string | null | undefined; goodsName: string | null | undefined },
): Promise<ProductTable> {
  const table = scope.keep ? await keptProductTable(db, scope.domain, scope.keep) : await loadProductTable(db, scope.domain);
  if (!partnerGoods.regCode || !partnerGoods.goodsName) return table;
  const sold = await findPartnerProduct(db, scope, partnerGoods.regCode, partnerGoods.goodsName);
  return sold ? { ...table, [sold.product.productName]: sold.product } : table;
}

