import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MONEY_MAX, moneySchema, optionalMoneySchema, parseMoney } from '../../src/validation/money';
import { formatAmount, roundMoney } from '../../src/validation/format/money';
import { LOCALES } from '../../src/domain/languages';
import { MESSAGES } from '../../src/validation/messages';
import { firstMessage, output } from './support';

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
  const schema = moneySchema();

  it('is required', () => {
    expect(firstMessage(schema, '')).toBe(MESSAGES.required);
    expect(firstMessage(schema, undefined)).toBe(MESSAGES.required);
    expect(firstMessage(schema, Number.NaN)).toBe(MESSAGES.required);
  });

  it('accepts numbers and typed text', () => {
    expect(output(schema, 1500.5)).toBe(1500.5);
    expect(output(schema, '1 500,50')).toBe(1500.5);
    expect(firstMessage(schema, 'abc')).toBe(MESSAGES.moneyInvalid);
  });

  it('at most 2 decimals', () => {
    expect(firstMessage(schema, 0.01)).toBeUndefined();
    expect(firstMessage(schema, '10,99')).toBeUndefined();
    expect(firstMessage(schema, 0.1 + 0.2)).toBeUndefined();
    expect(firstMessage(schema, 10.999)).toBe(MESSAGES.moneyTooManyDecimals);
    expect(firstMessage(schema, '10,999')).toBe(MESSAGES.moneyTooManyDecimals);
  });

  it('default max 999999999, default min 0, optional min', () => {
    expect(firstMessage(schema, MONEY_MAX)).toBeUndefined();
    expect(firstMessage(schema, MONEY_MAX + 0.01)).toBe(MESSAGES.moneyAboveMaximum);
    expect(firstMessage(schema, 0)).toBeUndefined();
    expect(firstMessage(schema, -0.01)).toBe(MESSAGES.moneyBelowMinimum);
    const withMin = moneySchema({ min: 100, max: 200 });
    expect(firstMessage(withMin, 99.99)).toBe(MESSAGES.moneyBelowMinimum);
    expect(firstMessage(withMin, 100)).toBeUndefined();
    expect(firstMessage(withMin, 200)).toBeUndefined();
    expect(firstMessage(withMin, 200.01)).toBe(MESSAGES.moneyAboveMaximum);
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
        expect(output(schema, amount)).toBe(amount);
      }),
    );
  });
});
