import type { Locale } from '../domain/languages';

/** A number for a text control: no grouping, the language's decimal mark ("1500,5" in Estonian). */
export function showNumber(value: number, locale: Locale): string {
  const plain = String(value);
  return locale === 'en' ? plain : plain.replace('.', ',');
}
