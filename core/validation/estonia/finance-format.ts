import * as v from 'valibot';
import { MESSAGES } from '../messages';
import { firstFailing, requiredTrimmedString } from '../general/rules';

/** Section 5 (Money and Estonia): empty, or at most two digits after the decimal comma or point. */
export function hasAtMostTwoDecimalDigits(text: string): boolean {
  return !/[.,]\d{3,}$/.test(text.trim());
}

/**
 * Section 5 (Estonia): finance format: digits, optionally grouped in thousands by spaces, and an
 * optional decimal comma or point with one or two digits ("1 500,50", "1500.5", "0,99").
 */
const FINANCE_FORMAT = /^(?:\d{1,3}(?:[ \u00A0\u202F]\d{3})+|\d+)(?:[.,]\d{1,2})?$/;

export function isFinanceFormat(text: string): boolean {
  return FINANCE_FORMAT.test(text.trim());
}

/** A typed amount in finance format: required; decimals first, as that message is the more precise. */
export function financeAmountTextSchema() {
  return v.pipe(
    requiredTrimmedString(),
    firstFailing<string>([
      [hasAtMostTwoDecimalDigits, MESSAGES.moneyTooManyDecimals],
      [isFinanceFormat, MESSAGES.financeFormatInvalid],
    ]),
  );
}
