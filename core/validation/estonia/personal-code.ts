import { calendarDate, isAfterToday } from '../general/dates';

/**
 * The 11-digit personal code shared by Estonia and Lithuania: G YYMMDD SSS C, where G gives the
 * century and sex, YYMMDD the birth date, SSS a serial number and C the check digit.
 */
const FIRST_WEIGHTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1] as const;
const SECOND_WEIGHTS = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3] as const;

const CENTURY_OF_FIRST_DIGIT: Record<string, number> = { '1': 1800, '2': 1800, '3': 1900, '4': 1900, '5': 2000, '6': 2000 };

function weightedSumMod11(digits: readonly number[], weights: readonly number[]): number {
  return digits.reduce((sum, digit, index) => sum + digit * (weights[index] ?? 0), 0) % 11;
}

/**
 * Section 5 (Estonia): the check digit. The first weight set gives the remainder mod 11; a
 * remainder of 10 means using the second weight set, and a second 10 gives 0.
 */
export function elevenDigitCheckDigit(firstTenDigits: string): number {
  const digits = Array.from(firstTenDigits, Number);
  const first = weightedSumMod11(digits, FIRST_WEIGHTS);
  if (first < 10) return first;
  const second = weightedSumMod11(digits, SECOND_WEIGHTS);
  return second < 10 ? second : 0;
}

/** The birth date of an 11-digit code, or undefined when the century digit or date is impossible. */
export function birthDateFromElevenDigitCode(code: string): Date | undefined {
  if (!/^\d{11}$/.test(code)) return undefined;
  const century = CENTURY_OF_FIRST_DIGIT[code.charAt(0)];
  if (century === undefined) return undefined;
  return calendarDate(century + Number(code.slice(1, 3)), Number(code.slice(3, 5)), Number(code.slice(5, 7)));
}

/** Section 5 (Estonia; Lithuania per docs/decisions/010): 11 digits, the first 3 to 6 (born 1900-2099). */
export const ESTONIAN_PERSONAL_CODE_FORMAT = /^[3-6]\d{10}$/;

/**
 * Section 5 (Estonia): 11 digits starting 3-6, a real birth date (not after today) and a
 * matching check digit.
 */
export function isValidEstonianPersonalCode(code: string, today: Date = new Date()): boolean {
  if (!ESTONIAN_PERSONAL_CODE_FORMAT.test(code)) return false;
  const birthDate = birthDateFromElevenDigitCode(code);
  if (!birthDate || isAfterToday(birthDate, today)) return false;
  return elevenDigitCheckDigit(code.slice(0, 10)) === Number(code.charAt(10));
}

export function birthDateFromEstonianPersonalCode(code: string): Date | undefined {
  return ESTONIAN_PERSONAL_CODE_FORMAT.test(code) ? birthDateFromElevenDigitCode(code) : undefined;
}
