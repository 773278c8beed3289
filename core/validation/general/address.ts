import * as v from 'valibot';
import { MESSAGES } from '../messages';
import { ALPHABETS } from './alphabets';
import { firstFailing, optionalTrimmedString, requiredTrimmedString, skipWhenEmpty } from './rules';

/** Section 9: address fields up to 200 characters. */
export const ADDRESS_MAX_LENGTH = 200;

/** Section 5 "address check": letters of any supported alphabet, digits, space and . , - / ' " ( ) № #. */
const ADDRESS_PATTERN = new RegExp(`^[${ALPHABETS.international}0-9 .,\\-/'"()№#]+$`, 'u');

export function isAddressText(text: string): boolean {
  return ADDRESS_PATTERN.test(text);
}

const addressRulesOf = (allowedCharacters: (text: string) => boolean) =>
  [
    [(text: string) => text.length >= 2 && text.length <= ADDRESS_MAX_LENGTH, MESSAGES.textLength2To200],
    [allowedCharacters, MESSAGES.addressInvalidCharacters],
  ] as const;

const addressRules = addressRulesOf(isAddressText);

/**
 * An address line: required, trimmed, 2 to 200, address characters: by default those of the
 * general address check, or a country's own set (the Estonian postal address, the Latvian address).
 */
export function addressLineSchema(allowedCharacters: (text: string) => boolean = isAddressText) {
  return v.pipe(requiredTrimmedString(), firstFailing<string>(addressRulesOf(allowedCharacters)));
}

/** An optional address line (the district): '' when blank. */
export function optionalAddressLineSchema() {
  return v.pipe(optionalTrimmedString(), firstFailing<string>(skipWhenEmpty(addressRules)));
}

/**
 * Section 5: asset address: city and street required, 2 to 200, address check; district
 * optional. Field names follow section 3 (administrativeAreaLevel1 is the city).
 */
export function assetAddressSchema() {
  return v.object({
    streetAddress: addressLineSchema(),
    administrativeAreaLevel1: addressLineSchema(),
    administrativeAreaLevel2: optionalAddressLineSchema(),
  }, MESSAGES.required);
}
