import * as v from 'valibot';
import { plainRecord } from './plain-record';
import { BUSINESS_DOMAINS } from '../domain/business-domains';
import { LOCALES, type Locale } from '../domain/languages';
import type { ContactDetails } from '../domain/contacts';

/**
 * GET /api/v1/runtime-config: the section 9 runtime configuration the server was started with, so
 * one build serves every country. The server checks it at start-up; the client only reads it.
 */
export const RuntimeConfigSchema = v.object({
  businessDomain: v.picklist(BUSINESS_DOMAINS),
  countryCode: v.picklist(['EE', 'LV', 'LT'] as const),
  allowedLocales: v.pipe(v.array(v.picklist(LOCALES)), v.minLength(1)),
  defaultLocale: v.picklist(LOCALES),
  captcha: v.object({
    enabled: v.boolean(),
    siteKey: v.nullable(v.string()),
    /** Issue 21: the provider's widget script (its api.js, or the simulator's), when captcha is on. */
    scriptUrl: v.optional(v.nullable(v.string())),
  }),
  fallbackLoanApplicationUrl: v.nullable(v.string()),
  selfServiceUrl: v.nullable(v.string()),
  /**
   * `production` and `demonstration` hide what only tests may see (section 1: Russian for
   * current-account products); `demonstration` also shows its marker (issue 21).
   */
  mode: v.picklist(['production', 'demonstration', 'test'] as const),
  /**
   * Issue 21: which outside parties this server can reach (a real provider or its simulator). A way
   * to sign, identify or give statements whose party is not configured is not offered.
   */
  providers: v.optional(
    v.object({
      smartId: v.boolean(),
      mobileId: v.boolean(),
      eparaksts: v.boolean(),
      /** The BICs of the banks whose payment signing is configured. */
      bankPayment: v.array(v.string()),
      openBanking: v.boolean(),
      remoteIdentification: v.boolean(),
      login: v.boolean(),
    }),
  ),
  /** Issue 21: where the simulated providers' pages are, when any provider is simulated (demonstration and test). */
  simulatorsUrl: v.optional(v.nullable(v.string())),
  /** Issue 3: the session warning opens this long before the expiry (the length is the server's). */
  session: v.object({ warningSeconds: v.pipe(v.number(), v.integer(), v.minValue(20)) }),
  /**
   * The first task of a new application in this domain, as the server's process starts it (issue 8:
   * the client keeps no second copy of the process). Null where no process is offered online yet.
   */
  firstTaskDefinitionKey: v.optional(v.nullable(v.string())),
  /** Section 6 and 9: each feature flag, on or off (fields behind a flag are asked only when it is on). */
  features: v.optional(plainRecord(v.string(), v.boolean())),
  /**
   * Issue 25 (decision 187): the parent pages that may embed the app (the server's ALLOWED_ORIGINS,
   * as its frame-ancestors lists them). The app talks by postMessage only to one of these.
   */
  embedding: v.optional(v.object({ parentOrigins: v.array(v.string()) })),
  /**
   * Sections 1 and 2: the footer's contact details of this country, per language offered (the
   * start-up check guarantees each; core/domain/contacts.ts). The server's table, not the app's:
   * the first page does not carry every country's contacts. The client only reads them.
   */
  contacts: v.custom<Partial<Record<Locale, ContactDetails>>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value)),
});
export type RuntimeConfig = v.InferOutput<typeof RuntimeConfigSchema>;
