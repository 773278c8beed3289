import type { Locale } from '../../core/domain/languages';

/**
 * Each language's name in that language (an endonym): a language switch lists the languages as
 * their speakers know them, so these are deliberately not translated.
 */
export const LANGUAGE_ENDONYMS: Record<Locale, string> = {
  en: 'English',
  et: 'Eesti',
  lv: 'Latviešu',
  lt: 'Lietuvių',
  ru: 'Русский',
};
