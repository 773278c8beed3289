import * as v from 'valibot';
import { addYears, startOfDay } from 'date-fns';
import { MESSAGES } from '../messages';
import { isAfterToday, parseIsoDate } from './dates';
import { firstFailing, requiredTrimmedString } from './rules';

/** Section 5: the deadline's year range of 25. */
export const DEADLINE_YEAR_RANGE = 25;

/**
 * "Today" for a time-dependent rule: the injected date, or the clock at check time (never at
 * schema creation, so a schema built once on the server stays right after midnight).
 */
export interface TodayOption {
  today?: Date;
}

const now = (options: TodayOption) => options.today ?? new Date();

/** A required date in yyyy-MM-dd (what date inputs send): '' -> required, impossible -> dateInvalid. */
export function isoDateSchema() {
  return v.pipe(
    requiredTrimmedString(),
    firstFailing<string>([[(text) => parseIsoDate(text) !== undefined, MESSAGES.dateInvalid]]),
  );
}

/** Section 5 (Money, past date check): a real date, today or earlier. */
export function pastDateSchema(options: TodayOption = {}) {
  return v.pipe(
    isoDateSchema(),
    firstFailing<string>([[(text) => !isAfterToday(parseIsoDate(text) ?? new Date(Number.NaN), now(options)), MESSAGES.dateInFuture]]),
  );
}

export function isDeadlineWithinRange(deadline: Date, today: Date = new Date()): 'ok' | 'past' | 'tooFar' {
  const day = startOfDay(deadline).getTime();
  if (day < startOfDay(today).getTime()) return 'past';
  if (day > startOfDay(addYears(today, DEADLINE_YEAR_RANGE)).getTime()) return 'tooFar';
  return 'ok';
}

/** Section 5: deadline: required date, not before today, at most 25 years ahead. */
export function deadlineSchema(options: TodayOption = {}) {
  const verdict = (text: string) => {
    const date = parseIsoDate(text);
    // No date: the format's own message stands alone (null is neither 'past' nor 'tooFar').
    return date && isDeadlineWithinRange(date, now(options));
  };
  return v.pipe(
    isoDateSchema(),
    firstFailing<string>([
      [(text) => verdict(text) !== 'past', MESSAGES.deadlineInPast],
      [(text) => verdict(text) !== 'tooFar', MESSAGES.deadlineTooFar],
    ]),
  );
}
