import * as v from 'valibot';
import { MESSAGES } from '../messages';
import { ALPHABETS } from '../general/alphabets';
import { addressLineSchema } from '../general/address';
import { orEmpty } from '../general/rules';

/* The Latvian postal code (LV-dddd) is in ../general/postal-code.ts with the others' (decision 193). */

const LATVIAN_LETTERS = `${ALPHABETS.latvian}${ALPHABETS.russian}`;
/** Section 5 (Latvia): full address: Latvian (and Cyrillic) letters, digits, space and . , - / " ' ( ) № #. */
const ADDRESS = new RegExp(`^[${LATVIAN_LETTERS}0-9 .,\\-/"'()№#]+$`, 'u');
/** Section 5 (Latvia): free text: as the address plus ordinary sentence punctuation. */
const TEXT = new RegExp(`^[${LATVIAN_LETTERS}0-9 .,\\-/"'()№#:;!?%&+\\n]+$`, 'u');
/** Section 5 (Latvia): alphanumeric: Latvian letters and digits. */
const ALPHANUMERIC = new RegExp(`^[${ALPHABETS.latvian}0-9]+$`, 'u');

export const isLatvianAddress = (text: string) => ADDRESS.test(text);
export const isLatvianText = (text: string) => TEXT.test(text);
export const isLatvianAlphanumeric = (text: string) => ALPHANUMERIC.test(text);

/** Section 5 (Latvia): full address: required, 2 to 200, address characters. */
export function latvianAddressSchema() {
  return addressLineSchema(isLatvianAddress);
}

/** Section 5 (Latvia): a free-text field's characters ('' allowed; length is the field's rule). */
export function latvianTextCharacters() {
  return v.check<string, typeof MESSAGES.textInvalidCharacters>(orEmpty(isLatvianText), MESSAGES.textInvalidCharacters);
}

/** Section 5 (Latvia): alphanumeric check. */
export function latvianAlphanumericCharacters() {
  return v.check<string, typeof MESSAGES.alphanumericOnly>(orEmpty(isLatvianAlphanumeric), MESSAGES.alphanumericOnly);
}
