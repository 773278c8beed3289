import * as v from 'valibot';
import { startOfDay, subYears } from 'date-fns';
import { MESSAGES } from '../messages';
import { isAfterToday, parseIsoDate } from '../general/dates';
import { isoDateSchema } from '../general/date-rules';

/** Section 9: employment start within 55 years. */
export const EMPLOYMENT_START_MAX_YEARS = 55;

export function isEmploymentStartWithinRange(start: Date, today: Date = new Date()): boolean {
  const earliest = startOfDay(subYears(today, EMPLOYMENT_START_MAX_YEARS)).getTime();
  return startOfDay(start).getTime() >= earliest && !isAfterToday(start, today);
}

/** Section 5 (Latvia): employment start (yyyy-MM-dd): not in the future, not older than 55 years. */
export function employmentStartSchema(options: { today?: Date } = {}) {
  return v.pipe(
    isoDateSchema(),
    v.rawCheck<string>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const start = parseIsoDate(dataset.value);
      const today = options.today ?? new Date();
      if (!start) return;
      if (isAfterToday(start, today)) addIssue({ message: MESSAGES.dateInFuture });
      else if (!isEmploymentStartWithinRange(start, today)) addIssue({ message: MESSAGES.employmentStartTooOld });
    }),
  );
}
