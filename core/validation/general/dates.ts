import { addMonths, addYears, startOfDay } from 'date-fns';

/** A calendar date (local midnight), or undefined when the day does not exist (31 April, 29 Feb 2023). */
export function calendarDate(year: number, month: number, day: number): Date | undefined {
  // A year that is no whole number would be cut to one; a month or day that is no whole number, or
  // out of its range, moves the date to another month or day, which the comparison below sees.
  if (!Number.isInteger(year)) return undefined;
  const date = new Date(year, month - 1, day);
  // new Date(y, m, d) maps years 0-99 to 1900-1999: set the full year explicitly.
  date.setFullYear(year, month - 1, day);
  // A day past its month's end lands in a later month (or, 365 days on, on another day of it); a
  // month past December in a later year's month; an invalid date (NaN) matches nothing.
  return date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

/** Section 9: the ISO date format yyyy-MM-dd, as date inputs send it. */
export function parseIsoDate(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  return calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * Decision 180: the earliest birth year accepted for anyone (an applicant, a co-owner, a child):
 * nobody born earlier is alive to sign. Estonian and Lithuanian codes start at 1900 by format.
 */
export const EARLIEST_BIRTH_YEAR = 1900;

/** True when `date` (a calendar day) is after the calendar day of `today`. */
export function isAfterToday(date: Date, today: Date): boolean {
  return startOfDay(date).getTime() > startOfDay(today).getTime();
}

/**
 * True when, on `today`, a person born on `birthDate` is at least `minYears` old and has not
 * passed `maxYears` years plus `maxExtraMonths` months (both ends inclusive).
 */
export function isAgeWithin(
  birthDate: Date,
  today: Date,
  bounds: { minYears: number; maxYears: number; maxExtraMonths?: number },
): boolean {
  const day = startOfDay(today).getTime();
  const youngest = startOfDay(addYears(birthDate, bounds.minYears)).getTime();
  const oldest = startOfDay(addMonths(addYears(birthDate, bounds.maxYears), bounds.maxExtraMonths ?? 0)).getTime();
  return day >= youngest && day <= oldest;
}
