import { isAgeWithin } from '../general/dates';

/** Section 9: Latvian adult age 18 to 73, with the 11-month offset on the upper bound. */
export const LATVIA_MIN_AGE = 18;
export const LATVIA_MAX_AGE = 73;
export const LATVIA_AGE_OFFSET_MONTHS = 11;

/**
 * Section 5 (Latvia): at least 18, and at most 73 years and 11 months old (both inclusive;
 * docs/decisions/013-ambiguous-spec-rules.md).
 */
export function isLatvianApplicantAge(birthDate: Date, today: Date = new Date()): boolean {
  return isAgeWithin(birthDate, today, {
    minYears: LATVIA_MIN_AGE,
    maxYears: LATVIA_MAX_AGE,
    maxExtraMonths: LATVIA_AGE_OFFSET_MONTHS,
  });
}
