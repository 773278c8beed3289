import * as v from 'valibot';
import { MESSAGES } from '../messages';
import { ALPHABETS } from '../general/alphabets';
import { addressLineSchema } from '../general/address';
import { firstFailing, requiredTrimmedString } from '../general/rules';

/**
 * Section 5 (Estonia): postal address characters limited to letters (Estonian, Latin and
 * Cyrillic: addresses of Russian-speaking applicants), digits, space and . , - / ' ".
 */
const POSTAL_ADDRESS = new RegExp(`^[${ALPHABETS.estonian}${ALPHABETS.international}0-9 .,\\-/'"]+$`, 'u');

export const isEstonianPostalAddress = (text: string) => POSTAL_ADDRESS.test(text);

export function estonianPostalAddressSchema() {
  return addressLineSchema(isEstonianPostalAddress);
}

/**
 * Section 5 (Estonia): down payment origin description: "symbol limits" read as character
 * limits (docs/decisions/013-ambiguous-spec-rules.md): required, 2 to 512 characters of
 * ordinary text.
 */
export const DOWN_PAYMENT_ORIGIN_MAX = 512;
const DESCRIPTION_TEXT = new RegExp(`^[${ALPHABETS.international}0-9 .,;:!?'"()\\-/&%+€\\n]+$`, 'u');

export function downPaymentOriginDescriptionSchema() {
  return v.pipe(
    requiredTrimmedString(),
    firstFailing<string>([
      [(text) => text.length >= 2 && text.length <= DOWN_PAYMENT_ORIGIN_MAX, MESSAGES.textLength2To512],
      [(text) => DESCRIPTION_TEXT.test(text), MESSAGES.textInvalidCharacters],
    ]),
  );
}
