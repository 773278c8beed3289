/**
 * The shapes of a typed date's year (decision 246): the year box takes 2 or 4 digits and nothing
 * else, and a 4-digit year is read as written, leading zero included. Found by the whole mutation
 * run (issue 27 item 4): nothing refused a year of 3 or 5 digits or one with a decimal point.
 */
import { describe, expect, it } from 'vitest';
import { isoOfWritten, splitWrittenDate, type TypedDateOptions } from '../../../core/validation/general/typed-date';
import { readTypedDate } from '../../../core/validation/latvia/birth-date';

const TODAY = new Date(2026, 10, 29);

describe('a typed date: the year as written', () => {
  it('the three boxes take a year of 4 or 2 digits', () => {
    for (const twoDigitYears of ['past', 'near'] as const) {
      const options: TypedDateOptions = { twoDigitYears, today: TODAY };
      expect(isoOfWritten({ day: '15', month: '3', year: '1985' }, options)).toBe('1985-03-15');
      expect(isoOfWritten({ day: '15', month: '3', year: '85' }, options)).toBe('1985-03-15');
    }
  });

  it('refuses a year of 3 digits (it is no two-digit year of any century)', () => {
    for (const twoDigitYears of ['past', 'near'] as const) {
      const options: TypedDateOptions = { twoDigitYears, today: TODAY };
      expect(isoOfWritten({ day: '15', month: '3', year: '123' }, options)).toBeUndefined();
      expect(isoOfWritten({ day: '15', month: '3', year: '985' }, options)).toBeUndefined();
    }
  });

  it('refuses a year of 5 digits, even one whose last 4 are a year', () => {
    const options: TypedDateOptions = { twoDigitYears: 'past', today: TODAY };
    expect(isoOfWritten({ day: '15', month: '3', year: '01985' }, options)).toBeUndefined();
    expect(isoOfWritten({ day: '15', month: '3', year: '19850' }, options)).toBeUndefined();
  });

  it('refuses a year with a decimal point or an exponent (which a number would read as 1985)', () => {
    const options: TypedDateOptions = { twoDigitYears: 'near', today: TODAY };
    expect(isoOfWritten({ day: '15', month: '3', year: '1985.0' }, options)).toBeUndefined();
    expect(isoOfWritten({ day: '15', month: '3', year: '1985e0' }, options)).toBeUndefined();
  });

  it('a year below 1000 keeps its four digits (the date rules then judge it, not the format)', () => {
    const options: TypedDateOptions = { twoDigitYears: 'past', today: TODAY };
    expect(readTypedDate('15.03.0985', options)).toEqual({ iso: '0985-03-15' });
    expect(readTypedDate('0985-03-15', options)).toEqual({ iso: '0985-03-15' });
    expect(isoOfWritten({ day: '1', month: '1', year: '0999' }, options)).toBe('0999-01-01');
  });

  it('the day and the month take 1 or 2 digits: padded or longer ones name no day', () => {
    const options: TypedDateOptions = { twoDigitYears: 'past', today: TODAY };
    expect(isoOfWritten({ day: '5', month: '3', year: '1985' }, options)).toBe('1985-03-05');
    expect(isoOfWritten({ day: '015', month: '3', year: '1985' }, options)).toBeUndefined();
    expect(isoOfWritten({ day: ' 5', month: '3', year: '1985' }, options)).toBeUndefined();
    expect(isoOfWritten({ day: '5', month: '', year: '1985' }, options)).toBeUndefined();
    expect(isoOfWritten({ day: '5', month: '+3', year: '1985' }, options)).toBeUndefined();
  });

  it('a whole date splits into the day, month and year as written, whichever comes first', () => {
    expect(splitWrittenDate(' 5.3.1985. ')).toEqual({ day: '5', month: '3', year: '1985' });
    expect(splitWrittenDate('050385')).toEqual({ day: '05', month: '03', year: '85' });
    expect(splitWrittenDate('1985-3-5')).toEqual({ day: '5', month: '3', year: '1985' });
    expect(splitWrittenDate('1985-3')).toBeUndefined();
  });
});
