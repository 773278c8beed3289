import type { CountryCode } from './business-domains';
import type { Locale } from './languages';

/**
 * Section 1/2: the footer's contact data differ per country and language. Solis is a fictional
 * brand, so every address is under the reserved `.example` domains (RFC 2606) and the phone
 * numbers are in ranges no real customer line uses; a real brand replaces this table.
 */
export interface SocialLink {
  /** The network's own name, the same in every language. */
  network: 'Facebook' | 'LinkedIn' | 'YouTube' | 'Instagram';
  url: string;
}

export interface ContactDetails {
  /** As dialled from abroad, with spaces for reading (`tel:` links strip them). */
  phone: string;
  email: string;
  contactUrl: string;
  termsUrl: string;
  cookiePolicyUrl: string;
  /** How the bank processes personal data (the first step links to it: answers are saved as typed). */
  privacyNoticeUrl: string;
  socialLinks: readonly SocialLink[];
}

export type ContactTable = Readonly<Record<CountryCode, Partial<Record<Locale, ContactDetails>>>>;

const SITE = 'https://www.solis.example';

function details(
  country: string,
  locale: Locale,
  phone: string,
  email: string,
  paths: { contact: string; terms: string; cookies: string; privacy: string },
): ContactDetails {
  const base = `${SITE}/${country}/${locale}`;
  return {
    phone,
    email,
    contactUrl: `${base}/${paths.contact}`,
    termsUrl: `${base}/${paths.terms}`,
    cookiePolicyUrl: `${base}/${paths.cookies}`,
    privacyNoticeUrl: `${base}/${paths.privacy}`,
    socialLinks: [
      { network: 'Facebook', url: `https://facebook.example/solis.${country}` },
      { network: 'LinkedIn', url: `https://linkedin.example/company/solis-${country}` },
      { network: 'YouTube', url: `https://youtube.example/@solis${country}` },
    ],
  };
}

const EN_PATHS = { contact: 'contact', terms: 'terms', cookies: 'cookies', privacy: 'privacy' };

/** Every language a country offers (section 1) plus English has its own entry. */
export const CONTACTS: ContactTable = {
  EE: {
    et: details('ee', 'et', '+372 600 4400', 'info.ee@solis.example', { contact: 'kontakt', terms: 'tingimused', cookies: 'kupsised', privacy: 'andmekaitse' }),
    ru: details('ee', 'ru', '+372 600 4401', 'info.ee@solis.example', { contact: 'kontakty', terms: 'usloviya', cookies: 'cookies', privacy: 'konfidencialnost' }),
    en: details('ee', 'en', '+372 600 4402', 'info.ee@solis.example', EN_PATHS),
  },
  LV: {
    lv: details('lv', 'lv', '+371 6700 4400', 'info.lv@solis.example', { contact: 'kontakti', terms: 'noteikumi', cookies: 'sikdatnes', privacy: 'privatums' }),
    ru: details('lv', 'ru', '+371 6700 4401', 'info.lv@solis.example', { contact: 'kontakty', terms: 'usloviya', cookies: 'cookies', privacy: 'konfidencialnost' }),
    en: details('lv', 'en', '+371 6700 4402', 'info.lv@solis.example', EN_PATHS),
  },
  LT: {
    lt: details('lt', 'lt', '+370 5 200 4400', 'info.lt@solis.example', { contact: 'kontaktai', terms: 'salygos', cookies: 'slapukai', privacy: 'privatumas' }),
    en: details('lt', 'en', '+370 5 200 4402', 'info.lt@solis.example', EN_PATHS),
  },
};

const REQUIRED_FIELDS = ['phone', 'email', 'contactUrl', 'termsUrl', 'cookiePolicyUrl', 'privacyNoticeUrl'] as const;

/**
 * Section 8: a locale without its contact fields is a configuration error. Returns one line per
 * problem (empty when the country's locales are all complete), for the start-up check.
 */
export function missingContactFields(table: ContactTable, country: CountryCode, locales: readonly Locale[]): string[] {
  const problems: string[] = [];
  for (const locale of locales) {
    const entry = table[country][locale];
    if (!entry) {
      problems.push(`${country}/${locale} has no contact details`);
      continue;
    }
    const missing: string[] = REQUIRED_FIELDS.filter((field) => !entry[field]?.trim());
    if (entry.socialLinks.length === 0) missing.push('socialLinks');
    if (missing.length) problems.push(`${country}/${locale} lacks ${missing.join(', ')}`);
  }
  return problems;
}

/** The contact details of a country in each of the languages it offers (the runtime configuration's). */
export function contactsOfCountry(country: CountryCode, locales: readonly Locale[], table: ContactTable = CONTACTS): Partial<Record<Locale, ContactDetails>> {
  return Object.fromEntries(locales.flatMap((locale) => (table[country][locale] ? [[locale, table[country][locale]]] : [])));
}

/** The contact details of a country and language; the start-up check guarantees they exist. */
export function contactsOf(country: CountryCode, locale: Locale, table: ContactTable = CONTACTS): ContactDetails | undefined {
  return table[country][locale];
}
