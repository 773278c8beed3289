import * as v from 'valibot';
import { MESSAGES } from '../messages';
import type { MessageKey } from '../messages';

/**
 * Section 5 (General, Money): allowed character sets per alphabet. Each value is the body of a
 * regular-expression character class holding the letters of that alphabet in both cases.
 */
export const ALPHABETS = {
  latin: 'A-Za-z',
  estonian: 'A-Za-zÕÄÖÜŠŽõäöüšž',
  latvian: 'A-Za-zĀČĒĢĪĶĻŅŠŪŽāčēģīķļņšūž',
  lithuanian: 'A-Za-zĄČĘĖĮŠŲŪŽąčęėįšųūž',
  finnish: 'A-Za-zÅÄÖŠŽåäöšž',
  swedish: 'A-Za-zÅÄÖåäö',
  russian: 'А-ЯЁа-яё',
  // The Bulgarian alphabet is the Russian one without Ё, Ы and Э.
  bulgarian: 'А-ЪЬЮЯа-ъьюя',
  // Latin with the accented letters of Latin-1 Supplement and Latin Extended-A/B, plus Cyrillic:
  // covers every other alphabet above and the names of foreign applicants.
  international: 'A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u0400-\u04FF',
} as const;

export type Alphabet = keyof typeof ALPHABETS;

function escapeForClass(chars: string): string {
  return chars.replace(/[\\\]^-]/g, '\\$&');
}

/** A regular expression that accepts only letters of the given alphabets plus `extra` characters. */
export function charactersPattern(alphabets: readonly Alphabet[], extra = ''): RegExp {
  const letters = alphabets.map((a) => ALPHABETS[a]).join('');
  return new RegExp(`^[${letters}${escapeForClass(extra)}]*$`, 'u');
}

export function isWrittenIn(text: string, alphabets: readonly Alphabet[], extra = ''): boolean {
  return charactersPattern(alphabets, extra).test(text);
}

/** Digits, space and the punctuation that appears in ordinary free text. */
export const TEXT_PUNCTUATION = '0123456789 .,;:!?\'"’«»„“()-–/&%+#№@\n';

/** A valibot check that the string uses only the given alphabets and extra characters. */
export function allowedCharacters(
  alphabets: readonly Alphabet[],
  extra: string = TEXT_PUNCTUATION,
  message: MessageKey = MESSAGES.textInvalidCharacters,
) {
  const pattern = charactersPattern(alphabets, extra);
  return v.check<string, MessageKey>((text) => pattern.test(text), message);
}
