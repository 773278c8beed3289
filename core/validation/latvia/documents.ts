import * as v from 'valibot';
import { MESSAGES } from '../messages';
import { firstFailing } from '../general/rules';

/**
 * Section 5 (Latvia): passport number: a two-letter prefix from a fixed set plus 7 digits. The
 * spec does not list the set; these are the series of Latvian passports in circulation
 * (docs/decisions/013-ambiguous-spec-rules.md): LV and LX for citizens, LN for non-citizens.
 */
export const LATVIAN_PASSPORT_PREFIXES = ['LV', 'LX', 'LN'] as const;

const compactUpper = (text: string) => text.replace(/\s/g, '').toUpperCase();

/** Two letters plus 7 digits, the whole text: the shape of both documents' numbers. */
const TWO_LETTERS_SEVEN_DIGITS = /^[A-Z]{2}\d{7}$/;

export function isLatvianPassportNumber(text: string): boolean {
  return TWO_LETTERS_SEVEN_DIGITS.test(text) && (LATVIAN_PASSPORT_PREFIXES as readonly string[]).includes(text.slice(0, 2));
}

/** Section 5 (Latvia): ID card number: two letters plus 7 digits. */
export function isLatvianIdCardNumber(text: string): boolean {
  return TWO_LETTERS_SEVEN_DIGITS.test(text);
}

function documentNumberSchema(test: (text: string) => boolean, message: typeof MESSAGES.passportNumberLatvia | typeof MESSAGES.idCardNumberLatvia) {
  return v.pipe(
    v.string(MESSAGES.required),
    v.transform(compactUpper),
    v.nonEmpty(MESSAGES.required),
    firstFailing<string>([[test, message]]),
  );
}

export const latvianPassportNumberSchema = () => documentNumberSchema(isLatvianPassportNumber, MESSAGES.passportNumberLatvia);
export const latvianIdCardNumberSchema = () => documentNumberSchema(isLatvianIdCardNumber, MESSAGES.idCardNumberLatvia);

/** The number field for the chosen document type (section 3: ID_CARD, PASSPORT). */
export function latvianDocumentNumberSchema(documentType: 'ID_CARD' | 'PASSPORT') {
  return documentType === 'PASSPORT' ? latvianPassportNumberSchema() : latvianIdCardNumberSchema();
}
