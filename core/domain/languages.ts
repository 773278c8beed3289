import type { CountryCode } from './business-domains';

/** Interface languages (section 1). */
export const LOCALES = ['en', 'et', 'lv', 'lt', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** Per-country language sets (section 1). English is added where configuration allows it. */
export const COUNTRY_LOCALES: Record<CountryCode, readonly Locale[]> = {
  EE: ['et', 'ru'],
  LT: ['lt'],
  LV: ['lv', 'ru'],
};

/** Three-letter language codes used by the back end (section 1): eng, est, lav, lit, rus. */
const ISO3_TO_LOCALE: Record<string, Locale> = { eng: 'en', est: 'et', lav: 'lv', lit: 'lt', rus: 'ru' };
const LOCALE_TO_ISO3: Record<Locale, string> = { en: 'eng', et: 'est', lv: 'lav', lt: 'lit', ru: 'rus' };

export function localeFromLanguageCode(code: string | null | undefined): Locale | undefined {
  if (!code) return undefined;
  const lower = code.toLowerCase();
  return ISO3_TO_LOCALE[lower] ?? (isLocale(lower) ? lower : undefined);
}

/** The three-letter codes the back end accepts for a person's language. */
export const LANGUAGE_CODES = Object.values(LOCALE_TO_ISO3);

export function languageCodeFromLocale(locale: Locale): string {
  return LOCALE_TO_ISO3[locale];
}

/** The BCP 47 tag for `Intl` and the document's `lang` attribute. */
export const LOCALE_TAG: Record<Locale, string> = { en: 'en-GB', et: 'et-EE', lv: 'lv-LV', lt: 'lt-LT', ru: 'ru-RU' };
