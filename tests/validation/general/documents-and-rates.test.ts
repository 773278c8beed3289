import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { typedYearSchema, yearRange, yearSchema } from '../../../core/validation/general/construction-year';
import { ibanSchema, lithuanianIbanSchema } from '../../../core/validation/general/iban';
import {
  documentDatesProblem,
  documentExpiryDateSchema,
  documentIssueDateSchema,
  identityDocumentNumberSchema,
  isDocumentValidOn,
} from '../../../core/validation/general/identity-document';
import { percentRules, typedPercentSchema } from '../../../core/validation/general/interest-rate';
import { taxpayerIdentificationNumberSchema } from '../../../core/validation/general/taxpayer-number';
import { MESSAGES } from '../../../core/validation/messages';
import { TODAY, firstMessage, firstMessageText, output } from '../support';

describe('identity document (bank details step; docs/decisions/117)', () => {
  it('number: as printed, spaces dropped and upper-cased, 5 to 20 letters and digits', () => {
    expect(output(identityDocumentNumberSchema(), ' ab 0123456 ')).toBe('AB0123456');
    expect(firstMessage(identityDocumentNumberSchema(), '')).toBe(MESSAGES.required);
    expect(firstMessage(identityDocumentNumberSchema(), '   ')).toBe(MESSAGES.required);
    expect(firstMessage(identityDocumentNumberSchema(), 'A1234')).toBeUndefined();
    expect(firstMessage(identityDocumentNumberSchema(), 'A123')).toBe(MESSAGES.documentNumberInvalid);
    expect(firstMessage(identityDocumentNumberSchema(), 'A'.repeat(20))).toBeUndefined();
    expect(firstMessage(identityDocumentNumberSchema(), 'A'.repeat(21))).toBe(MESSAGES.documentNumberInvalid);
    expect(firstMessage(identityDocumentNumberSchema(), 'AB-123456')).toBe(MESSAGES.documentNumberInvalid);
  });

  it('date of issue: today or earlier (the range: date-ranges.test.ts)', () => {
    const schema = documentIssueDateSchema({ today: TODAY });
    expect(firstMessage(schema, '2025-06-15')).toBeUndefined();
    expect(firstMessage(schema, '2025-06-16')).toBe(MESSAGES.documentIssueDateOutOfRange);
    expect(firstMessage(schema, '2025-02-30')).toBe(MESSAGES.dateInvalid);
  });

  it('expiry date: today is its last valid day, yesterday has passed', () => {
    const schema = documentExpiryDateSchema({ today: TODAY });
    expect(firstMessage(schema, '2025-06-15')).toBeUndefined();
    expect(firstMessage(schema, '2035-06-15')).toBeUndefined();
    expect(firstMessage(schema, '2025-06-14')).toBe(MESSAGES.documentExpired);
    expect(firstMessage(schema, '')).toBe(MESSAGES.required);
    expect(isDocumentValidOn(new Date(2025, 5, 15, 23, 59), TODAY)).toBe(true);
  });

  it('expiry strictly after issue', () => {
    expect(documentDatesProblem('2021-03-14', '2031-03-13')).toBeUndefined();
    expect(documentDatesProblem('2021-03-14', '2021-03-15')).toBeUndefined();
    expect(documentDatesProblem('2021-03-14', '2021-03-14')).toBe(MESSAGES.documentExpiryNotAfterIssue);
    expect(documentDatesProblem('2021-03-14', '2020-01-01')).toBe(MESSAGES.documentExpiryNotAfterIssue);
    expect(documentDatesProblem('nonsense', '2020-01-01')).toBeUndefined();
  });

  it('property: any pair of real dates is refused exactly when the expiry is not after the issue', () => {
    const day = fc.date({ min: new Date(1990, 0, 1), max: new Date(2060, 11, 31), noInvalidDate: true });
    const iso = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    fc.assert(
      fc.property(day, day, (issue, expiry) => {
        const refused = documentDatesProblem(iso(issue), iso(expiry)) !== undefined;
        expect(refused).toBe(iso(expiry) <= iso(issue));
      }),
    );
  });
});

describe('Lithuanian account numbers (the retail country rule, docs/decisions/117)', () => {
  it('asks for an LT account in Lithuania, in its own words', () => {
    expect(output(lithuanianIbanSchema(), 'lt12 1000 0111 0100 1000')).toBe('LT121000011101001000');
    expect(firstMessage(lithuanianIbanSchema(), 'EE382200221020145685')).toBe(MESSAGES.ibanNotLithuanian);
    expect(firstMessage(ibanSchema({ countries: ['LT', 'LV'] }), 'EE382200221020145685')).toBe(MESSAGES.ibanNotBaltic);
  });
});

describe('interest rate of a refinanced loan', () => {
  const bounds = { min: 0, max: 100 };

  it('reads a rate as people type it in their language, "%" allowed, at most 2 decimals, 0 to 100', () => {
    expect(output(typedPercentSchema('et', bounds), '4,5')).toBe(4.5);
    expect(output(typedPercentSchema('en', bounds), '4.75 %')).toBe(4.75);
    expect(output(typedPercentSchema('en', bounds), '0')).toBe(0);
    expect(output(typedPercentSchema('en', bounds), '100')).toBe(100);
    expect(firstMessage(typedPercentSchema('en', bounds), '')).toBe(MESSAGES.required);
    expect(firstMessage(typedPercentSchema('en', bounds), 'four')).toBe(MESSAGES.percentInvalid);
    expect(firstMessage(typedPercentSchema('et', bounds), '4,755')).toBe(MESSAGES.percentTooManyDecimals);
    expect(firstMessageText(typedPercentSchema('en', bounds), '100.01')).toBe('validation.messages.percentOutOfRange?min=0&max=100');
    expect(firstMessage(typedPercentSchema('en', bounds), '-1')).toBe(MESSAGES.percentOutOfRange);
  });

  it('checks the wire value the same way, and 4.35 is two decimals (not 434.99999 cents)', () => {
    expect(firstMessage(percentRules(bounds), 4.35)).toBeUndefined();
    expect(firstMessage(percentRules(bounds), 4.355)).toBe(MESSAGES.percentTooManyDecimals);
    expect(firstMessage(percentRules(bounds), Number.POSITIVE_INFINITY)).toBe(MESSAGES.percentInvalid);
    expect(firstMessage(percentRules(bounds), '4.5')).toBe(MESSAGES.required);
  });
});

describe('construction year', () => {
  const bounds = { min: 1800, yearsAhead: 5 };

  it('from 1800 to five years ahead of the year at check time', () => {
    expect(yearRange(bounds, TODAY)).toEqual({ min: 1800, max: 2030 });
    expect(firstMessage(yearSchema(bounds, { today: TODAY }), 1800)).toBeUndefined();
    expect(firstMessage(yearSchema(bounds, { today: TODAY }), 2030)).toBeUndefined();
    expect(firstMessageText(yearSchema(bounds, { today: TODAY }), 2031)).toBe('validation.messages.yearOutOfRange?min=1800&max=2030');
    expect(firstMessage(yearSchema(bounds, { today: TODAY }), 1799)).toBe(MESSAGES.yearOutOfRange);
    expect(firstMessage(yearSchema(bounds, { today: TODAY }), 1998.5)).toBe(MESSAGES.integer);
    expect(output(typedYearSchema(bounds, { today: TODAY }), ' 1998 ')).toBe(1998);
    expect(firstMessage(typedYearSchema(bounds, { today: TODAY }), '98a')).toBe(MESSAGES.integer);
    expect(firstMessage(typedYearSchema(bounds, { today: TODAY }), '')).toBe(MESSAGES.required);
  });
});

describe('one message per field', () => {
  it('a blank required field says only that it is required, not also that its format is wrong', () => {
    const result = v.safeParse(taxpayerIdentificationNumberSchema(), '  ');
    expect(result.issues?.map((issue) => issue.message)).toEqual([MESSAGES.required]);
  });
});
