import * as v from 'valibot';
import { MESSAGES, type MessageText } from '../messages';
import { firstFailing, requiredTrimmedString } from './rules';

/**
 * Postal codes (section 5; issue 26 item 5, decision 193): typed with or without the country's
 * prefix, in any case, with spaces or a hyphen; sent in one form per country, the only form the
 * server takes:
 * - Latvia: `LV-` and 4 digits (`1010`, `lv 1010`, `LV1010` -> `LV-1010`);
 * - Lithuania: `LT-` and 5 digits (`01103`, `lt 01103` -> `LT-01103`), as Lithuanian Post writes it;
 * - Estonia: exactly 5 digits (`10117`, `EE-10117` -> `10117`), as Omniva writes it;
 * - elsewhere: upper case with single spaces, 2 to 10 letters and digits (spaces and hyphens between).
 */
interface CountryPostalCode {
  /** What is typed, without spaces and in upper case: the digits in group 1. */
  typed: RegExp;
  wire: (digits: string) => string;
  /** The wire form. */
  canonical: RegExp;
  message: MessageText;
}

const BALTIC: Readonly<Record<string, CountryPostalCode>> = {
  LV: { typed: /^(?:LV-?)?(\d{4})$/, wire: (digits) => `LV-${digits}`, canonical: /^LV-\d{4}$/, message: MESSAGES.postalCodeLatvia },
  LT: { typed: /^(?:LT-?)?(\d{5})$/, wire: (digits) => `LT-${digits}`, canonical: /^LT-\d{5}$/, message: MESSAGES.postalCodeLithuania },
  EE: { typed: /^(?:EE-?)?(\d{5})$/, wire: (digits) => digits, canonical: /^\d{5}$/, message: MESSAGES.postalCodeEstonia },
};

const OTHER = /^[A-Z0-9](?:[A-Z0-9 -]{0,8}[A-Z0-9])$/;

/** The wire form of a postal code typed for `country` (as typed, tidied, when it is none). */
export function normalisePostalCode(text: string, country: string | undefined): string {
  const rules = country ? BALTIC[country] : undefined;
  if (!rules) return text.trim().toUpperCase().replace(/\s+/g, ' ');
  const compact = text.toUpperCase().replace(/\s/g, '');
  const digits = rules.typed.exec(compact)?.[1];
  return digits ? rules.wire(digits) : compact;
}

/** Whether `text` is a postal code of `country` in its wire form. */
export function isPostalCodeOf(text: string, country: string | undefined): boolean {
  const rules = country ? BALTIC[country] : undefined;
  return rules ? rules.canonical.test(text) : OTHER.test(text);
}

function messageOf(country: string | undefined): MessageText {
  return (country ? BALTIC[country]?.message : undefined) ?? MESSAGES.postalCodeInvalid;
}

/** The server's rule: the wire form of `country`'s postal codes only. */
export function postalCodeWireSchema(country: string | undefined): v.GenericSchema<string, string> {
  return v.pipe(
    v.string(MESSAGES.required),
    firstFailing<string>([
      // Blank is "required" on both sides (the form trims what is typed).
      [(text) => text.trim() !== '', MESSAGES.required],
      [(text) => isPostalCodeOf(text, country), messageOf(country)],
    ]),
  );
}

/** What is typed, read into the wire form of `country` (then the server's rule). */
export function postalCodeSchema(country: string | undefined): v.GenericSchema<string, string> {
  return v.pipe(requiredTrimmedString(), v.transform((text) => normalisePostalCode(text, country)), postalCodeWireSchema(country));
}

/** Section 5 (Latvia): postal code LV-dddd, typed "1010", "lv 1010" or "LV-1010". */
export function latvianPostalCodeSchema(): v.GenericSchema<string, string> {
  return postalCodeSchema('LV');
}
