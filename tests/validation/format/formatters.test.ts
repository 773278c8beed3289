import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, formatEur, formatPercent, roundMoney } from '../../../core/validation/format/money';
import { DATE_FORMATS, formatDisplayDate, formatIsoDate, formatMonth, formatUtcTimestamp, parseDisplayDate } from '../../../core/validation/format/dates';
import { maskMiddle } from '../../../core/validation/format/mask';
import { electronicIban, formatIban } from '../../../core/validation/format/iban';
import { capitaliseName } from '../../../core/validation/format/name';
import { digitsOnly, normalisePhoneCode, toE164 } from '../../../core/validation/format/phone';
import { parseMoney } from '../../../core/validation/money';
import { LOCALES } from '../../../core/domain/languages';

const nbsp = (text: string) => text.replace(/[\u00A0\u202F]/g, ' ');

describe('money formatters (section 9)', () => {
  it('EUR without decimals for whole values, two otherwise, with the language separators', () => {
    expect(nbsp(formatEur(1500, 'et'))).toBe('1500 €');
    expect(nbsp(formatEur(15000, 'et'))).toBe('15 000 €');
    expect(nbsp(formatEur(1500.5, 'et'))).toBe('1500,50 €');
    expect(formatEur(1500.5, 'en')).toBe('€1,500.50');
    expect(formatEur(1500, 'en')).toBe('€1,500');
    expect(nbsp(formatEur(1234567.891, 'lv'))).toBe('1 234 567,89 €');
    expect(nbsp(formatEur(99.999, 'ru'))).toBe('100 €');
  });
  it('percent with up to 2 decimals', () => {
    expect(formatPercent(15.9, 'en')).toBe('15.9%');
    expect(nbsp(formatPercent(15.9, 'et'))).toBe('15,9%');
    expect(formatPercent(4.125, 'en')).toBe('4.13%');
    expect(formatPercent(5, 'en')).toBe('5%');
    expect(nbsp(formatPercent(12.34, 'lt'))).toBe('12,34 %');
  });
  it('round to 2 decimals', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(1.004)).toBe(1);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
  });
  it('property: rounding is idempotent and formatted amounts parse back', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (value) => {
        expect(roundMoney(roundMoney(value))).toBe(roundMoney(value));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), fc.constantFrom(...LOCALES), (cents, locale) => {
        expect(parseMoney(formatAmount(cents / 100, locale))).toBe(cents / 100);
      }),
    );
  });
});

describe('date formats (section 9)', () => {
  const date = new Date(2025, 5, 7, 13, 45, 10, 123);
  it('display dd-MM-yyyy, ISO, month, UTC timestamp', () => {
    expect(DATE_FORMATS.display).toBe('dd-MM-yyyy');
    expect(formatDisplayDate(date)).toBe('07-06-2025');
    expect(formatIsoDate(date)).toBe('2025-06-07');
    expect(formatMonth(date)).toBe('2025-06');
    expect(formatUtcTimestamp(new Date(Date.UTC(2025, 5, 7, 1, 2, 3, 4)))).toBe('2025-06-07T01:02:03.004Z');
  });
  it('display dates parse back strictly', () => {
    expect(parseDisplayDate('07-06-2025')).toEqual(new Date(2025, 5, 7));
    expect(parseDisplayDate('31-02-2025')).toBeUndefined();
    expect(parseDisplayDate('2025-06-07')).toBeUndefined();
    fc.assert(
      fc.property(fc.date({ min: new Date(1900, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }), (d) => {
        const day = new Date(d.getFullYear(), d.getMonth(), d.getDate());
        expect(parseDisplayDate(formatDisplayDate(day))).toEqual(day);
      }),
    );
  });
});

describe('masking (section 9: 15 characters, first 5 and last 5 with ...)', () => {
  it('boundaries', () => {
    expect(maskMiddle('EE38220022102014')).toBe('EE382...02014');
    expect(maskMiddle('EE3822002210201')).toBe('EE3822002210201');
    expect(maskMiddle('EE382200221020145685')).toBe('EE382...45685');
    expect(maskMiddle('')).toBe('');
  });
  it('property: idempotent and never longer than 15', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        expect(maskMiddle(maskMiddle(text))).toBe(maskMiddle(text));
        expect(maskMiddle(text).length).toBeLessThanOrEqual(15);
      }),
    );
  });
});

describe('IBAN formatter (section 5)', () => {
  it('upper case, strip non-alphanumerics, groups of 4, cut to 26', () => {
    expect(formatIban('ee38 2200-2210.2014 5685')).toBe('EE38 2200 2210 2014 5685');
    expect(formatIban('lv80bank0000435195001')).toBe('LV80 BANK 0000 4351 9500 1');
    expect(formatIban('LV80BANK00004351950012345')).toBe('LV80 BANK 0000 4351 9500 1');
    expect(formatIban('LV80 BANK 0000 4351 9500 1').length).toBe(26);
    expect(formatIban('')).toBe('');
    expect(electronicIban('ee38 2200')).toBe('EE382200');
  });
  it('property: idempotent, at most 26 characters, only A-Z, 0-9 and single spaces', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const formatted = formatIban(text);
        expect(formatIban(formatted)).toBe(formatted);
        expect(formatted.length).toBeLessThanOrEqual(26);
        expect(formatted).toMatch(/^(?:[A-Z0-9]{1,4}(?: [A-Z0-9]{4})*(?: [A-Z0-9]{1,4})?)?$/);
      }),
    );
  });
});

describe('name capitalisation and phone normalisation', () => {
  it('names', () => {
    expect(capitaliseName('  ANNA-LIISA   mägi ')).toBe('Anna-Liisa Mägi');
    expect(capitaliseName('žydrūnė')).toBe('Žydrūnė');
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(capitaliseName(capitaliseName(text))).toBe(capitaliseName(text));
      }),
    );
  });
  it('phones', () => {
    expect(digitsOnly('+372 (5) 123-4567')).toBe('37251234567');
    expect(normalisePhoneCode('00372')).toBe('+372');
    expect(normalisePhoneCode('372')).toBe('+372');
    expect(toE164('+371', '2123 4567')).toBe('+37121234567');
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(digitsOnly(digitsOnly(text))).toBe(digitsOnly(text));
        expect(normalisePhoneCode(normalisePhoneCode(text))).toBe(normalisePhoneCode(text));
      }),
    );
  });
});
