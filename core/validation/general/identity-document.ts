import * as v from 'valibot';
import { MESSAGES } from '../messages';
import { isoDateSchema, pastDateSchema, type TodayOption } from './date-rules';
import { parseIsoDate } from './dates';
import { startOfDay } from 'date-fns';
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
    v.transform((text) => text.replace(/\s+/g, '').toUpperCase()),
    v.nonEmpty(MESSAGES.required),
    firstFailing<string>([[isDocumentNumber, MESSAGES.documentNumberInvalid]]),
  );
}

/** The date of issue: a real date, not in the future (today counts, docs/decisions/013). */
export const documentIssueDateSchema = (options: TodayOption = {}) => pastDateSchema(options);

/** Whether a document expiring on `expiry` is still valid on `today` (it is, on its last day). */
export function isDocumentValidOn(expiry: Date, today: Date): boolean {
  return startOfDay(expiry).getTime() >= startOfDay(today).getTime();
}

/** The expiry date: a real date that has not passed (section 5 reading, docs/decisions/117). */
export function documentExpiryDateSchema(options: TodayOption = {}) {
  return v.pipe(
    isoDateSchema(),
    firstFailing<string>([[(text) => isDocumentValidOn(parseIsoDate(text) ?? new Date(Number.NaN), options.today ?? new Date()), MESSAGES.documentExpired]]),
  );
}

/** Expiry strictly after issue (both yyyy-MM-dd); undefined when either is not a real date. */
export function documentDatesProblem(issueDate: string, expiryDate: string) {
  const issue = parseIsoDate(issueDate);
  const expiry = parseIsoDate(expiryDate);
  if (!issue || !expiry) return undefined;
  return expiry.getTime() > issue.getTime() ? undefined : MESSAGES.documentExpiryNotAfterIssue;
}
