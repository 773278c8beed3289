import * as v from 'valibot';
import { countryOfDomain, type BusinessDomain, type CountryCode } from '../../domain/business-domains';
import { MESSAGES } from '../messages';
import { digitsOnly, normalisePhoneCode } from '../format/phone';
import { firstFailing } from './rules';
import type { Rule } from './rules';

/** Section 3: the phone prefixes offered in the country-code select (about 24 countries). */
export const PHONE_COUNTRY_CODES = [
  '+372', '+371', '+370', '+358', '+46', '+47', '+45', '+49', '+44', '+380', '+7', '+48',
  '+33', '+34', '+39', '+31', '+32', '+353', '+43', '+41', '+420', '+354', '+36', '+1',
] as const;

/** Section 5 (Estonia): the codes accepted in the Estonian retail domain. */
export const ESTONIA_ACCEPTED_PHONE_CODES = [
  '+372', '+358', '+371', '+370', '+380', '+44', '+45', '+46', '+47', '+49', '+7',
] as const;

/** The country each calling code stands for (ISO 3166 alpha-2), so the select can name it. */
export const PHONE_CODE_REGIONS: Readonly<Record<(typeof PHONE_COUNTRY_CODES)[number], string>> = {
  '+372': 'EE', '+371': 'LV', '+370': 'LT', '+358': 'FI', '+46': 'SE', '+47': 'NO', '+45': 'DK', '+49': 'DE',
  '+44': 'GB', '+380': 'UA', '+7': 'RU', '+48': 'PL', '+33': 'FR', '+34': 'ES', '+39': 'IT', '+31': 'NL',
  '+32': 'BE', '+353': 'IE', '+43': 'AT', '+41': 'CH', '+420': 'CZ', '+354': 'IS', '+36': 'HU', '+1': 'US',
};

/**
 * The codes the rules accept in a domain, the country's own first: the select offers only these
 * (issue 8), so nobody picks a code that is then refused.
 */
export function acceptedPhoneCodes(domain: BusinessDomain): readonly string[] {
  const accepted: readonly string[] = domain === 'retail-banking-ee' ? ESTONIA_ACCEPTED_PHONE_CODES : PHONE_COUNTRY_CODES;
  const own = DEFAULT_PHONE_CODE[countryOfDomain(domain)];
  return [own, ...accepted.filter((code) => code !== own)];
}

/** Section 9: LV +371, EE +372, LT +370; the prefix defaults from the country code. */
export const DEFAULT_PHONE_CODE: Record<CountryCode, string> = { EE: '+372', LV: '+371', LT: '+370' };

/** E.164: at most 15 digits including the country code. */
const E164_MAX_DIGITS = 15;
export const PHONE_MIN_DIGITS = 4;

// A type alias, not an interface: valibot's forward() needs an indexable record type.
export type PhoneNumberInput = {
  code: string;
  number: string;
};

/** Section 5: "4 to 12-15 digits": at least 4, and code plus number within E.164's 15 digits. */
export function hasAcceptedLength(phone: PhoneNumberInput): boolean {
  const maxDigits = E164_MAX_DIGITS - digitsOnly(phone.code).length;
  return phone.number.length >= PHONE_MIN_DIGITS && phone.number.length <= maxDigits;
}

/** Estonian mobile numbers (+3725...) have 7 or 8 digits. */
export function isEstonianMobileLengthValid(number: string): boolean {
  return !number.startsWith('5') || /^5\d{6,7}$/.test(number);
}

/** Finnish mobile numbers (+3584..., +35850...) have 8 to 10 digits after the code. */
export function isFinnishMobileLengthValid(number: string): boolean {
  const isMobile = number.startsWith('4') || number.startsWith('50');
  return !isMobile || /^\d{8,10}$/.test(number);
}

/** Section 5 (Latvia): +371 numbers start with 2 or 6; Latvian numbers have 8 digits. */
export function isLatvianNumber(number: string): boolean {
  return /^[26]\d{7}$/.test(number);
}

/** Lithuania (docs/decisions/010-lithuanian-rules.md): 8 digits, 6 for mobiles, 3-5 landlines. */
export function isLithuanianNumber(number: string): boolean {
  return /^[3-6]\d{7}$/.test(number);
}

/**
 * Corporate (section 5): a landline or a mobile number. The national numbering plans of the
 * three Baltic countries and Finland are checked; other countries get the generic length rule.
 */
export function isLandlineOrMobile(phone: PhoneNumberInput): boolean {
  const { code, number } = phone;
  switch (code) {
    case '+372':
      // Mobiles 5xxxxxx(x) and 81-84xxxxxx; landlines 3, 4, 6, 7 and 7 digits.
      return /^(?:5\d{6,7}|8[1-4]\d{6}|[3467]\d{6})$/.test(number);
    case '+371':
      return isLatvianNumber(number);
    case '+370':
      return isLithuanianNumber(number);
    case '+358':
      return /^(?:(?:4\d|50)\d{6,8}|[1-35-9]\d{4,8})$/.test(number);
    default:
      return hasAcceptedLength(phone);
  }
}

function domainRules(domain: BusinessDomain): readonly Rule<PhoneNumberInput>[] {
  switch (domain) {
    case 'retail-banking-ee':
      return [
        [(p) => (ESTONIA_ACCEPTED_PHONE_CODES as readonly string[]).includes(p.code), MESSAGES.phoneCountryCodeNotAccepted],
        [(p) => p.code !== '+372' || isEstonianMobileLengthValid(p.number), MESSAGES.phoneEstonianMobileLength],
        [(p) => p.code !== '+358' || isFinnishMobileLengthValid(p.number), MESSAGES.phoneFinnishMobileLength],
      ];
    case 'retail-banking-lv':
      return [[(p) => p.code !== '+371' || isLatvianNumber(p.number), MESSAGES.phoneLatvianFormat]];
    case 'retail-banking-lt':
      return [[(p) => p.code !== '+370' || isLithuanianNumber(p.number), MESSAGES.phoneLithuanianFormat]];
    case 'corporate-banking':
      return [[isLandlineOrMobile, MESSAGES.phoneLandlineOrMobile]];
  }
}

function phoneRules(domain: BusinessDomain): readonly Rule<PhoneNumberInput>[] {
  return [
    [(p) => (PHONE_COUNTRY_CODES as readonly string[]).includes(p.code), MESSAGES.phoneCountryCodeNotAccepted],
    [hasAcceptedLength, MESSAGES.phoneInvalid],
    ...domainRules(domain),
  ];
}

/** An empty optional number is valid; the required check reports an empty required one. */
function skipWhenEmpty(rules: readonly Rule<PhoneNumberInput>[]): readonly Rule<PhoneNumberInput>[] {
  return rules.map(([test, message]) => [(p: PhoneNumberInput) => p.number === '' || test(p), message] as const);
}

export interface PhoneNumberSchemaOptions {
  /** Section 5: "required unless overridden". An empty number then passes as ''. */
  optional?: boolean;
}

/**
 * Phone number (section 5, General): `{ code: '+372', number: '5123 4567' }` in,
 * `{ code: '+372', number: '51234567' }` out. Every message is reported on the `number` path so
 * the form shows it on the number field.
 */
export function phoneNumberSchema(domain: BusinessDomain, options: PhoneNumberSchemaOptions = {}) {
  const required = !options.optional;
  return v.pipe(
    v.object({ code: v.string(MESSAGES.required), number: v.string(MESSAGES.required) }, MESSAGES.required),
    v.transform((p): PhoneNumberInput => ({ code: normalisePhoneCode(p.code), number: digitsOnly(p.number) })),
    v.forward(
      v.check<PhoneNumberInput, typeof MESSAGES.required>((p) => !required || p.number !== '', MESSAGES.required),
      ['number'],
    ),
    v.forward(firstFailing<PhoneNumberInput>(skipWhenEmpty(phoneRules(domain))), ['number']),
  );
}
