import { LOCALE_TAG, type Locale } from './languages';

/**
 * A calendar day the API sends as `YYYY-MM-DD`, as a long date in the reader's language ("26 November
 * 2026"). Its own module so that only the screens that show one (the contract steps) load it.
 */
export function formatIsoDay(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAG[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}
