/**
 * Edges of three validation files the whole mutation run found untested (decision 243): a calendar
 * date's bounds, a housing loan's own contribution at exactly 90 % of the price, and e-mail typo
 * guesses for an address without a local part or with a longer host.
 */
import { describe, expect, it } from 'vitest';
import { calendarDate, parseIsoDate } from '../../../core/validation/general/dates';
import { emailSchema, hasMistypedEnding } from '../../../core/validation/general/email';
import { housingLoanSchema } from '../../../core/validation/general/housing';
import { MESSAGES } from '../../../core/validation/messages';
import { firstMessage, issuesOf } from '../support';

describe('calendarDate: a day that exists, or none', () => {
  it('refuses a year that is no whole number (it would be cut to one)', () => {
    expect(calendarDate(2020.5, 1, 1)).toBeUndefined();
    expect(calendarDate(2020, 1, 1)?.getFullYear()).toBe(2020);
  });

  it('refuses a month past December (it would run into the next year)', () => {
    expect(calendarDate(2023, 13, 1)).toBeUndefined();
    expect(calendarDate(2023, 0, 15)).toBeUndefined();
  });

  it('refuses a day a whole year past the month (it would land on the same month a year on)', () => {
    expect(calendarDate(2023, 1, 366)).toBeUndefined();
    expect(calendarDate(2023, 4, 31)).toBeUndefined();
  });

  it('reads yyyy-MM-dd and nothing around it', () => {
    expect(parseIsoDate('2020-01-31')?.getDate()).toBe(31);
    expect(parseIsoDate('12020-01-31')).toBeUndefined();
    expect(parseIsoDate('2020-01-311')).toBeUndefined();
  });
});

describe('housing loan: the own contribution at exactly 90 % of the price', () => {
  it('is allowed, and then the amount left is checked against the minimum, on the own contribution', () => {
    expect(issuesOf(housingLoanSchema({ minAmount: 5000 }), { price: 10000, ownContribution: 9000 })).toEqual([`ownContribution: ${MESSAGES.housingAmountBelowMinimum}`]);
    expect(issuesOf(housingLoanSchema({ minAmount: 1000 }), { price: 10000, ownContribution: 9000 })).toEqual([]);
  });

  it('one cent more is too high, and only that is said', () => {
    expect(issuesOf(housingLoanSchema({ minAmount: 5000 }), { price: 10000, ownContribution: 9000.01 })).toEqual([`ownContribution: ${MESSAGES.ownContributionTooHigh}`]);
  });
});

describe('e-mail typo guesses read the host after the @ only', () => {
  it('an address without an @ is not guessed at: it is simply invalid', () => {
    expect(firstMessage(emailSchema(), 'gmial.com')).toBe(MESSAGES.emailInvalid);
  });

  it('an address starting with the @ still has its host read', () => {
    expect(firstMessage(emailSchema(), '@gmial.com')).toBe(MESSAGES.emailHostMisspelt);
  });

  it('the ending is the last label, however many the host has', () => {
    expect(hasMistypedEnding('name@mail.con.ee')).toBe(false);
    expect(firstMessage(emailSchema(), 'name@mail.con.ee')).toBeUndefined();
    expect(hasMistypedEnding('name@mail.ee.con')).toBe(true);
  });
});
