import * as v from 'valibot';
import { addYears, startOfDay, subYears } from 'date-fns';
import { MESSAGES, messageWithValues } from '../messages';
import { isAfterToday, parseIsoDate } from '../general/dates';
import { isoDateSchema } from '../general/date-rules';

/** Section 9: employment start within 55 years (decision 180: in every country). */
export const EMPLOYMENT_START_MAX_YEARS = 55;

/** Decision 180: nobody starts work before turning 14 (the youngest age of light work in the Baltics). */
export const EMPLOYMENT_MIN_AGE = 14;

export function isEmploymentStartWithinRange(start: Date, today: Date = new Date()): boolean {
  const earliest = startOfDay(subYears(today, EMPLOYMENT_START_MAX_YEARS)).getTime();
  return startOfDay(start).getTime() >= earliest && !isAfterToday(start, today);
}

/** Whether work started on `start` began on or after the day a person born on `birthDate` turned 14. */
export function isEmploymentStartAfterWorkingAge(start: Date, birthDate: Date): boolean {
  return startOfDay(start).getTime() >= startOfDay(addYears(birthDate, EMPLOYMENT_MIN_AGE)).getTime();
}

export interface EmploymentStartOptions {
  /** "Today" (the server's clock; the wall clock at check time when absent). */
  today?: Date;
  /** The person's birth date where it is known (the server: from the personal code or the declared date). */
  birthDate?: Date;
}

/**
 * Employment start (yyyy-MM-dd): not in the future, not older than 55 years (section 5, Latvia;
 * decision 180 everywhere) and, where the birth date is known, not before the person turned 14.
 */
export function employmentStartSchema(options: EmploymentStartOptions = {}) {
  return v.pipe(
    isoDateSchema(),
    v.rawCheck<string>(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.issues) return;
      const start = parseIsoDate(dataset.value);
      const today = options.today ?? new Date();
      if (!start) return;
      if (isAfterToday(start, today)) addIssue({ message: MESSAGES.dateInFuture });
      else if (options.birthDate && !isEmploymentStartAfterWorkingAge(start, options.birthDate)) {
        addIssue({ message: messageWithValues(MESSAGES.employmentStartBeforeWorkingAge, { years: EMPLOYMENT_MIN_AGE }) });
      } else if (!isEmploymentStartWithinRange(start, today)) addIssue({ message: MESSAGES.employmentStartTooOld });
    }),
  );
}
