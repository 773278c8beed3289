import * as v from 'valibot';
import type { CountryCode } from '../domain/business-domains';
import { MESSAGES } from './messages';
import type { MessageKey } from './messages';
import { birthDateFromElevenDigitCode, isValidEstonianPersonalCode } from './estonia/personal-code';
import { isValidLithuanianPersonalCode } from './lithuania/personal-code';
import {
  birthDateFromLatvianPersonalCode,
  isValidLatvianPersonalCode,
  latvianPersonalCodeFormat,
  normaliseLatvianPersonalCode,
} from './latvia/personal-code';

export {
  birthDateFromEstonianPersonalCode,
  birthDateFromElevenDigitCode,
  elevenDigitCheckDigit,
  isValidEstonianPersonalCode,
} from './estonia/personal-code';
export { birthDateFromLithuanianPersonalCode, isValidLithuanianPersonalCode } from './lithuania/personal-code';
export { birthDateFromLatvianPersonalCode, isValidLatvianPersonalCode } from './latvia/personal-code';

export interface PersonalCodeOptions {
  /** "Today" for the date and age checks; injectable so tests are deterministic. */
  today?: Date;
  /** Latvia only: the applicant's age check of the old format (default on). */
  checkAge?: boolean;
}

/** Spaces people type between digit groups are dropped; the rest is kept for the format check. */
export function normalisePersonalCode(country: CountryCode, code: string): string {
  const compact = code.replace(/\s+/g, '');
  return country === 'LV' ? normaliseLatvianPersonalCode(compact) : compact;
}

/** The birth date a personal code carries, when it carries one (not Latvia's new format). */
export function birthDateFromPersonalCode(country: CountryCode, code: string): Date | undefined {
  const normalised = normalisePersonalCode(country, code);
  return country === 'LV' ? birthDateFromLatvianPersonalCode(normalised) : birthDateFromElevenDigitCode(normalised);
}

/** The message for a code, or undefined when it passes every local check. */
export function personalCodeProblem(country: CountryCode, code: string, options: PersonalCodeOptions = {}): MessageKey | undefined {
  const today = options.today ?? new Date();
  const normalised = normalisePersonalCode(country, code);
  if (normalised === '') return MESSAGES.required;
  switch (country) {
    case 'EE':
      if (!/^[3-6]\d{10}$/.test(normalised)) return MESSAGES.personalCodeFormatEstonia;
      return isValidEstonianPersonalCode(normalised, today) ? undefined : MESSAGES.personalCodeInvalid;
    case 'LT':
      if (!/^[3-6]\d{10}$/.test(normalised)) return MESSAGES.personalCodeFormatLithuania;
      return isValidLithuanianPersonalCode(normalised, today) ? undefined : MESSAGES.personalCodeInvalid;
    case 'LV': {
      if (!latvianPersonalCodeFormat(normalised)) return MESSAGES.personalCodeFormatLatvia;
      if (isValidLatvianPersonalCode(normalised, { today, checkAge: false }) === false) return MESSAGES.personalCodeInvalid;
      const checkAge = options.checkAge ?? true;
      return isValidLatvianPersonalCode(normalised, { today, checkAge }) ? undefined : MESSAGES.personalCodeAgeOutOfRange;
    }
  }
}

/**
 * The local personal-code checks (sections 5 Estonia and Latvia, Lithuania per
 * docs/decisions/010-lithuanian-rules.md). The reference API's POST /api/v1/validate/personalCode
 * answers with this function.
 */
export function checkPersonalCode(country: CountryCode, code: string, options: PersonalCodeOptions = {}): { valid: boolean } {
  return { valid: personalCodeProblem(country, code, options) === undefined };
}

/** The personal-code field: string in, normalised code out (LV as dddddd-ddddd). */
export function personalCodeSchema(country: CountryCode, options: PersonalCodeOptions = {}) {
  return v.pipe(
    v.string(MESSAGES.required),
    v.transform((code) => normalisePersonalCode(country, code)),
    v.rawCheck<string>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const problem = personalCodeProblem(country, dataset.value, options);
      if (problem) addIssue({ message: problem });
    }),
  );
}
