import * as v from 'valibot';
import type { CountryCode } from '../../../core/domain/business-domains';
import { COMPANY_REGISTER_STATUSES, type CompanyRegisterStatus } from '../../../core/wire/business-register.schema';
import { joinUrl, providerCall } from '../provider-http';
import type { BusinessRegisterSettings } from './business-register.settings';

/**
 * The business register's company API (issue 24; docs/providers/business-register.md, decision 181):
 * `GET {base}/v1/companies/{country}/{registrationCode}` with `X-API-Key`, answered 200 with the
 * company or 404 `{ "error": "COMPANY_NOT_FOUND" }`. Anything else (a timeout, a 5xx, a body outside
 * the protocol) is a ProviderError: the API answers 503 PROVIDER_UNAVAILABLE and nothing changes.
 */
export const BUSINESS_REGISTER_PROVIDER = 'business-register';

export const RegisteredCompanySchema = v.object({
  registrationCode: v.string(),
  countryCode: v.picklist(['EE', 'LV', 'LT']),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  legalForm: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  /** NACE Rev. 2 section, A to U; null where the register holds none. */
  industryCode: v.nullable(v.pipe(v.string(), v.regex(/^[A-U]$/))),
  status: v.picklist(COMPANY_REGISTER_STATUSES),
});
export type RegisteredCompany = v.InferOutput<typeof RegisteredCompanySchema>;

const NotFoundSchema = v.object({ error: v.literal('COMPANY_NOT_FOUND') });
const AnswerSchema = v.union([RegisteredCompanySchema, NotFoundSchema]);

export interface BusinessRegister {
  /** The company registered under `registrationCode` in `country`, or null where none is. */
  lookUp(country: CountryCode, registrationCode: string): Promise<RegisteredCompany | null>;
}

export function createBusinessRegisterAdapter(options: { baseUrl: string; apiKey: string; timeoutMs: number; fetcher?: typeof fetch }): BusinessRegister {
  return {
    async lookUp(country, registrationCode) {
      const code = registrationCode.trim();
      const { body } = await providerCall({
        provider: BUSINESS_REGISTER_PROVIDER,
        url: joinUrl(options.baseUrl, `v1/companies/${encodeURIComponent(country)}/${encodeURIComponent(code)}`),
        headers: options.apiKey ? { 'x-api-key': options.apiKey } : {},
        schema: AnswerSchema,
        acceptStatuses: [404],
        timeoutMs: options.timeoutMs,
        ...(options.fetcher ? { fetcher: options.fetcher } : {}),
      });
      return 'error' in body ? null : body;
    },
  };
}

/** The register the settings name: the real one, its simulator once it listens, else null (production without it). */
export function businessRegisterFor(settings: BusinessRegisterSettings, simulatorsOrigin: string | null): BusinessRegister | null {
  if (settings.source.kind === 'real') return createBusinessRegisterAdapter({ baseUrl: settings.source.url, apiKey: settings.apiKey, timeoutMs: settings.timeoutMs });
  if (settings.source.kind === 'simulator' && simulatorsOrigin) {
    return createBusinessRegisterAdapter({ baseUrl: joinUrl(simulatorsOrigin, BUSINESS_REGISTER_PROVIDER), apiKey: '', timeoutMs: settings.timeoutMs });
  }
  return null;
}

/** Whether the register lets the company apply (section 1: a company in liquidation cannot borrow). */
export function mayApply(status: CompanyRegisterStatus): boolean {
  return status === 'ACTIVE';
}
