/**
 * Issue 26 item 5, decision 193: dates and postal codes as people type them, read into the one
 * form the wire carries, which is the only form the server's schemas take.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { date } from '../../../core/contract/fields';
import { typedDate } from '../../../core/contract/typed-date-field';
import { fullYearOf, isoOfWritten, splitWrittenDate } from '../../../core/validation/general/typed-date';
import { parseIsoDate } from '../../../core/validation/general/dates';
import { isPostalCodeOf, normalisePostalCode, postalCodeSchema, postalCodeWireSchema } from '../../../core/validation/general/postal-code';
import { latvianBirthDateSchema, readTypedDate } from '../../../core/validation/latvia/birth-date';
import { MESSAGES } from '../../../core/validation/messages';
import { latvianDateOfBirthSchema } from '../../../src/steps/submitPersonalInfo/contract';
import { TODAY, firstMessage, output, pad } from '../support';

const past = { twoDigitYears: 'past' as const, today: TODAY };
const near = { twoDigitYears: 'near' as const, today: TODAY };

describe('a date as people write it (decision 193)', () => {
  it.each([
    ['15.03.1985', '1985-03-15'],
    ['15.3.1985', '1985-03-15'],
    ['5.3.1985', '1985-03-05'],
    ['15.03.1985.', '1985-03-15'],
    ['15/03/1985', '1985-03-15'],
    ['15-03-1985', '1985-03-15'],
    ['15 03 1985', '1985-03-15'],
    ['15,03,1985', '1985-03-15'],
    [' 15. 03. 1985 ', '1985-03-15'],
    ['15.03.85', '1985-03-15'],
    ['150385', '1985-03-15'],
    ['15031985', '1985-03-15'],
    ['1985-03-15', '1985-03-15'],
    ['1985.03.15', '1985-03-15'],
    ['1985-3-5', '1985-03-05'],
  ])('reads %s as %s', (typed, iso) => {
    expect(readTypedDate(typed, past)).toEqual({ iso });
  });

  it.each(['', 'abc', '1503851', '15.03', '15.03.985', '03/15/1985x', '1985-03-15T00:00', '15..03.1985', '15.03.19855'])('refuses %j as no date form', (typed) => {
    expect(readTypedDate(typed, past)).toEqual({ problem: 'format' });
  });

  it.each(['31.04.1985', '29.02.2023', '310490', '15.13.1985', '00.01.1990', '19850315'])('refuses %s as no real day', (typed) => {
    expect(readTypedDate(typed, past)).toEqual({ problem: 'invalid' });
  });

  it('a two-digit year of a past date is the latest that is not after today (15 June 2025)', () => {
    expect(readTypedDate('15.06.25', past)).toEqual({ iso: '2025-06-15' });
    expect(readTypedDate('16.06.25', past)).toEqual({ iso: '1925-06-16' });
    expect(readTypedDate('010100', past)).toEqual({ iso: '2000-01-01' });
    expect(readTypedDate('311299', past)).toEqual({ iso: '1999-12-31' });
  });

  it('a two-digit year of a date that may lie ahead is within 50 years of this year (2025), back or ahead', () => {
    expect(readTypedDate('01.01.30', near)).toEqual({ iso: '2030-01-01' });
    expect(readTypedDate('01.01.80', near)).toEqual({ iso: '1980-01-01' });
    expect(readTypedDate('31.12.75', near)).toEqual({ iso: '2075-12-31' });
    expect(readTypedDate('01.01.76', near)).toEqual({ iso: '1976-01-01' });
  });

  it('29 February of a two-digit year is judged by its month, then refused in a year without it', () => {
    expect(fullYearOf('24', 2, 29, past)).toBe(2024);
    expect(readTypedDate('29.02.24', past)).toEqual({ iso: '2024-02-29' });
    expect(readTypedDate('29.02.23', past)).toEqual({ problem: 'invalid' });
  });

  it('property: every day from 1900 to 2100 reads back in each written form', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1900, 0, 1), max: new Date(2100, 11, 31), noInvalidDate: true }), (day) => {
        const [d, m, y] = [day.getDate(), day.getMonth() + 1, day.getFullYear()];
        const iso = `${y}-${pad(m)}-${pad(d)}`;
        for (const typed of [`${pad(d)}.${pad(m)}.${y}`, `${d}.${m}.${y}`, `${pad(d)}${pad(m)}${y}`, iso, `${d}/${m}/${y}`]) {
          expect(readTypedDate(typed, past)).toEqual({ iso });
        }
        expect(splitWrittenDate(`${pad(d)}${pad(m)}${String(y).slice(2)}`)).toEqual({ day: pad(d), month: pad(m), year: String(y).slice(2) });
        const twoDigit = parseIsoDate(isoOfWritten({ day: String(d), month: String(m), year: String(y).slice(2) }, past) ?? '');
        // Never after today, and within the century before it.
        expect(twoDigit!.getTime()).toBeLessThanOrEqual(TODAY.getTime());
        expect(TODAY.getFullYear() - twoDigit!.getFullYear()).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('the date input (day, month, year) reads the same forms', () => {
  const rule = v.string();
  const field = () => date('when', rule);
  const read = () => field().read('en');
  it('takes a whole date typed into the day box alone, and a two-digit year', () => {
    expect(v.parse(read(), { day: '15.03.1985', month: '', year: '' })).toBe('1985-03-15');
    expect(v.parse(read(), { day: '150385', month: '', year: '' })).toMatch(/^(19|20)85-03-15$/);
    expect(v.parse(read(), { day: '15', month: '3', year: '1985' })).toBe('1985-03-15');
    expect(v.parse(read(), { day: '15', month: '03', year: '85' })).toMatch(/^(19|20)85-03-15$/);
    expect(firstMessage(read(), { day: '15.03.1985', month: '4', year: '' })).toBe(MESSAGES.dateInvalid);
    expect(firstMessage(read(), { day: '15', month: '3', year: '198' })).toBe(MESSAGES.dateInvalid);
  });
  it('a date that may lie ahead reads its two-digit year nearest today', () => {
    const ahead = date('when', rule, { twoDigitYears: 'near' }).read('en');
    const year = new Date().getFullYear() + 5;
    expect(v.parse(ahead, { day: '1', month: '1', year: String(year).slice(2) })).toBe(`${year}-01-01`);
  });
  it('the server takes yyyy-MM-dd only', () => {
    expect(firstMessage(field().wire, '1985-03-15')).toBeUndefined();
    for (const typed of ['15.03.1985', '150385', '1985-3-15']) expect(firstMessage(field().wire, typed)).toBe(MESSAGES.dateInvalid);
  });
});

describe('the Latvian date of birth (section 5; decision 193)', () => {
  const typed = () => latvianBirthDateSchema({ today: TODAY });
  const field = () => typedDate('dateOfBirth', typed(), latvianDateOfBirthSchema({ today: TODAY }));
  it('reads 15.03.1985, 15.3.1985, 150385, 15031985 and 1985-03-15 alike', () => {
    for (const text of ['15.03.1985', '15.3.1985', '150385', '15031985', '1985-03-15', '15.03.85']) expect(output(field().read('lv'), text)).toBe('1985-03-15');
  });
  it('says what it takes when the text is no date, and keeps the age bounds', () => {
    expect(firstMessage(typed(), '')).toBe(MESSAGES.required);
    expect(firstMessage(typed(), '15 March 1985')).toBe(MESSAGES.birthDateFormatLatvia);
    expect(firstMessage(typed(), '31.02.1985')).toBe(MESSAGES.dateInvalid);
    expect(firstMessage(typed(), '16.06.2007')).toBe(MESSAGES.ageOutOfRange);
    expect(firstMessage(typed(), '15.06.2007')).toBeUndefined();
  });
  it('the server schema takes yyyy-MM-dd only', () => {
    expect(firstMessage(field().wire, '1985-03-15')).toBeUndefined();
    for (const text of ['150385', '15.03.1985', '15031985']) expect(firstMessage(field().wire, text)).toBe(MESSAGES.dateInvalid);
    expect(firstMessage(field().wire, '2007-06-16')).toBe(MESSAGES.ageOutOfRange);
    expect(field().show('1985-03-15', 'lv')).toBe('15.03.1985');
  });
});

describe('postal codes with or without the country prefix (decision 193)', () => {
  it.each([
    ['LV', '1010', 'LV-1010'],
    ['LV', 'LV-1010', 'LV-1010'],
    ['LV', 'lv 1010', 'LV-1010'],
    ['LV', 'LV1010', 'LV-1010'],
    ['LV', ' lv - 1010 ', 'LV-1010'],
    ['LT', '01103', 'LT-01103'],
    ['LT', 'LT-01103', 'LT-01103'],
    ['LT', 'lt 01103', 'LT-01103'],
    ['EE', '10117', '10117'],
    ['EE', 'EE-10117', '10117'],
    ['EE', '101 17', '10117'],
    ['FI', '00100', '00100'],
    ['GB', 'sw1a  1aa', 'SW1A 1AA'],
  ])('%s: %j is sent as %s, which the server takes', (country, typed, wire) => {
    expect(normalisePostalCode(typed, country)).toBe(wire);
    expect(output(postalCodeSchema(country), typed)).toBe(wire);
    expect(firstMessage(postalCodeWireSchema(country), wire)).toBeUndefined();
  });

  it.each([
    ['LV', '101', MESSAGES.postalCodeLatvia],
    ['LV', '10101', MESSAGES.postalCodeLatvia],
    ['LV', 'EE-1010', MESSAGES.postalCodeLatvia],
    ['EE', '1011', MESSAGES.postalCodeEstonia],
    ['EE', '101171', MESSAGES.postalCodeEstonia],
    ['EE', 'LV-10117', MESSAGES.postalCodeEstonia],
    ['LT', '1234', MESSAGES.postalCodeLithuania],
    ['LT', 'LV-01103', MESSAGES.postalCodeLithuania],
    ['FI', '1', MESSAGES.postalCodeInvalid],
    ['FI', '', MESSAGES.required],
    ['EE', '   ', MESSAGES.required],
  ])('%s: %j is refused as typed', (country, typed, message) => {
    expect(firstMessage(postalCodeSchema(country), typed)).toBe(message);
  });

  it.each([
    ['LV', '1010', MESSAGES.postalCodeLatvia],
    ['LV', 'lv 1010', MESSAGES.postalCodeLatvia],
    ['LT', '01103', MESSAGES.postalCodeLithuania],
    ['EE', 'EE-10117', MESSAGES.postalCodeEstonia],
    ['EE', '1011', MESSAGES.postalCodeEstonia],
    ['FI', 'sw1a 1aa', MESSAGES.postalCodeInvalid],
    ['FI', ' ', MESSAGES.required],
  ])('the server refuses %s %j: it takes the wire form only', (country, sent, message) => {
    expect(firstMessage(postalCodeWireSchema(country), sent)).toBe(message);
  });

  it('property: a Latvian, Lithuanian or Estonian code typed in any of its ways is sent in one form', () => {
    fc.assert(
      fc.property(fc.constantFrom('LV', 'LT', 'EE'), fc.integer({ min: 0, max: 99999 }), fc.constantFrom('', '-', ' ', ' - '), fc.boolean(), (country, number, separator, lower) => {
        const digits = pad(number, country === 'LV' ? 4 : 5).slice(-(country === 'LV' ? 4 : 5));
        const prefix = lower ? country.toLowerCase() : country;
        const wire = normalisePostalCode(digits, country);
        expect(isPostalCodeOf(wire, country)).toBe(true);
        expect(normalisePostalCode(`${prefix}${separator}${digits}`, country)).toBe(wire);
      }),
    );
  });
});
