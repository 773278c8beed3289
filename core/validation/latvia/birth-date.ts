import * as v from 'valibot';
import { MESSAGES } from '../messages';
import { requiredTrimmedString } from '../general/rules';
import { parseIsoDate } from '../general/dates';
import { isoOfWritten, splitWrittenDate, type TypedDateOptions } from '../general/typed-date';
import { isLatvianApplicantAge } from './age';

/**
 * Section 5 (Latvia): the birth date, typed as ddMMyy and (decision 193) in every other form people
 * write a date (`15.03.1985`, `15.3.1985`, `15031985`, `1985-03-15`). A two-digit year is the latest
 * one that does not put the date in the future (an applicant is at most 74, so no date is ambiguous).
 */
export function parseLatvianBirthDate(text: string, today: Date = new Date()): Date | undefined {
  const written = splitWrittenDate(text);
  const iso = written ? isoOfWritten(written, { twoDigitYears: 'past', today }) : undefined;
  return iso ? parseIsoDate(iso) : undefined;
}

/**
 * A date typed in one of the accepted forms, as yyyy-MM-dd: `format` when the text is in none of
 * them, `invalid` when it is but names no real day (31.04.1985).
 */
export function readTypedDate(text: string, options: TypedDateOptions): { iso: string } | { problem: 'format' | 'invalid' } {
  const written = splitWrittenDate(text);
  if (!written) return { problem: 'format' };
  const iso = isoOfWritten(written, options);
  return iso ? { iso } : { problem: 'invalid' };
}

/** Section 5 (Latvia): age 18 to 73 years 11 months, on a yyyy-MM-dd date (the server's rule). */
export function latvianBirthDateAgeRule(options: { today?: Date } = {}) {
  return v.check<string, typeof MESSAGES.ageOutOfRange>((text) => {
    const birthDate = parseIsoDate(text);
    return !birthDate || isLatvianApplicantAge(birthDate, options.today ?? new Date());
  }, MESSAGES.ageOutOfRange);
}

/**
 * Section 5 (Latvia), as typed: a date in one of the written forms, a real date, age 18 to 73 years
 * 11 months; read into yyyy-MM-dd (section 9), the only form the server takes.
 */
export function latvianBirthDateSchema(options: { today?: Date } = {}) {
  return v.pipe(
    requiredTrimmedString(),
    v.rawTransform<string, string>(({ dataset, addIssue, NEVER }) => {
      const today = options.today ?? new Date();
      const read = readTypedDate(dataset.value, { twoDigitYears: 'past', today });
      if ('problem' in read) {
        addIssue({ message: read.problem === 'format' ? MESSAGES.birthDateFormatLatvia : MESSAGES.dateInvalid });
        return NEVER;
      }
      return read.iso;
    }),
    latvianBirthDateAgeRule(options),
  );
}
