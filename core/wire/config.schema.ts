import * as v from 'valibot';
import { BUSINESS_DOMAINS } from '../domain/business-domains';
import { LOCALES } from '../domain/languages';

/**
 * GET /api/v1/runtime-config: the section 9 runtime configuration the server was started with, so
 * one build serves every country. The server checks it at start-up; the client only reads it.
 */
export const RuntimeConfigSchema = v.object({
  businessDomain: v.picklist(BUSINESS_DOMAINS),
  countryCode: v.picklist(['EE', 'LV', 'LT'] as const),
  allowedLocales: v.pipe(v.array(v.picklist(LOCALES)), v.minLength(1)),
  defaultLocale: v.picklist(LOCALES),
  captcha: v.object({ enabled: v.boolean(), siteKey: v.nullable(v.string()) }),
  fallbackLoanApplicationUrl: v.nullable(v.string()),
  selfServiceUrl: v.nullable(v.string()),
  /** `production` hides what only tests may see (section 1: Russian for current-account products). */
  mode: v.picklist(['production', 'test'] as const),
  /** Issue 3: the session warning opens this long before the expiry (the length is the server's). */
  session: v.object({ warningSeconds: v.pipe(v.number(), v.integer(), v.minValue(20)) }),
  /**
   * The first task of a new application in this domain, as the server's process starts it (issue 8:
   * the client keeps no second copy of the process). Null where no process is offered online yet.
   */
  firstTaskDefinitionKey: v.optional(v.nullable(v.string())),
  /** Section 6 and 9: each feature flag, on or off (fields behind a flag are asked only when it is on). */
  features: v.optional(v.record(v.string(), v.boolean())),
});
export type RuntimeConfig = v.InferOutput<typeof RuntimeConfigSchema>;
