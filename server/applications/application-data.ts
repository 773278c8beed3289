import * as v from 'valibot';

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
});

export const StoredApplicationDataSchema = v.looseObject({
  currency: v.string(),
  creditConditions: CreditConditionsDataSchema,
  /** Section 3: what the applicant first asked for, before any step changed it. */
  initialCreditConditions: v.object({ loanAmount: v.nullable(v.number()), loanPeriod: v.nullable(v.number()) }),
  source: v.object({ channel: v.string(), applicationOrigin: v.string(), countryCode: v.string() }),
  sourceMetaData: v.object({
    tracking: v.optional(v.record(v.string(), v.string())),
    partner: v.optional(v.record(v.string(), v.string())),
  }),
  customData: v.record(v.string(), v.unknown()),
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
