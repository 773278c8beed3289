import * as v from 'valibot';
import { plainRecord } from '../../core/wire/plain-record';

/**
 * `applications.data`: the parts of section 3's application this API keeps as one document. Loose
 * objects, so fields later steps add (offer, decision, contract, ...) survive a read and a write.
 */
export const CreditConditionsDataSchema = v.looseObject({
  productName: v.string(),
  loanAmount: v.nullable(v.number()),
  loanPeriod: v.nullable(v.number()),
  loanPurpose: v.nullable(v.string()),
  interestRate: v.nullable(v.number()),
  monthlyPaymentDay: v.number(),
  /** A housing loan (section 5): the price and the own contribution the amount is their difference of. */
  price: v.optional(v.number()),
  selfFinancingAmount: v.optional(v.number()),
});

export const StoredApplicationDataSchema = v.looseObject({
  currency: v.string(),
  creditConditions: CreditConditionsDataSchema,
  /** Section 3: what the applicant first asked for, before any step changed it. */
  initialCreditConditions: v.object({ loanAmount: v.nullable(v.number()), loanPeriod: v.nullable(v.number()) }),
  source: v.object({
    channel: v.string(),
    applicationOrigin: v.string(),
    countryCode: v.string(),
    /** Section 3: the partner a partner-hosted application came from (its redirect URL once accepted). */
    partner: v.optional(v.object({ id: v.string(), regCode: v.string(), redirectUrl: v.optional(v.string()) })),
    /** Decision 188: section 6's hosting platform, from the proven channel; the broker of a broker API application. */
    hostingPlatform: v.optional(v.string()),
    broker: v.optional(v.object({ id: v.string() })),
    /** Decision 110: what a customer administrator recorded (only with their token, decision 188). */
    creationChannel: v.optional(v.string()),
    customerIdentified: v.optional(v.boolean()),
  }),
  sourceMetaData: v.object({
    /** Decision 190: the consented analytics data (core/wire/tracking.schema.ts), checked when written. */
    tracking: v.optional(plainRecord(v.string(), v.unknown())),
  }),
  /** Section 3's partner parameters, under the names the spec gives them; only those the link had. */
  processData: v.optional(v.object({ webShopRedirectUri: v.optional(v.string()), webShopApplicationReferenceId: v.optional(v.string()) })),
  goodsName: v.optional(v.string()),
  goodsPrice: v.optional(v.number()),
  seller: v.optional(
    v.object({ businessName: v.optional(v.string()), legalName: v.optional(v.string()), regCode: v.optional(v.string()), phoneNumber: v.optional(v.string()) }),
  ),
  campaignCode: v.optional(v.string()),
  /** Section 3: UPSALE for an offer made to an existing customer. */
  changeType: v.optional(v.picklist(['UPSALE', 'LIMIT_INCREASE'])),
  customData: plainRecord(v.string(), v.unknown()),
});
export type StoredApplicationData = v.InferOutput<typeof StoredApplicationDataSchema>;

export function readApplicationData(stored: unknown): StoredApplicationData {
  return v.parse(StoredApplicationDataSchema, stored);
}

export type JsonObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; anything else (arrays included) replaces what was there. */
export function deepMerge(target: JsonObject, updates: JsonObject): JsonObject {
  const merged: JsonObject = { ...target };
  for (const [key, value] of Object.entries(updates)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return merged;
}
