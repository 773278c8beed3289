import type { RuntimeConfig } from '../core/wire/config.schema';
import { countryOfDomain, type BusinessDomain, type CountryCode } from '../core/domain/business-domains';
import { COUNTRY_LOCALES, isLocale, type Locale } from '../core/domain/languages';
import { CONTACTS, contactsOfCountry, missingContactFields, type ContactTable } from '../core/domain/contacts';
import { DEFAULT_PRODUCT, findProduct, type ProductName } from '../core/domain/products';
import { SIMULATED_CAPTCHA_SITE_KEY } from './providers/captcha/captcha.settings';
import { ConfigError, readBoolean, readList, readMode, readSessionTtlSeconds, readString, readUrl, type Environment } from './config/env';

/**
 * Section 9's runtime configuration that the app reads at start (`GET /api/v1/runtime-config`),
 * checked when the server starts so a misconfigured country never reaches an applicant.
 */
export function loadClientConfig(
  env: Environment,
  businessDomain: BusinessDomain,
  /** The code tables the check reads; tests pass broken ones to see start-up refuse them. */
  tables: { contacts?: ContactTable; defaultProduct?: Readonly<Record<BusinessDomain, ProductName>> } = {},
): RuntimeConfig {
  const countryCode = readCountry(env, businessDomain);
  const allowedLocales = readAllowedLocales(env, countryCode);
  const defaultLocale = readDefaultLocale(env, countryCode, allowedLocales);
  const defaultProduct = (tables.defaultProduct ?? DEFAULT_PRODUCT)[businessDomain];
  if (!defaultProduct || !findProduct(businessDomain, defaultProduct)) {
    throw new ConfigError('BUSINESS_DOMAIN', `"${businessDomain}" has no default product${defaultProduct ? ` ${defaultProduct} in its catalogue` : ''}.`);
  }
  // Sections 1 and 8: every language offered needs its footer contact details.
  const contactProblems = missingContactFields(tables.contacts ?? CONTACTS, countryCode, allowedLocales);
  if (contactProblems.length) {
    throw new ConfigError('ALLOWED_LANGUAGES', `offers a language without its contact details (core/domain/contacts.ts): ${contactProblems.join('; ')}.`);
  }
  const captchaEnabled = readBoolean(env, 'CAPTCHA_ENABLED');
  // A real provider's site key is the bank's; the simulated captcha (no CAPTCHA_VERIFY_URL) has its own (decision 169).
  const realCaptcha = readString(env, 'CAPTCHA_VERIFY_URL') !== undefined;
  const siteKey = readString(env, 'CAPTCHA_SITE_KEY') ?? (captchaEnabled && !realCaptcha ? SIMULATED_CAPTCHA_SITE_KEY : null);
  if (captchaEnabled && !siteKey) throw new ConfigError('CAPTCHA_SITE_KEY', 'is required when CAPTCHA_ENABLED is true and CAPTCHA_VERIFY_URL is set.');
  const fallback = readUrl(env, 'FALLBACK_LOAN_APPLICATION_URL');
  return {
    businessDomain,
    countryCode,
    allowedLocales,
    defaultLocale,
    captcha: { enabled: captchaEnabled, siteKey },
    // Section 4: the fallback loan application is used only in Estonian retail.
    fallbackLoanApplicationUrl: businessDomain === 'retail-banking-ee' ? fallback : null,
    selfServiceUrl: readUrl(env, 'SELF_SERVICE_URL'),
    mode: readMode(env),
    session: { warningSeconds: readSessionWarningSeconds(env) },
    contacts: contactsOfCountry(countryCode, allowedLocales, tables.contacts ?? CONTACTS),
  };
}

/**
 * Issue 3: how long before the session ends the applicant is warned: 2 minutes by default (half
 * the session when that is shorter), at least 20 seconds (WCAG 2.2.1) and shorter than the session
 * (SESSION_TTL_SECONDS, checked in config.ts), or the warning could never close.
 */
function readSessionWarningSeconds(env: Environment): number {
  const ttl = readSessionTtlSeconds(env);
  const raw = readString(env, 'SESSION_WARNING_SECONDS');
  if (raw === undefined) return Math.max(20, Math.min(120, Math.floor(ttl / 2)));
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 20 || seconds >= ttl) {
    throw new ConfigError('SESSION_WARNING_SECONDS', `is "${raw}"; expected an integer of at least 20, less than SESSION_TTL_SECONDS (${ttl}).`);
  }
  return seconds;
}

function readCountry(env: Environment, domain: BusinessDomain): CountryCode {
  const raw = readString(env, 'COUNTRY_CODE');
  if (raw === undefined) return countryOfDomain(domain);
  if (raw !== 'EE' && raw !== 'LV' && raw !== 'LT') throw new ConfigError('COUNTRY_CODE', `is "${raw}"; allowed values: EE, LV, LT.`);
  if (domain !== 'corporate-banking' && raw !== countryOfDomain(domain)) {
    throw new ConfigError('COUNTRY_CODE', `is "${raw}", but ${domain} serves ${countryOfDomain(domain)}.`);
  }
  return raw;
}

/** Section 1: each country's languages, plus English where configuration allows it (default: allowed). */
function readAllowedLocales(env: Environment, country: CountryCode): Locale[] {
  const offered: readonly Locale[] = [...COUNTRY_LOCALES[country], 'en'];
  if (readString(env, 'ALLOWED_LANGUAGES') === undefined) return [...offered];
  const list = readList(env, 'ALLOWED_LANGUAGES').map((item) => item.toLowerCase());
  for (const item of list) {
    if (!isLocale(item) || !offered.includes(item)) {
      throw new ConfigError('ALLOWED_LANGUAGES', `contains "${item}"; ${country} offers ${offered.join(', ')}.`);
    }
  }
  if (list.length === 0) throw new ConfigError('ALLOWED_LANGUAGES', 'names no language.');
  return list as Locale[];
}

function readDefaultLocale(env: Environment, country: CountryCode, allowed: readonly Locale[]): Locale {
  const raw = readString(env, 'DEFAULT_LANGUAGE')?.toLowerCase();
  const fallback = COUNTRY_LOCALES[country].find((l) => allowed.includes(l)) ?? allowed[0];
  const chosen = raw ?? fallback;
  if (!chosen || !isLocale(chosen) || !allowed.includes(chosen)) {
    throw new ConfigError('DEFAULT_LANGUAGE', `is "${raw}"; it must be one of the allowed languages: ${allowed.join(', ')}.`);
  }
  return chosen;
}
