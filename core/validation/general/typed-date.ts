import { parseIsoDate } from './dates';

/**
 * Issue 26 item 5 (decision 193): a date as people in the Baltics write it, read into the wire's
 * yyyy-MM-dd (section 9). Day first, always: nobody here writes the month first.
 *
 * Accepted, after trimming (a trailing dot allowed, as Latvian and Lithuanian write it):
 * - day, month and year separated by `.`, `/`, `-` or spaces: `15.03.1985`, `15.3.1985`, `15/3/85`;
 *   also `,` (a phone's decimal keypad in Latvian, Estonian or Lithuanian shows a comma, not a dot);
 * - 6 digits ddMMyy (`150385`) or 8 digits ddMMyyyy (`15031985`);
 * - the year first with 4 digits: `1985-03-15`, `1985.03.15` (the wire form, and Lithuania's own).
 *
 * A two-digit year goes to the century its field's direction says (`TwoDigitYears`).
 */
export type TwoDigitYears =
  /** The latest such year that does not put the date after today (a birth, a start, an issue date). */
  | 'past'
  /** The year within 50 years of this year, back or ahead (an expiry date, a contract end). */
  | 'near';

export interface TypedDateOptions {
  twoDigitYears: TwoDigitYears;
  /** "Today" (the server's clock); the wall clock when absent. */
  today?: Date;
}

/** What was typed, split into day, month and year as written (the year may have 2 digits). */
export interface WrittenDate {
  day: string;
  month: string;
  year: string;
}

const DAY_FIRST = /^(\d{1,2})\s*[.,/\- ]\s*(\d{1,2})\s*[.,/\- ]\s*(\d{2}|\d{4})\.?$/;
const YEAR_FIRST = /^(\d{4})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{1,2})\.?$/;
const DIGITS_ONLY = /^(\d{2})(\d{2})(\d{2}|\d{4})$/;

/** The three groups of a match: each of them takes part in every match of the patterns above. */
function groupsOf(match: RegExpExecArray): [string, string, string] {
  return match.slice(1, 4) as [string, string, string];
}

/** Day, month and year of a whole date typed in one of the accepted forms; undefined for anything else. */
export function splitWrittenDate(text: string): WrittenDate | undefined {
  const typed = text.trim();
  const match = DAY_FIRST.exec(typed) ?? DIGITS_ONLY.exec(typed);
  if (match) {
    const [day, month, year] = groupsOf(match);
    return { day, month, year };
  }
  const iso = YEAR_FIRST.exec(typed);
  if (!iso) return undefined;
  const [year, month, day] = groupsOf(iso);
  return { day, month, year };
}

/** The full year of a typed year of 2 or 4 digits; undefined for another length. */
export function fullYearOf(year: string, month: number, day: number, options: TypedDateOptions): number | undefined {
  if (/^\d{4}$/.test(year)) return Number(year);
  if (!/^\d{2}$/.test(year)) return undefined;
  const now = options.today ?? new Date();
  const thisYear = now.getFullYear();
  const candidates = [-100, 0, 100].map((shift) => thisYear - (thisYear % 100) + shift + Number(year));
  // Near: the candidates are a century apart, so the first after 50 years back is at most 50 ahead.
  if (options.twoDigitYears === 'near') return candidates.find((candidate) => candidate > thisYear - 50);
  // Past: the latest year whose day is not after today (29 February of a year without it counts as 1 March).
  const today = new Date(thisYear, now.getMonth(), now.getDate()).getTime();
  return candidates.filter((candidate) => new Date(candidate, month - 1, day).getTime() <= today).pop();
}

/** The yyyy-MM-dd of a written date (its parts trimmed), or undefined when it names no real day. */
export function isoOfWritten(written: WrittenDate, options: TypedDateOptions): string | undefined {
  // Nothing but 1 or 2 digits each for the day and the month: anything else, padded, is no yyyy-MM-dd.
  const { day, month } = written;
  const year = fullYearOf(written.year, +month, +day, options);
  const iso = year === undefined ? '' : `${String(year).padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return parseIsoDate(iso) ? iso : undefined;
}
