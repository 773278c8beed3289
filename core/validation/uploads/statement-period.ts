import { startOfDay, startOfMonth, subDays, subMonths } from 'date-fns';

/** Section 5 (Uploads): months back for additional documents; 3 for housing. */
export const STATEMENT_MONTHS_BACK = 4;
export const STATEMENT_MONTHS_BACK_HOUSING = 3;

/**
 * Section 5 (Uploads): additional documents cover the period from the first day of the month
 * 4 months back (3 for housing) to yesterday.
 */
export function additionalDocumentsPeriod(options: { housing: boolean; today?: Date }): { from: Date; to: Date } {
  const today = startOfDay(options.today ?? new Date());
  const monthsBack = options.housing ? STATEMENT_MONTHS_BACK_HOUSING : STATEMENT_MONTHS_BACK;
  return { from: startOfMonth(subMonths(today, monthsBack)), to: subDays(today, 1) };
}
