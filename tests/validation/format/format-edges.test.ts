import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatAmount, formatEur } from '../../../core/validation/format/money';
import { parseDisplayDate } from '../../../core/validation/format/dates';
import { formatIban } from '../../../core/validation/format/iban';

const nbsp = (text: string) => text.replace(/[\u00A0\u202F]/g, ' ');

describe('a display date read strictly (section 9, dd-MM-yyyy)', () => {
  it('refuses what date-fns would read but the format does not allow', () => {
    expect(parseDisplayDate('01-01-2020')).toEqual(new Date(2020, 0, 1));
    expect(parseDisplayDate('1-1-2020')).toBeUndefined();
    expect(parseDisplayDate('01-1-2020')).toBeUndefined();
    expect(parseDisplayDate('01-01-202')).toBeUndefined();
    expect(parseDisplayDate('01-01-20201')).toBeUndefined();
    expect(parseDisplayDate(' 01-01-2020')).toBeUndefined();
    expect(parseDisplayDate('01-01-2020 ')).toBeUndefined();
    expect(parseDisplayDate('')).toBeUndefined();
  });

  it('reads a four-digit year before 1000 as written', () => {
    const date = parseDisplayDate('15-03-0202');
    expect(date?.getFullYear()).toBe(202);
    expect([date?.getMonth(), date?.getDate()]).toEqual([2, 15]);
  });
});

describe('money in a language tag the bank does not map (section 9)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('formats with that tag’s own separators, not the runtime’s default', () => {
    expect(nbsp(formatEur(1234.5, 'de-DE'))).toBe('1.234,50 €');
    expect(nbsp(formatAmount(1234.5, 'de-DE'))).toBe('1.234,50');
  });

  it('a plain amount keeps two decimals for a fraction, none for a whole value', () => {
    expect(nbsp(formatAmount(1234.5, 'et'))).toBe('1234,50');
    expect(nbsp(formatAmount(12345.678, 'lv'))).toBe('12 345,68');
    expect(formatAmount(1500, 'en')).toBe('1,500');
  });

  it('builds one number format per language and options, on first use', () => {
    const Original = Intl.NumberFormat;
    const built = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (locales?: string | string[], options?: Intl.NumberFormatOptions) {
      return new Original(locales, options);
    } as typeof Intl.NumberFormat);
    formatEur(7.25, 'fr-CA');
    formatEur(8.5, 'fr-CA');
    formatAmount(9.75, 'fr-CA');
    formatAmount(10.25, 'fr-CA');
    expect(built).toHaveBeenCalledTimes(2);
    expect(nbsp(formatEur(7.25, 'fr-CA'))).toBe('7,25 €');
  });
});

describe('an IBAN cut to the field’s 26 characters (section 5)', () => {
  it('ends on a character of the sixth group, never on a space', () => {
    expect(formatIban('LV80BANK000043519500123456789')).toBe('LV80 BANK 0000 4351 9500 1');
    expect(formatIban('LV80BANK00004351950')).toBe('LV80 BANK 0000 4351 950');
    expect(formatIban('LV80BANK0000435195001')).toBe('LV80 BANK 0000 4351 9500 1');
  });
});
