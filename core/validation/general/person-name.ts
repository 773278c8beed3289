import * as v from 'valibot';
import type { BusinessDomain } from '../../domain/business-domains';
import { MESSAGES } from '../messages';
import { capitaliseName, normaliseNameSpacing } from '../format/name';
import { ALPHABETS } from './alphabets';
import { firstFailing } from './rules';
import type { Rule } from './rules';

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 256;

const LETTERS = ALPHABETS.international;
/** Letters, with single spaces, hyphens or apostrophes between letter groups ("O'Brien"). */
const GENERIC_NAME = new RegExp(`^[${LETTERS}]+(?:[ '’-]+[${LETTERS}]+)*$`, 'u');
/** Estonia: no digits or special symbols; only space and hyphen join the letter groups. */
const ESTONIAN_NAME = new RegExp(`^[${LETTERS}]+(?:[ -][${LETTERS}]+)*$`, 'u');
/** Latvia: letters and spaces (a hyphen only inside the name, see the edge rule). */
const LATVIAN_NAME = new RegExp(`^[${LETTERS} -]+$`, 'u');

/**
 * Legal-form words that mark a company name typed into a person's name field (corporate name
 * check, section 5; see docs/decisions/013-ambiguous-spec-rules.md).
 */
export const LEGAL_FORM_WORDS = [
  'AS', 'AAS', 'OÜ', 'OU', 'MTÜ', 'FIE', 'SIA', 'UAB', 'AB', 'VŠĮ', 'IĮ', 'MB', 'OY', 'OYJ',
  'LTD', 'LLC', 'PLC', 'GMBH', 'INC', 'CORP',
] as const;

export function looksLikeCompanyName(name: string): boolean {
  const words = name.toLocaleUpperCase().split(/[\s.,"'«»„“]/u);
  return words.some((word) => (LEGAL_FORM_WORDS as readonly string[]).includes(word));
}

function domainRules(domain: BusinessDomain): readonly Rule<string>[] {
  switch (domain) {
    case 'retail-banking-ee':
      return [[(name) => ESTONIAN_NAME.test(name), MESSAGES.nameNoDigitsOrSymbols]];
    case 'retail-banking-lv':
      return [
        [(name) => !name.startsWith('-') && !name.endsWith('-'), MESSAGES.nameHyphenAtEdge],
        [(name) => LATVIAN_NAME.test(name), MESSAGES.nameLettersAndSpacesOnly],
      ];
    case 'retail-banking-lt':
      return [[(name) => GENERIC_NAME.test(name), MESSAGES.nameInvalidCharacters]];
    case 'corporate-banking':
      return [
        [(name) => !looksLikeCompanyName(name), MESSAGES.nameLooksLikeCompany],
        [(name) => GENERIC_NAME.test(name), MESSAGES.nameInvalidCharacters],
      ];
  }
}

/**
 * First name or surname (section 5, General): required, 2 to 256 characters, valid characters
 * per domain. Output is trimmed and capitalised per word.
 */
export function personNameSchema(domain: BusinessDomain) {
  return v.pipe(
    v.string(MESSAGES.required),
    v.transform(normaliseNameSpacing),
    v.nonEmpty(MESSAGES.required),
    firstFailing<string>([
      [(name) => name.length >= NAME_MIN_LENGTH && name.length <= NAME_MAX_LENGTH, MESSAGES.textLength2To256],
      ...domainRules(domain),
    ]),
    v.transform(capitaliseName),
  );
}
