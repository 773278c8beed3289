import { EARLIEST_BIRTH_YEAR, calendarDate, isAfterToday } from '../general/dates';
import { isLatvianApplicantAge } from './age';

/** Section 5 (Latvia): the new format without a birth date, 32dddd-ddddd (hyphen optional). */
const NEW_FORMAT = /^32(\d{4})-?(\d{5})$/;
/** Section 5 (Latvia): the old format ddMMyy-Cdddd, where C (0, 1, 2) gives the century. */
const OLD_FORMAT = /^(\d{2})(\d{2})(\d{2})-?([012])(\d{4})$/;
const CENTURY_OF_DIGIT: Record<string, number> = { '0': 1800, '1': 1900, '2': 2000 };

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
  const century = CENTURY_OF_DIGIT[centuryDigit ?? ''];
  if (century === undefined) return undefined;
  return calendarDate(century + Number(year), Number(month), Number(day));
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

/** Why a code fails: not in either format, an impossible, future or pre-1900 birth date, or the age bounds. */
export type LatvianPersonalCodeProblem = 'format' | 'date' | 'age';

/**
 * Section 5 (Latvia): the new format, or the old format with a real date (not in the future) and,
 * for the applicant, the 18 to 73 years 11 months age bounds. Undefined when the code passes.
 */
export function latvianPersonalCodeProblem(code: string, options: LatvianPersonalCodeOptions = {}): LatvianPersonalCodeProblem | undefined {
  const { today = new Date(), checkAge = true } = options;
  const format = latvianPersonalCodeFormat(code);
  if (format === 'new') return undefined;
  if (format !== 'old') return 'format';
  const birthDate = birthDateFromLatvianPersonalCode(code);
  // Decision 180: the century digit 0 (born in the 1800s) names nobody alive, whatever the role.
  if (!birthDate || isAfterToday(birthDate, today) || birthDate.getFullYear() < EARLIEST_BIRTH_YEAR) return 'date';
  return !checkAge || isLatvianApplicantAge(birthDate, today) ? undefined : 'age';
}

export function isValidLatvianPersonalCode(code: string, options: LatvianPersonalCodeOptions = {}): boolean {
  return latvianPersonalCodeProblem(code, options) === undefined;
}
