import { Hono } from 'hono';
import {
  PartnerParametersRequestSchema,
  PartnerProductDataRequestSchema,
  PricingConditionsBatchRequestSchema,
  PricingConditionsRequestSchema,
} from '../../core/wire/pricing.schema';
import { notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { readJsonBody } from '../http/json-body';
import { parseOrFail } from '../http/validation';
import { partnerById } from '../pricing/pricing-repository';
import { partnerProductData, partnerScope, pricingConditions } from '../pricing/pricing.service';
import { ownerOf } from '../sessions/principal.middleware';

/**
 * Section 7's pricing calls (docs/decisions/090-product-data.md, 093-partners.md). The partner
 * calls are on the `/api/` base, like every call of the one HTTP client.
 */
export function pricingRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/v2/pricing-conditions', async (c) => {
    const { productName } = parseOrFail(PricingConditionsRequestSchema, await readJsonBody(c), 'The pricing request is invalid.');
    return ok(c, await pricingConditions(deps, productName));
  });

  // Decision 201: the products a page initialises, in one request; a product the domain does not
  // offer makes the whole answer NOT_FOUND, as it would alone.
  routes.post('/v2/pricing-conditions/batch', async (c) => {
    const { productNames } = parseOrFail(PricingConditionsBatchRequestSchema, await readJsonBody(c), 'The pricing request is invalid.');
    const products = [];
    for (const productName of productNames) products.push(await pricingConditions(deps, productName));
    return ok(c, { products });
  });

  routes.post('/partner-api/product-data', async (c) => {
    const { regCode, goodsName } = parseOrFail(PartnerProductDataRequestSchema, await readJsonBody(c), 'The product data request is invalid.');
    const found = await partnerProductData(deps, ownerOf(c), regCode, goodsName);
    return ok(c, { partner: { id: found.partner.id, name: found.partner.name }, goodsName: found.goodsName, product: found.product });
  });

  routes.post('/partner/parameters', async (c) => {
    const { id } = parseOrFail(PartnerParametersRequestSchema, await readJsonBody(c), 'The partner request is invalid.');
    const partner = await partnerById(deps.db, partnerScope(deps, ownerOf(c)), id);
    if (!partner) throw notFound();
    return ok(c, { canSignDigitally: partner.canSignDigitally });
  });

  return routes;
}
