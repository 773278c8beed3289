import { LOCALE_TAG, isLocale } from '../../core/domain/languages';
import { sortByTranslatedLabel } from '../../core/validation/general/countries';
import type { CountryOption } from '../../core/validation/general/countries';

const namers = new Map<string, Intl.DisplayNames>();

/** A country's name in the reader's language ("Eesti", "Estonia", "Эстония"), from CLDR. */
export function countryName(code: string, locale: string): string {
  const tag = isLocale(locale) ? LOCALE_TAG[locale] : locale;
  let namer = namers.get(tag);
  if (!namer) {
    namer = new Intl.DisplayNames([tag], { type: 'region', fallback: 'code' });
    namers.set(tag, namer);
  }
  return namer.of(code) ?? code;
}

/** The countries with their names in the reader's language, sorted by name (section 5, tax residency). */
export function countryOptions(locale: string, codes: readonly string[]): CountryOption[] {
  const tag = isLocale(locale) ? LOCALE_TAG[locale] : locale;
  return sortByTranslatedLabel(
    codes.map((code) => ({ code, label: countryName(code, locale) })),
    tag,
  );
}
