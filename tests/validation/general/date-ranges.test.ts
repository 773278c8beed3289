/**
 * Issue 23 item 8, decision 180: every date field has a plausible range, each bound tested on both
 * sides and at its edge, with "today" fixed (TODAY, Sunday 15 June 2025).
 */
import { describe, expect, it } from 'vitest';
import { defineStepContract, birthDateOf, dateRuleOptions } from '../../../core/contract/step-contract';
import { date } from '../../../core/contract/fields';
import {
  DOCUMENT_EXPIRY_MAX_YEARS,
  DOCUMENT_ISSUE_EARLIEST_YEAR,
  documentExpiryDateSchema,
  documentIssueDateSchema,
} from '../../../core/validation/general/identity-document';
import { deadlineSchema } from '../../../core/validation/general/date-rules';
import { EARLIEST_BIRTH_YEAR } from '../../../core/validation/general/dates';
import { EMPLOYMENT_MIN_AGE, employmentStartSchema } from '../../../core/validation/latvia/employment';
import { latvianPersonalCodeProblem } from '../../../core/validation/latvia/personal-code';
import { personalCodeProblem } from '../../../core/validation/personal-code';
import { MESSAGES } from '../../../core/validation/messages';
import { latvianDateOfBirthSchema } from '../../../src/steps/submitPersonalInfo/contract';
import { TODAY, firstMessage, firstMessageText } from '../support';

/** The four dates issue 23 found accepted. */
const ISSUE_DATES = ['0000-01-01', '1899-12-31', '1800-01-01', '9999-12-31'] as const;

describe('date of issue: 1 January 1990 to today', () => {
  const schema = () => documentIssueDateSchema({ today: TODAY });
  it('accepts the edges and refuses a day outside each', () => {
    expect(DOCUMENT_ISSUE_EARLIEST_YEAR).toBe(1990);
    expect(firstMessage(schema(), '1990-01-01')).toBeUndefined();
    expect(firstMessage(schema(), '1989-12-31')).toBe(MESSAGES.documentIssueDateOutOfRange);
    expect(firstMessage(schema(), '2025-06-15')).toBeUndefined();
    expect(firstMessage(schema(), '2025-06-16')).toBe(MESSAGES.documentIssueDateOutOfRange);
  });
  it('names the range in its message', () => {
    expect(firstMessageText(schema(), '1800-01-01')).toBe('validation.messages.documentIssueDateOutOfRange?year=1990');
  });
  it('refuses every date of the issue', () => {
    for (const text of ISSUE_DATES) expect(firstMessage(schema(), text)).toBe(MESSAGES.documentIssueDateOutOfRange);
  });
  it('reads today at check time, not when the schema() is built', () => {
    const atCheck = documentIssueDateSchema();
    expect(firstMessage(atCheck, '9999-12-31')).toBe(MESSAGES.documentIssueDateOutOfRange);
  });
});

describe('expiry date: today to 15 years from today', () => {
  const schema = () => documentExpiryDateSchema({ today: TODAY });
  it('accepts the edges and refuses a day outside each', () => {
    expect(DOCUMENT_EXPIRY_MAX_YEARS).toBe(15);
    expect(firstMessage(schema(), '2025-06-15')).toBeUndefined();
    expect(firstMessage(schema(), '2025-06-14')).toBe(MESSAGES.documentExpired);
    expect(firstMessage(schema(), '2040-06-15')).toBeUndefined();
    expect(firstMessage(schema(), '2040-06-16')).toBe(MESSAGES.documentExpiryTooFar);
  });
  it('names the range in its message', () => {
    expect(firstMessageText(schema(), '9999-12-31')).toBe('validation.messages.documentExpiryTooFar?years=15');
  });
  it('an expired document stays refused as expired (the earlier rule)', () => {
    for (const text of ['0000-01-01', '1899-12-31', '1800-01-01']) expect(firstMessage(schema(), text)).toBe(MESSAGES.documentExpired);
  });
  it('29 February plus 15 years is 28 February', () => {
    const leap = documentExpiryDateSchema({ today: new Date(2028, 1, 29) });
    expect(firstMessage(leap, '2043-02-28')).toBeUndefined();
    expect(firstMessage(leap, '2043-03-01')).toBe(MESSAGES.documentExpiryTooFar);
  });
});

describe('employment start: after turning 14, within 55 years, not in the future', () => {
  const birthDate = new Date(1990, 2, 10);
  const schema = () => employmentStartSchema({ today: TODAY, birthDate });
  it('the 14th birthday is the earliest start', () => {
    expect(EMPLOYMENT_MIN_AGE).toBe(14);
    expect(firstMessage(schema(), '2004-03-10')).toBeUndefined();
    expect(firstMessage(schema(), '2004-03-09')).toBe(MESSAGES.employmentStartBeforeWorkingAge);
    expect(firstMessageText(schema(), '2004-03-09')).toBe('validation.messages.employmentStartBeforeWorkingAge?years=14');
  });
  it('today is the latest start', () => {
    expect(firstMessage(schema(), '2025-06-15')).toBeUndefined();
    expect(firstMessage(schema(), '2025-06-16')).toBe(MESSAGES.dateInFuture);
    expect(firstMessage(schema(), '9999-12-31')).toBe(MESSAGES.dateInFuture);
  });
  it('without a birth date, 55 years back is the earliest start', () => {
    const unknownBirth = employmentStartSchema({ today: TODAY });
    expect(firstMessage(unknownBirth, '1970-06-15')).toBeUndefined();
    expect(firstMessage(unknownBirth, '1970-06-14')).toBe(MESSAGES.employmentStartTooOld);
    expect(firstMessage(unknownBirth, '0000-01-01')).toBe(MESSAGES.employmentStartTooOld);
    expect(firstMessage(unknownBirth, '1899-12-31')).toBe(MESSAGES.employmentStartTooOld);
  });
  it('a birth date 14 years before an old start still leaves the 55-year bound', () => {
    const old = employmentStartSchema({ today: TODAY, birthDate: new Date(1950, 0, 1) });
    expect(firstMessage(old, '1970-06-14')).toBe(MESSAGES.employmentStartTooOld);
    expect(firstMessage(old, '1963-12-31')).toBe(MESSAGES.employmentStartBeforeWorkingAge);
  });
});

describe('birth dates', () => {
  it('Latvian date of birth: 18 to 73 years 11 months, both edges', () => {
    const schema = latvianDateOfBirthSchema({ today: TODAY });
    expect(firstMessage(schema, '2007-06-15')).toBeUndefined();
    expect(firstMessage(schema, '2007-06-16')).toBe(MESSAGES.ageOutOfRange);
    expect(firstMessage(schema, '1951-07-15')).toBeUndefined();
    expect(firstMessage(schema, '1951-07-14')).toBe(MESSAGES.ageOutOfRange);
    for (const text of ISSUE_DATES) expect(firstMessage(schema, text)).toBe(MESSAGES.ageOutOfRange);
  });
  it('a Latvian code of someone born before 1900 is refused even without the age check (a co-owner)', () => {
    expect(EARLIEST_BIRTH_YEAR).toBe(1900);
    expect(latvianPersonalCodeProblem('311299-01234', { today: TODAY, checkAge: false })).toBe('date');
    expect(latvianPersonalCodeProblem('010100-11235', { today: TODAY, checkAge: false })).toBeUndefined();
    expect(latvianPersonalCodeProblem('150625-21234', { today: TODAY, checkAge: false })).toBeUndefined();
    expect(latvianPersonalCodeProblem('160625-21234', { today: TODAY, checkAge: false })).toBe('date');
    expect(personalCodeProblem('LV', '311299-01234', { today: TODAY, checkAge: false })).toBe(MESSAGES.personalCodeInvalid);
  });
});

describe('contract end date: today to 25 years ahead (unchanged, section 5 deadline)', () => {
  it('refuses the dates of the issue', () => {
    const schema = deadlineSchema({ today: TODAY });
    expect(firstMessage(schema, '9999-12-31')).toBe(MESSAGES.deadlineTooFar);
    expect(firstMessage(schema, '0000-01-01')).toBe(MESSAGES.deadlineInPast);
  });
});

describe('the contract context carries today and the birth date to the rules', () => {
  it('reads the birth date the server put in the prefill, and nothing else', () => {
    expect(birthDateOf({ domain: 'retail-banking-ee', prefill: { birthDate: '1990-03-10' } })).toEqual(new Date(1990, 2, 10));
    expect(birthDateOf({ domain: 'retail-banking-ee', prefill: { birthDate: 19900310 } })).toBeUndefined();
    expect(birthDateOf({ domain: 'retail-banking-ee' })).toBeUndefined();
    expect(dateRuleOptions({ domain: 'retail-banking-ee', today: TODAY })).toEqual({ today: TODAY });
  });
  it('a date field of a contract uses the context today', () => {
    const contract = defineStepContract({
      fields: (context) => ({ start: date('start', employmentStartSchema(dateRuleOptions(context))) }),
      example: () => ({ start: { day: '1', month: '1', year: '2020' } }),
    });
    const schema = contract.payloadSchema({ domain: 'retail-banking-ee', today: TODAY, prefill: { birthDate: '2000-01-01' } });
    expect(firstMessage(schema, { start: '2013-12-31' })).toBe(MESSAGES.employmentStartBeforeWorkingAge);
    expect(firstMessage(schema, { start: '2025-06-16' })).toBe(MESSAGES.dateInFuture);
    expect(firstMessage(schema, { start: '2025-06-15' })).toBeUndefined();
  });
});
