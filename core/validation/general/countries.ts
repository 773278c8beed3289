/**
 * Country codes for the citizenship and tax residency selects. XX is the unknown country
 * (excluded from tax residency, section 5); XA is the Latvian non-citizen status used beside LV.
 */
export const UNKNOWN_COUNTRY_CODE = 'XX';
export const LATVIAN_NON_CITIZEN_CODE = 'XA';

export interface CountryOption {
  code: string;
  label: string;
}

/**
 * Options sorted by their translated text in the active language (section 5, tax residency): the
 * language's own order of letters, and for texts that differ only in accents or case the same order
 * whatever order they came in.
 */
export function sortByTranslatedLabel<T extends CountryOption>(options: readonly T[], localeTag: string): T[] {
  const collator = new Intl.Collator(localeTag);
  return [...options].sort((a, b) => collator.compare(a.label, b.label));
}
