import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, addMonths, addYears, subDays } from 'date-fns';
import {
  birthDateFromPersonalCode,
  checkPersonalCode,
  elevenDigitCheckDigit,
  isValidEstonianPersonalCode,
  isValidLatvianPersonalCode,
  isValidLithuanianPersonalCode,
  personalCodeSchema,
} from '../../core/validation/personal-code';
import { MESSAGES } from '../../core/validation/messages';
import { TODAY, elevenDigitCode, firstMessage, oldLatvianCode, output, pad, referenceCheckDigit } from './support';

const birthDates = fc.date({ min: new Date(1900, 0, 1), max: TODAY, noInvalidDate: true });
const elevenDigitCodes = fc
  .tuple(birthDates, fc.boolean(), fc.integer({ min: 0, max: 999 }))
  .map(([birth, female, serial]) => elevenDigitCode(birth, female, serial));

describe('Estonian personal code (section 5, Estonia)', () => {
  it('accepts known real-format codes and refuses each broken part', () => {
    expect(isValidEstonianPersonalCode('37605030299', TODAY)).toBe(true);
    expect(isValidEstonianPersonalCode('49403136526', TODAY)).toBe(true);
    expect(isValidEstonianPersonalCode('37605030298', TODAY)).toBe(false); // check digit
    expect(isValidEstonianPersonalCode('27605030291', TODAY)).toBe(false); // first digit 2
    expect(isValidEstonianPersonalCode('77605030291', TODAY)).toBe(false); // first digit 7
    expect(isValidEstonianPersonalCode('3760503029', TODAY)).toBe(false); // 10 digits
    expect(isValidEstonianPersonalCode('376050302991', TODAY)).toBe(false); // 12 digits
  });

  it('uses the second weight set when the first gives 10, and 0 when both give 10', () => {
    // 3760503006: first set 10, second set 4. 3760503092: both sets 10, so the check digit is 0.
    expect(elevenDigitCheckDigit('3760503006')).toBe(4);
    expect(isValidEstonianPersonalCode('37605030064', TODAY)).toBe(true);
    expect(elevenDigitCheckDigit('3760503092')).toBe(0);
    expect(isValidEstonianPersonalCode('37605030920', TODAY)).toBe(true);
  });

  it('refuses impossible and future birth dates', () => {
    for (const body of ['3760230029', '3760431029', '3761301029', '3760100029', '5991231029']) {
      expect(isValidEstonianPersonalCode(`${body}${referenceCheckDigit(body)}`, TODAY)).toBe(false);
    }
    const leapDay = '6000229029';
    expect(isValidEstonianPersonalCode(`${leapDay}${referenceCheckDigit(leapDay)}`, TODAY)).toBe(true);
    const notLeap = '3000229029';
    expect(isValidEstonianPersonalCode(`${notLeap}${referenceCheckDigit(notLeap)}`, TODAY)).toBe(false);
    const tomorrow = elevenDigitCode(addDays(TODAY, 1), false, 1);
    expect(isValidEstonianPersonalCode(tomorrow, TODAY)).toBe(false);
    expect(isValidEstonianPersonalCode(elevenDigitCode(TODAY, false, 1), TODAY)).toBe(true);
  });

  it('property: every generated valid code is accepted, in EE and LT', () => {
    fc.assert(
      fc.property(elevenDigitCodes, (code) => {
        expect(isValidEstonianPersonalCode(code, TODAY)).toBe(true);
        expect(isValidLithuanianPersonalCode(code, TODAY)).toBe(true);
        expect(checkPersonalCode('EE', code, { today: TODAY })).toEqual({ valid: true });
      }),
    );
  });

  it('property: any other check digit is refused', () => {
    fc.assert(
      fc.property(elevenDigitCodes, fc.integer({ min: 1, max: 9 }), (code, shift) => {
        const wrong = (Number(code.charAt(10)) + shift) % 10;
        const changed = `${code.slice(0, 10)}${wrong}`;
        expect(isValidEstonianPersonalCode(changed, TODAY)).toBe(false);
        expect(isValidLithuanianPersonalCode(changed, TODAY)).toBe(false);
      }),
    );
  });

  it('property: a single changed digit is accepted exactly when the recomputed checksum and date still hold', () => {
    fc.assert(
      fc.property(elevenDigitCodes, fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), (code, position, digit) => {
        const changed = `${code.slice(0, position)}${digit}${code.slice(position + 1)}`;
        const birth = /^[3-6]/.test(changed) ? birthDateFromPersonalCode('EE', changed) : undefined;
        const expected =
          birth !== undefined && birth.getTime() <= TODAY.getTime() && referenceCheckDigit(changed.slice(0, 10)) === Number(changed.charAt(10));
        expect(isValidEstonianPersonalCode(changed, TODAY)).toBe(expected);
      }),
    );
  });

  it('schema: required, format and invalid messages; spaces dropped', () => {
    const schema = personalCodeSchema('EE', { today: TODAY });
    expect(firstMessage(schema, '')).toBe(MESSAGES.required);
    expect(firstMessage(schema, '123')).toBe(MESSAGES.personalCodeFormatEstonia);
    expect(firstMessage(schema, '37605030298')).toBe(MESSAGES.personalCodeInvalid);
    expect(output(schema, ' 376 0503 0299 ')).toBe('37605030299');
  });
});

describe('Lithuanian personal code (docs/decisions/010)', () => {
  it('same structure and checksum as Estonia; first digit 3 to 6', () => {
    expect(isValidLithuanianPersonalCode('38703181745', TODAY)).toBe(true);
    const body1800s = '1870318174';
    expect(isValidLithuanianPersonalCode(`${body1800s}${referenceCheckDigit(body1800s)}`, TODAY)).toBe(false);
    expect(firstMessage(personalCodeSchema('LT', { today: TODAY }), '3870318174')).toBe(MESSAGES.personalCodeFormatLithuania);
    expect(firstMessage(personalCodeSchema('LT', { today: TODAY }), '38703181746')).toBe(MESSAGES.personalCodeInvalid);
  });
});

describe('Latvian personal code (section 5, Latvia)', () => {
  it('new format 32dddd-ddddd, hyphen optional, output with hyphen', () => {
    const schema = personalCodeSchema('LV', { today: TODAY });
    expect(output(schema, '321234-56789')).toBe('321234-56789');
    expect(output(schema, '32123456789')).toBe('321234-56789');
    expect(firstMessage(schema, '331234-56789')).toBe(MESSAGES.personalCodeFormatLatvia);
    expect(firstMessage(schema, '331234-12345')).toBe(MESSAGES.personalCodeInvalid);
    expect(firstMessage(schema, '321234-5678')).toBe(MESSAGES.personalCodeFormatLatvia);
  });

  it('old format ddMMyy-Cdddd with a valid date and century digit 0, 1 or 2', () => {
    const schema = personalCodeSchema('LV', { today: TODAY });
    expect(firstMessage(schema, '150690-12344')).toBeUndefined();
    expect(firstMessage(schema, '15069012344')).toBeUndefined();
    expect(firstMessage(schema, '310290-12345')).toBe(MESSAGES.personalCodeInvalid);
    expect(firstMessage(schema, '150690-32345')).toBe(MESSAGES.personalCodeFormatLatvia);
    expect(firstMessage(schema, '')).toBe(MESSAGES.required);
  });

  it('old format: age 18 to 73 years 11 months (inclusive) for the applicant', () => {
    const schema = personalCodeSchema('LV', { today: TODAY });
    const at = (birth: Date) => oldLatvianCode(birth, 1234);
    expect(firstMessage(schema, at(subDays(addYears(TODAY, -18), -1)))).toBe(MESSAGES.personalCodeAgeOutOfRange);
    expect(firstMessage(schema, at(addYears(TODAY, -18)))).toBeUndefined();
    const oldest = addMonths(addYears(TODAY, -73), -11);
    expect(firstMessage(schema, at(oldest))).toBeUndefined();
    expect(firstMessage(schema, at(subDays(oldest, 1)))).toBe(MESSAGES.personalCodeAgeOutOfRange);
    expect(isValidLatvianPersonalCode(at(subDays(oldest, 1)), { today: TODAY, checkAge: false })).toBe(true);
  });

  it('property: every generated valid code is accepted (new, and old within the age bounds)', () => {
    const newCodes = fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99999 })).map(([a, b]) => `32${pad(a, 4)}-${pad(b, 5)}`);
    const adultBirths = fc.date({ min: addMonths(addYears(TODAY, -73), -11), max: addYears(TODAY, -18), noInvalidDate: true });
    const oldCodes = fc.tuple(adultBirths, fc.integer({ min: 0, max: 9999 })).map(([birth, serial]) => oldLatvianCode(birth, serial));
    fc.assert(
      fc.property(fc.oneof(newCodes, oldCodes), (code) => {
        expect(checkPersonalCode('LV', code, { today: TODAY })).toEqual({ valid: true });
      }),
    );
  });

  it('property: ages outside the bounds are refused', () => {
    const tooYoung = fc.date({ min: addDays(addYears(TODAY, -18), 1), max: TODAY, noInvalidDate: true });
    const tooOld = fc.date({ min: new Date(1901, 0, 1), max: subDays(addMonths(addYears(TODAY, -73), -11), 1), noInvalidDate: true });
    fc.assert(
      fc.property(fc.oneof(tooYoung, tooOld), fc.integer({ min: 0, max: 9999 }), (birth, serial) => {
        expect(checkPersonalCode('LV', oldLatvianCode(birth, serial), { today: TODAY })).toEqual({ valid: false });
      }),
    );
  });

  it('property: impossible dates are refused in every country', () => {
    const impossible = fc.oneof(
      fc.tuple(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 13, max: 99 })),
      fc.tuple(fc.integer({ min: 32, max: 99 }), fc.integer({ min: 1, max: 12 })),
      fc.tuple(fc.constant(0), fc.integer({ min: 1, max: 12 })),
      fc.tuple(fc.constant(31), fc.constantFrom(4, 6, 9, 11)),
      fc.tuple(fc.constant(30), fc.constant(2)),
    );
    fc.assert(
      fc.property(impossible, fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 999 }), ([day, month], year, serial) => {
        const body = `3${pad(year)}${pad(month)}${pad(day)}${pad(serial, 3)}`;
        expect(isValidEstonianPersonalCode(`${body}${referenceCheckDigit(body)}`, TODAY)).toBe(false);
        // Day 32 is not a date in Latvia either: it is the prefix of the new format (32dddd-ddddd).
        if (day !== 32) {
          expect(checkPersonalCode('LV', `${pad(day)}${pad(month)}${pad(year)}-1${pad(serial, 4)}`, { today: TODAY }).valid).toBe(false);
        }
      }),
    );
  });

  it('birth dates come out of the codes', () => {
    expect(birthDateFromPersonalCode('EE', '37605030299')).toEqual(new Date(1976, 4, 3));
    expect(birthDateFromPersonalCode('LV', '150690-12344')).toEqual(new Date(1990, 5, 15));
    expect(birthDateFromPersonalCode('LV', '321234-56789')).toBeUndefined();
  });
});
