import * as v from 'valibot';
import { MESSAGES, messageWithValues } from '../messages';
import { isoDateSchema, type TodayOption } from './date-rules';
import { calendarDate, isAfterToday, parseIsoDate } from './dates';
import { addYears, startOfDay } from 'date-fns';
import { firstFailing } from './rules';

/**
 * An identity document's number where section 5 gives no national format (Estonia, Lithuania and
 * documents of other countries): as printed, spaces dropped and upper-cased, 5 to 20 letters and
 * digits (Estonian ID cards "AB0123456", passports "K1234567", Lithuanian ones 8 digits).
 */
export const DOCUMENT_NUMBER_LENGTH = { min: 5, max: 20 } as const;

export function isDocumentNumber(text: string): boolean {
  return new RegExp(`^[A-Z0-9]{${DOCUMENT_NUMBER_LENGTH.min},${DOCUMENT_NUMBER_LENGTH.max}}$`).test(text);
}

export function identityDocumentNumberSchema() {
  return v.pipe(
    v.string(MESSAGES.required),
    v.transform((text) => text.replace(/\s/g, '').toUpperCase()),
    v.nonEmpty(MESSAGES.required),
    firstFailing<string>([[isDocumentNumber, MESSAGES.documentNumberInvalid]]),
  );
}

/**
 * Decision 180: a date of issue is from 1 January 1990 (no identity document issued earlier is
 * still valid: the longest validity of a Baltic document is 10 years, a passport of the old series
 * at most 15) to today (today counts, docs/decisions/013).
 */
export const DOCUMENT_ISSUE_EARLIEST_YEAR = 1990;

/** Decision 180: an expiry date at most 15 years from today (no document is issued for longer). */
export const DOCUMENT_EXPIRY_MAX_YEARS = 15;

/** Whether a document issued on `issue` has a plausible date of issue on `today`. */
export function isDocumentIssueDateWithinRange(issue: Date, today: Date): boolean {
  const earliest = calendarDate(DOCUMENT_ISSUE_EARLIEST_YEAR, 1, 1) as Date;
  return startOfDay(issue).getTime() >= earliest.getTime() && !isAfterToday(issue, today);
}

/** The date of issue: a real date from 1 January 1990 to today (decision 180). */
export function documentIssueDateSchema(options: TodayOption = {}) {
  return v.pipe(
    isoDateSchema(),
    firstFailing<string>([
      [
        (text) => isDocumentIssueDateWithinRange(parseIsoDate(text) ?? new Date(Number.NaN), options.today ?? new Date()),
        messageWithValues(MESSAGES.documentIssueDateOutOfRange, { year: DOCUMENT_ISSUE_EARLIEST_YEAR }),
      ],
    ]),
  );
}

/** Whether a document expiring on `expiry` is still valid on `today` (it is, on its last day). */
export function isDocumentValidOn(expiry: Date, today: Date): boolean {
  return startOfDay(expiry).getTime() >= startOfDay(today).getTime();
}

/** Whether `expiry` is at most 15 years after `today` (the day itself counts). */
export function isDocumentExpiryWithinRange(expiry: Date, today: Date): boolean {
  return startOfDay(expiry).getTime() <= startOfDay(addYears(today, DOCUMENT_EXPIRY_MAX_YEARS)).getTime();
}

/**
 * The expiry date: a real date that has not passed (section 5 reading, docs/decisions/117) and is
 * at most 15 years away (decision 180).
 */
export function documentExpiryDateSchema(options: TodayOption = {}) {
  const today = () => options.today ?? new Date();
  const expiry = (text: string) => parseIsoDate(text) ?? new Date(Number.NaN);
  return v.pipe(
    isoDateSchema(),
    firstFailing<string>([
      [(text) => isDocumentValidOn(expiry(text), today()), MESSAGES.documentExpired],
      [(text) => isDocumentExpiryWithinRange(expiry(text), today()), messageWithValues(MESSAGES.documentExpiryTooFar, { years: DOCUMENT_EXPIRY_MAX_YEARS })],
    ]),
  );
}

/** Expiry strictly after issue (both yyyy-MM-dd); undefined when either is not a real date. */
export function documentDatesProblem(issueDate: string, expiryDate: string) {
  const issue = parseIsoDate(issueDate);
  const expiry = parseIsoDate(expiryDate);
  if (!issue || !expiry) return undefined;
  return expiry.getTime() > issue.getTime() ? undefined : MESSAGES.documentExpiryNotAfterIssue;
}
