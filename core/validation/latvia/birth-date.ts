import * as v from 'valibot';
import { MESSAGES } from '../messages';
import { calendarDate } from '../general/dates';
import { requiredTrimmedString } from '../general/rules';
import { isLatvianApplicantAge } from './age';

/**
 * Section 5 (Latvia): the birth date typed as ddMMyy. The century is the latest one that does
 * not put the date in the future (an applicant is at most 74, so no code is ambiguous).
 */
export function parseLatvianBirthDate(text: string, today: Date = new Date()): Date | undefined {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [, day, month, year] = match.map(Number) as [number, number, number, number];
  const thisCentury = Math.floor(today.getFullYear() / 100) * 100;
  const candidate = calendarDate(thisCentury + year, month, day);
  if (candidate && candidate.getTime() <= today.getTime()) return candidate;
  return calendarDate(thisCentury - 100 + year, month, day);
}

/** Section 5 (Latvia): ddMMyy, a real date, age 18 to 73 years 11 months. */
export function latvianBirthDateSchema(options: { today?: Date } = {}) {
  return v.pipe(
    requiredTrimmedString(),
    v.rawCheck<string>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const today = options.today ?? new Date();
      if (!/^\d{6}$/.test(dataset.value)) return addIssue({ message: MESSAGES.birthDateFormatLatvia });
      const birthDate = parseLatvianBirthDate(dataset.value, today);
      if (!birthDate) return addIssue({ message: MESSAGES.dateInvalid });
      if (!isLatvianApplicantAge(birthDate, today)) addIssue({ message: MESSAGES.ageOutOfRange });
    }),
  );
}
