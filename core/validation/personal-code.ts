import * as v from 'valibot';
import type { CountryCode } from '../domain/business-domains';
import { MESSAGES } from './messages';
import type { MessageKey } from './messages';
import { ESTONIAN_PERSONAL_CODE_FORMAT, birthDateFromElevenDigitCode, isValidEstonianPersonalCode } from './estonia/personal-code';
import { isValidLithuanianPersonalCode } from './lithuania/personal-code';
import { birthDateFromLatvianPersonalCode, latvianPersonalCodeProblem, normaliseLatvianPersonalCode } from './latvia/personal-code';
import type { LatvianPersonalCodeProblem } from './latvia/personal-code';

export {
  birthDateFromEstonianPersonalCode,
  birthDateFromElevenDigitCode,
  elevenDigitCheckDigit,
  isValidEstonianPersonalCode,
} from './estonia/personal-code';
export { birthDateFromLithuanianPersonalCode, isValidLithuanianPersonalCode } from './lithuania/personal-code';
export { birthDateFromLatvianPersonalCode, hasLatvianCheckDigit, isValidLatvianPersonalCode, latvianCheckDigit } from './latvia/personal-code';

const LATVIAN_PROBLEM_MESSAGES: Record<LatvianPersonalCodeProblem, MessageKey> = {
  format: MESSAGES.personalCodeFormatLatvia,
  date: MESSAGES.personalCodeInvalid,
  checksum: MESSAGES.personalCodeInvalid,
  age: MESSAGES.personalCodeAgeOutOfRange,
};

export interface PersonalCodeOptions {
  /** "Today" for the date and age checks; injectable so tests are deterministic. */
  today?: Date;
  /** Latvia only: the applicant's age check of the old format (default on). */
  checkAge?: boolean;
}

/** Spaces people type between digit groups are dropped; the rest is kept for the format check. */
export function normalisePersonalCode(country: CountryCode, code: string): string {
  const compact = code.replace(/\s/g, '');
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
      if (!ESTONIAN_PERSONAL_CODE_FORMAT.test(normalised)) return MESSAGES.personalCodeFormatEstonia;
      return isValidEstonianPersonalCode(normalised, today) ? undefined : MESSAGES.personalCodeInvalid;
    case 'LT':
      if (!ESTONIAN_PERSONAL_CODE_FORMAT.test(normalised)) return MESSAGES.personalCodeFormatLithuania;
      return isValidLithuanianPersonalCode(normalised, today) ? undefined : MESSAGES.personalCodeInvalid;
    case 'LV': {
      const problem = latvianPersonalCodeProblem(normalised, { today, checkAge: options.checkAge });
      return problem && LATVIAN_PROBLEM_MESSAGES[problem];
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
