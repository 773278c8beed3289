import { describe, expect, it } from 'vitest';
import {
  COUNTRY_LOCALES,
  LOCALES,
  LOCALE_TAG,
  isLocale,
  languageCodeFromLocale,
  localeFromLanguageCode,
} from '../../core/domain/languages';

describe('language codes (section 1)', () => {
  it.each([
    ['est', 'et'],
    ['rus', 'ru'],
    ['lav', 'lv'],
    ['lit', 'lt'],
    ['eng', 'en'],
    ['EST', 'et'],
    ['Rus', 'ru'],
  ])('the back end code %s is the interface language %s', (code, locale) => {
    expect(localeFromLanguageCode(code)).toBe(locale);
  });

  it('accepts an interface language as it is', () => {
    for (const locale of LOCALES) expect(localeFromLanguageCode(locale)).toBe(locale);
    expect(localeFromLanguageCode('ET')).toBe('et');
  });

  it.each([null, undefined, '', 'fin', 'de', 'xx', 'estonian'])('has no interface language for %s', (code) => {
    expect(localeFromLanguageCode(code)).toBeUndefined();
  });

  it('maps every interface language to its back end code and back', () => {
    expect(LOCALES.map(languageCodeFromLocale)).toEqual(['eng', 'est', 'lav', 'lit', 'rus']);
    for (const locale of LOCALES) expect(localeFromLanguageCode(languageCodeFromLocale(locale))).toBe(locale);
  });

  it('knows the interface languages and nothing else', () => {
    expect([...LOCALES]).toEqual(['en', 'et', 'lv', 'lt', 'ru']);
    expect(isLocale('lt')).toBe(true);
    expect(isLocale('lit')).toBe(false);
    expect(isLocale('EN')).toBe(false);
  });

  it('offers each country its own languages', () => {
    expect(COUNTRY_LOCALES).toEqual({ EE: ['et', 'ru'], LT: ['lt'], LV: ['lv', 'ru'] });
  });

  it('has a BCP 47 tag for every interface language', () => {
    expect(LOCALE_TAG).toEqual({ en: 'en-GB', et: 'et-EE', lv: 'lv-LV', lt: 'lt-LT', ru: 'ru-RU' });
    for (const locale of LOCALES) expect(() => new Intl.NumberFormat(LOCALE_TAG[locale])).not.toThrow();
  });
});
