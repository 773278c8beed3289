import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, addMonths, addYears, format, subDays, subYears } from 'date-fns';
import { latvianBirthDateSchema, parseLatvianBirthDate } from '../../../core/validation/latvia/birth-date';
import { isLatvianApplicantAge } from '../../../core/validation/latvia/age';
import { employmentStartSchema } from '../../../core/validation/latvia/employment';
import {
  LATVIAN_PASSPORT_PREFIXES,
  latvianDocumentNumberSchema,
  latvianIdCardNumberSchema,
  latvianPassportNumberSchema,
} from '../../../core/validation/latvia/documents';
import {
  latvianAddressSchema,
  latvianAlphanumericCharacters,
  latvianTextCharacters,
} from '../../../core/validation/latvia/address';
import { latvianPostalCodeSchema } from '../../../core/validation/general/postal-code';
import { MESSAGES } from '../../../core/validation/messages';
import * as v from 'valibot';
import { TODAY, firstMessage, output } from '../support';

const ddMMyy = (date: Date) => format(date, 'ddMMyy');
const iso = (date: Date) => format(date, 'yyyy-MM-dd');

describe('birth date ddMMyy and age 18 to 73 with the 11-month offset (section 5, Latvia)', () => {
  const schema = () => latvianBirthDateSchema({ today: TODAY });
  const eighteen = addYears(TODAY, -18);
  const oldest = addMonths(addYears(TODAY, -73), -11);

  it('format and real date', () => {
    expect(firstMessage(schema(), '')).toBe(MESSAGES.required);
    // Decision 193: the other written forms are read too; what is none of them is refused.
    expect(firstMessage(schema(), '15.06.90')).toBeUndefined();
    expect(output(schema(), '15.06.90')).toBe('1990-06-15');
    expect(firstMessage(schema(), '1506900')).toBe(MESSAGES.birthDateFormatLatvia);
    expect(firstMessage(schema(), '310290')).toBe(MESSAGES.dateInvalid);
    expect(parseLatvianBirthDate('150690', TODAY)).toEqual(new Date(1990, 5, 15));
    expect(parseLatvianBirthDate('010105', TODAY)).toEqual(new Date(2005, 0, 1));
  });

  it('boundaries: 18 minus a day refused, 18 accepted; 73 and 11 months accepted, a day more refused', () => {
    expect(firstMessage(schema(), ddMMyy(addDays(eighteen, 1)))).toBe(MESSAGES.ageOutOfRange);
    expect(firstMessage(schema(), ddMMyy(eighteen))).toBeUndefined();
    expect(firstMessage(schema(), ddMMyy(oldest))).toBeUndefined();
    expect(firstMessage(schema(), ddMMyy(subDays(oldest, 1)))).toBe(MESSAGES.ageOutOfRange);
  });

  it('property: ages outside the bounds are refused, inside accepted', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1900, 0, 1), max: TODAY, noInvalidDate: true }), (birth) => {
        const inside = birth.getTime() <= eighteen.getTime() && birth.getTime() >= oldest.getTime();
        expect(isLatvianApplicantAge(birth, TODAY)).toBe(inside);
      }),
    );
  });
});

describe('employment start within 55 years (section 5, Latvia)', () => {
  const schema = () => employmentStartSchema({ today: TODAY });
  it('boundaries', () => {
    expect(firstMessage(schema(), iso(subYears(TODAY, 55)))).toBeUndefined();
    expect(firstMessage(schema(), iso(subDays(subYears(TODAY, 55), 1)))).toBe(MESSAGES.employmentStartTooOld);
    expect(firstMessage(schema(), iso(TODAY))).toBeUndefined();
    expect(firstMessage(schema(), iso(addDays(TODAY, 1)))).toBe(MESSAGES.dateInFuture);
    expect(firstMessage(schema(), '2020-13-01')).toBe(MESSAGES.dateInvalid);
  });
});

describe('passport and ID card numbers (section 5, Latvia)', () => {
  it('passport: prefix from the fixed set plus 7 digits', () => {
    for (const prefix of LATVIAN_PASSPORT_PREFIXES) expect(firstMessage(latvianPassportNumberSchema(), `${prefix}1234567`)).toBeUndefined();
    expect(output(latvianPassportNumberSchema(), ' lv 1234567 ')).toBe('LV1234567');
    expect(firstMessage(latvianPassportNumberSchema(), 'PA1234567')).toBe(MESSAGES.passportNumberLatvia);
    expect(firstMessage(latvianPassportNumberSchema(), 'LV123456')).toBe(MESSAGES.passportNumberLatvia);
    expect(firstMessage(latvianPassportNumberSchema(), 'LV12345678')).toBe(MESSAGES.passportNumberLatvia);
    expect(firstMessage(latvianPassportNumberSchema(), '')).toBe(MESSAGES.required);
  });
  it('ID card: two letters plus 7 digits', () => {
    expect(firstMessage(latvianIdCardNumberSchema(), 'PA1234567')).toBeUndefined();
    expect(firstMessage(latvianIdCardNumberSchema(), 'P11234567')).toBe(MESSAGES.idCardNumberLatvia);
    expect(firstMessage(latvianIdCardNumberSchema(), 'PA123456')).toBe(MESSAGES.idCardNumberLatvia);
    expect(firstMessage(latvianDocumentNumberSchema('PASSPORT'), 'PA1234567')).toBe(MESSAGES.passportNumberLatvia);
    expect(firstMessage(latvianDocumentNumberSchema('ID_CARD'), 'PA1234567')).toBeUndefined();
  });
});

describe('postal code, address and text patterns (section 5, Latvia)', () => {
  it('postal code LV-dddd', () => {
    expect(output(latvianPostalCodeSchema(), 'lv-1010')).toBe('LV-1010');
    expect(output(latvianPostalCodeSchema(), '1010')).toBe('LV-1010');
    expect(output(latvianPostalCodeSchema(), 'LV 1010')).toBe('LV-1010');
    expect(firstMessage(latvianPostalCodeSchema(), 'LV-101')).toBe(MESSAGES.postalCodeLatvia);
    expect(firstMessage(latvianPostalCodeSchema(), 'EE-1010')).toBe(MESSAGES.postalCodeLatvia);
    expect(firstMessage(latvianPostalCodeSchema(), '')).toBe(MESSAGES.required);
  });
  it('full address', () => {
    expect(firstMessage(latvianAddressSchema(), 'Brīvības iela 21-5, Rīga, LV-1010')).toBeUndefined();
    expect(firstMessage(latvianAddressSchema(), 'Brīvības iela 21 <5>')).toBe(MESSAGES.addressInvalidCharacters);
    expect(firstMessage(latvianAddressSchema(), 'B')).toBe(MESSAGES.textLength2To200);
  });
  it('text and alphanumeric checks', () => {
    const text = v.pipe(v.string(), latvianTextCharacters());
    const alnum = v.pipe(v.string(), latvianAlphanumericCharacters());
    expect(firstMessage(text, 'Darba līgums: 3 gadi; alga 1500!')).toBeUndefined();
    expect(firstMessage(text, 'Õun')).toBe(MESSAGES.textInvalidCharacters);
    expect(firstMessage(alnum, 'ĀBC123')).toBeUndefined();
    expect(firstMessage(alnum, 'AB-12')).toBe(MESSAGES.alphanumericOnly);
  });
});
