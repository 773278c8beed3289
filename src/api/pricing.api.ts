/** Section 7: the pricing calls and the entrances beside the application process. */
import { apiRequest } from './client';
import type { CallOptions } from './application.api';
import { CAPTCHA_HEADER } from '../../core/wire/envelope.schema';
import {
  CurrentAccountResponseSchema,
  LoyaltySegmentSchema,
  PartnerParametersSchema,
  PartnerProductDataSchema,
  PricingConditionsBatchSchema,
  ProductDataSchema,
  type CurrentAccountRequest,
  type PartnerProductData,
} from '../../core/wire/pricing.schema';
import type * as v from 'valibot';

export type WireProductData = v.InferOutput<typeof ProductDataSchema>;

/** POST /api/v2/pricing-conditions: one product's data for the configured domain. */
export function fetchPricingConditions(productName: string, options: CallOptions = {}): Promise<WireProductData> {
  return apiRequest('pricing-conditions', { base: 'v2', method: 'POST', body: { productName }, schema: ProductDataSchema, signal: options.signal });
}

/** POST /api/v2/pricing-conditions/batch: several products' data in one request, in the order asked (decision 201). */
export async function fetchPricingConditionsBatch(productNames: readonly string[], options: CallOptions = {}): Promise<WireProductData[]> {
  const reply = await apiRequest('pricing-conditions/batch', { base: 'v2', method: 'POST', body: { productNames }, schema: PricingConditionsBatchSchema, signal: options.signal });
  return reply.products;
}

/** POST /api/partner-api/product-data: a partner's product with its own terms (section 3). */
export function fetchPartnerProductData(request: { regCode: string; goodsName: string }, options: CallOptions = {}): Promise<PartnerProductData> {
  return apiRequest('partner-api/product-data', { base: 'api', method: 'POST', body: request, schema: PartnerProductDataSchema, signal: options.signal });
}

/** POST /api/partner/parameters: whether the partner can sign digitally (section 7). */
export function fetchPartnerParameters(id: string, options: CallOptions = {}): Promise<{ canSignDigitally: boolean }> {
  return apiRequest('partner/parameters', { base: 'api', method: 'POST', body: { id }, schema: PartnerParametersSchema, signal: options.signal });
}

/** GET /api/v1/application-process/upsale/loyalty-segment (section 4). */
export async function fetchLoyaltySegment(options: CallOptions = {}): Promise<string | null> {
  return (await apiRequest('application-process/upsale/loyalty-segment', { schema: LoyaltySegmentSchema, signal: options.signal })).segment;
}

/** POST /api/current-account: a current-account application (section 2); not retried; with the captcha token (issue 21). */
export async function createCurrentAccount(request: CurrentAccountRequest, options: CallOptions & { captchaToken?: string } = {}): Promise<string> {
  const headers = options.captchaToken ? { [CAPTCHA_HEADER]: options.captchaToken } : undefined;
  const reply = await apiRequest('current-account', { base: 'api', method: 'POST', body: request, headers, schema: CurrentAccountResponseSchema, signal: options.signal, retry: false });
  return reply.externalId;
}
