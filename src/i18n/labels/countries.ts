/**
 * Country names for selects (citizenship, the country of an address): each ISO code named in the
 * reader's language by the browser (Intl.DisplayNames), the Latvian non-citizen status (XA, not a
 * country) by our catalog. Sorted by name in that language, with the served country first.
 */
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { CountryCode } from '../../../core/domain/business-domains';
import { LOCALE_TAG, isLocale } from '../../../core/domain/languages';
import { LATVIAN_NON_CITIZEN_CODE, sortByTranslatedLabel } from '../../../core/validation/general/countries';
import type { CountryOption } from '../../../core/validation/general/countries';

const NON_CITIZEN = msg`Latvian non-citizen`;

function tagOf(locale: string): string {
  return isLocale(locale) ? LOCALE_TAG[locale] : locale;
}

/** Names codes in `locale` (one Intl.DisplayNames for a whole list). */
function namer(i18n: I18n, locale: string): (code: string) => string {
  const names = new Intl.DisplayNames([tagOf(locale)], { type: 'region', fallback: 'code' });
  return (code) => (code === LATVIAN_NON_CITIZEN_CODE ? i18n._(NON_CITIZEN) : (names.of(code) ?? code));
}

/**
 * Options for `codes` in `locale` (the active one: a parameter, so a memo of the list follows a
 * language change): the served country (and, in Latvia, the non-citizen status) first, then by name.
 */
export function countryOptions(i18n: I18n, locale: string, codes: readonly string[], served: CountryCode): { value: string; label: string }[] {
  const name = namer(i18n, locale);
  const first = [served, ...(served === 'LV' ? [LATVIAN_NON_CITIZEN_CODE] : [])].filter((code) => codes.includes(code));
  const rest: CountryOption[] = codes.filter((code) => !first.includes(code)).map((code) => ({ code, label: name(code) }));
  return [...first.map((code) => ({ code, label: name(code) })), ...sortByTranslatedLabel(rest, tagOf(locale))].map(({ code, label }) => ({ value: code, label }));
}
