import { EARLIEST_BIRTH_YEAR, calendarDate, isAfterToday } from '../general/dates';
import { isLatvianApplicantAge } from './age';

/** Section 5 (Latvia): the new format without a birth date, 32dddd-ddddd (hyphen optional). */
const NEW_FORMAT = /^32(\d{4})-?(\d{5})$/;
/** Section 5 (Latvia): the old format ddMMyy-Cdddd, where C (0, 1, 2) gives the century. */
const OLD_FORMAT = /^(\d{2})(\d{2})(\d{2})-?([012])(\d{4})$/;

export type LatvianPersonalCodeFormat = 'new' | 'old';

export function latvianPersonalCodeFormat(code: string): LatvianPersonalCodeFormat | undefined {
  if (NEW_FORMAT.test(code)) return 'new';
  if (OLD_FORMAT.test(code)) return 'old';
  return undefined;
}

/** The birth date of an old-format code; undefined for the new format or an impossible date. */
export function birthDateFromLatvianPersonalCode(code: string): Date | undefined {
  const match = OLD_FORMAT.exec(code);
  if (!match) return undefined;
  const [, day, month, year, centuryDigit] = match;
  // The century digit C (0, 1 or 2, the format allows no other) names the years 1800 + 100 × C.
  return calendarDate(1800 + 100 * Number(centuryDigit) + Number(year), Number(month), Number(day));
}

/** The canonical form: six digits, a hyphen, five digits. */
export function normaliseLatvianPersonalCode(code: string): string {
  const digits = code.replace(/-/g, '');
  return /^\d{11}$/.test(digits) ? `${digits.slice(0, 6)}-${digits.slice(6)}` : code;
}

export interface LatvianPersonalCodeOptions {
  today?: Date;
  /** Section 5 (Latvia): the old format's age check; on for the applicant, off for other persons. */
  checkAge?: boolean;
}

/** Why a code fails: not in either format, an impossible, future or pre-1900 birth date, the check digit, or the age bounds. */
export type LatvianPersonalCodeProblem = 'format' | 'date' | 'checksum' | 'age';

/** The weights of the old format's check digit, for its first ten digits. */
const CHECK_DIGIT_WEIGHTS = [1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;

/**
 * The old format's check digit (issue 24, decision 186): (1101 - Σ digit × weight) mod 11 over the
 * first ten digits with the weights 1, 6, 3, 7, 9, 10, 5, 8, 4, 2. A remainder of 10 has no digit:
 * no code was issued with such a body, so `undefined`.
 */
export function latvianCheckDigit(firstTenDigits: string): number | undefined {
  if (!/^\d{10}$/.test(firstTenDigits)) return undefined;
  const sum = CHECK_DIGIT_WEIGHTS.reduce((total, weight, index) => total + weight * Number(firstTenDigits[index]), 0);
  const digit = (((1101 - sum) % 11) + 11) % 11;
  return digit === 10 ? undefined : digit;
}

/** Whether an old-format code's eleventh digit is its check digit (the new format carries none to check). */
export function hasLatvianCheckDigit(code: string): boolean {
  const digits = code.replace(/-/g, '');
  return /^\d{11}$/.test(digits) && latvianCheckDigit(digits.slice(0, 10)) === Number(digits[10]);
}

/**
 * Section 5 (Latvia): the new format, or the old format with a real date (not in the future), its
 * check digit (decision 186) and, for the applicant, the 18 to 73 years 11 months age bounds. Undefined when the code passes.
 */
export function latvianPersonalCodeProblem(code: string, options: LatvianPersonalCodeOptions = {}): LatvianPersonalCodeProblem | undefined {
  const { today = new Date(), checkAge = true } = options;
  const format = latvianPersonalCodeFormat(code);
  if (format === 'new') return undefined;
  if (format !== 'old') return 'format';
  const birthDate = birthDateFromLatvianPersonalCode(code);
  // Decision 180: the century digit 0 (born in the 1800s) names nobody alive, whatever the role.
  if (!birthDate || isAfterToday(birthDate, today) || birthDate.getFullYear() < EARLIEST_BIRTH_YEAR) return 'date';
  // Decision 186: the check digit, which a typo (one digit wrong, two neighbours swapped) breaks.
  if (!hasLatvianCheckDigit(code)) return 'checksum';
  return !checkAge || isLatvianApplicantAge(birthDate, today) ? undefined : 'age';
}

export function isValidLatvianPersonalCode(code: string, options: LatvianPersonalCodeOptions = {}): boolean {
  return latvianPersonalCodeProblem(code, options) === undefined;
}
