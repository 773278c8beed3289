import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MONEY_MAX, moneySchema, optionalMoneySchema, parseMoney, readMoney } from '../../core/validation/money';
import { formatAmount, roundMoney } from '../../core/validation/format/money';
import { LOCALES } from '../../core/domain/languages';
import { MESSAGES } from '../../core/validation/messages';
import { firstMessage, firstMessageText, output } from './support';

describe('parseMoney (section 9: money parsed from what people type)', () => {
  it.each([
    ['1 500,50', 1500.5],
    ['1500.5', 1500.5],
    ['1500,5', 1500.5],
    ['1,500.50', 1500.5],
    ['1.500,50', 1500.5],
    ['1\u00A0500', 1500],
    ['1\u202F500,05', 1500.05],
    ['1.500.000', 1500000],
    ['1,5', 1.5],
    ['0', 0],
    [' 42 ', 42],
    ['-10', -10],
  ])('%s -> %d', (text, value) => {
    expect(parseMoney(text)).toBe(value);
  });

  it.each(['', ' ', 'abc', '12abc', '1,5,0', '1.50.0', '1,500.5.0', ',5', '15,', '1.2,3', '--1', '1e3', 'NaN', 'Infinity'])(
    'refuses %j',
    (text) => {
      expect(parseMoney(text)).toBeUndefined();
    },
  );

  it('property: parsing a formatted amount gives the amount back, in every language', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), fc.constantFrom(...LOCALES), (cents, locale) => {
        const amount = cents / 100;
        expect(parseMoney(formatAmount(amount, locale))).toBe(amount);
      }),
    );
  });
});

describe('moneySchema (section 5, Money)', () => {
  const schema = () => moneySchema();

  it('is required', () => {
    expect(firstMessage(schema(), '')).toBe(MESSAGES.required);
    expect(firstMessage(schema(), undefined)).toBe(MESSAGES.required);
    expect(firstMessage(schema(), Number.NaN)).toBe(MESSAGES.required);
  });

  it('accepts numbers and typed text', () => {
    expect(output(schema(), 1500.5)).toBe(1500.5);
    expect(output(schema(), '1 500,50')).toBe(1500.5);
    expect(firstMessage(schema(), 'abc')).toBe(MESSAGES.moneyInvalid);
  });

  it('at most 2 decimals', () => {
    expect(firstMessage(schema(), 0.01)).toBeUndefined();
    expect(firstMessage(schema(), '10,99')).toBeUndefined();
    expect(firstMessage(schema(), 0.1 + 0.2)).toBeUndefined();
    expect(firstMessage(schema(), 10.999)).toBe(MESSAGES.moneyTooManyDecimals);
    expect(firstMessage(schema(), '10,999')).toBe(MESSAGES.moneyTooManyDecimals);
  });

  it('default max 999999999, default min 0, optional min', () => {
    expect(firstMessage(schema(), MONEY_MAX)).toBeUndefined();
    expect(firstMessage(schema(), MONEY_MAX + 0.01)).toBe(MESSAGES.moneyAboveMaximum);
    expect(firstMessage(schema(), 0)).toBeUndefined();
    expect(firstMessage(schema(), -0.01)).toBe(MESSAGES.moneyBelowMinimum);
    const withMin = moneySchema({ min: 100, max: 200 });
    expect(firstMessage(withMin, 99.99)).toBe(MESSAGES.moneyBelowMinimum);
    expect(firstMessage(withMin, 100)).toBeUndefined();
    expect(firstMessage(withMin, 200)).toBeUndefined();
    expect(firstMessage(withMin, 200.01)).toBe(MESSAGES.moneyAboveMaximum);
    // The message states the limit it enforces (issue 8: "Enter an amount of 100 € or more").
    expect(firstMessageText(withMin, 99.99)).toBe('validation.messages.moneyBelowMinimum?minEur=100');
    expect(firstMessageText(withMin, 200.01)).toBe('validation.messages.moneyAboveMaximum?maxEur=200');
  });

  it('optional variant: blank is undefined, anything else follows the same rules', () => {
    const optional = optionalMoneySchema({ min: 1 });
    expect(output(optional, '')).toBeUndefined();
    expect(output(optional, null)).toBeUndefined();
    expect(output(optional, undefined)).toBeUndefined();
    expect(output(optional, '12,5')).toBe(12.5);
    expect(firstMessage(optional, 0)).toBe(MESSAGES.moneyBelowMinimum);
    expect(firstMessage(optional, 'x')).toBe(MESSAGES.moneyInvalid);
  });

  it('property: every whole-cent amount within bounds passes and comes out unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MONEY_MAX * 100 }), (cents) => {
        const amount = roundMoney(cents / 100);
        expect(output(schema(), amount)).toBe(amount);
      }),
    );
  });
});

describe('readMoney (issue 8: money typed as people type it in their language)', () => {
  it.each([
    // English: the comma groups thousands, the point is decimal.
    ['en', '10,000', 10000],
    ['en', '10,000.50', 10000.5],
    ['en', '1,500,000', 1500000],
    ['en', '10 000', 10000],
    ['en', '10.5', 10.5],
    ['en', '10,5', 10.5],
    // Estonian (and the other Baltic languages and Russian): spaces or points group, the comma is decimal.
    ['et', '10 000', 10000],
    ['et', '10\u00a0000', 10000],
    ['et', '10.000', 10000],
    ['et', '10.000,50', 10000.5],
    ['et', '1500,5', 1500.5],
    ['et', '10.5', 10.5],
    ['lv', '1 500,05', 1500.05],
    ['lt', '2.500', 2500],
    ['ru', '12 345,67', 12345.67],
  ] as const)('%s: %j is %d', (locale, typed, value) => {
    expect(readMoney(typed.replace('\\u00a0', '\u00a0'), locale)).toEqual({ value });
  });

  it.each([
    // More than two decimals is refused, never rounded (section 9).
    ['en', '10.000', 'decimals'],
    ['et', '10,000', 'decimals'],
    ['et', '10,5555', 'decimals'],
    ['en', '10.555', 'decimals'],
    ['en', '1,5,0', 'invalid'],
    ['et', '1,5,0', 'invalid'],
    ['en', 'abc', 'invalid'],
    ['et', '', 'invalid'],
    ['et', ',5', 'invalid'],
    ['en', '5.', 'invalid'],
  ] as const)('%s: %j is refused (%s)', (locale, typed, problem) => {
    expect(readMoney(typed, locale)).toEqual({ problem });
  });

  it('property: an amount formatted in a language reads back as the same amount in that language', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), fc.constantFrom(...LOCALES), (cents, locale) => {
        const amount = cents / 100;
        expect(readMoney(formatAmount(amount, locale), locale)).toEqual({ value: amount });
      }),
    );
  });
});
