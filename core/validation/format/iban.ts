/** Section 9: IBAN length 26 (the formatted field: 21 characters in groups of four). */
export const IBAN_FORMATTED_MAX_LENGTH = 26;

/** Upper case, every non-alphanumeric removed: the electronic form of an IBAN. */
export function electronicIban(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * Section 5 (IBAN formatter): upper case, strip non-alphanumerics, group by 4, cut to 26.
 * "lv80bank0000435195001" -> "LV80 BANK 0000 4351 9500 1".
 */
export function formatIban(text: string): string {
  const grouped = electronicIban(text).replace(/(.{4})(?=.)/g, '$1 ');
  // 26 is five groups with their spaces and one character: the cut never leaves a space at the end.
  return grouped.slice(0, IBAN_FORMATTED_MAX_LENGTH);
}
