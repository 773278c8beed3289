/**
 * Money typed as people type it (issue 27 item 4, decision 248): the shapes that tell apart what the
 * mutation run of `core/validation/money.ts` left alive after decision 232, and the shapes the
 * rewritten reading (sign and body read once, no repeated digits-only check) must keep. Every
 * schema is built inside its `it`.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { hasAtMostTwoDecimals, moneySchema, parseMoney, readMoney, typedMoneySchema } from '../../core/validation/money';
import { MESSAGES, splitMessage } from '../../core/validation/messages';
import { firstMessage } from './support';

const key = (message: string) => splitMessage(message).key;

describe('a hundred-millionth of a euro (the tolerance of hasAtMostTwoDecimals)', () => {
  it('has too many decimals, as a number from the API and typed', () => {
    // 1e-8 * 100 is exactly the tolerance 1e-6: the boundary itself is refused.
    expect(hasAtMostTwoDecimals(1e-8)).toBe(false);
    const schema = moneySchema();
    expect(firstMessage(schema, 1e-8)).toBe(key(MESSAGES.moneyTooManyDecimals));
    expect(firstMessage(schema, '0,00000001')).toBe(key(MESSAGES.moneyTooManyDecimals));
  });
});

describe('parseMoney: the shapes of a typed amount', () => {
  it.each([
    ['5', 5],
    ['1500', 1500],
    ['-5', -5],
    ['- 1 500,50', -1500.5],
    ['1.5', 1.5],
    ['1,5', 1.5],
    ['1500,5', 1500.5],
    ['1.500.000', 1500000],
    ['1,500,000', 1500000],
    ['1.500,50', 1500.5],
    ['1,500.50', 1500.5],
    ['1\u00A0500\u202F000.25', 1500000.25],
  ])('reads %s as %s', (text, value) => {
    expect(parseMoney(text)).toBe(value);
  });

  it.each([
    [',5', 'a mark before any digit'],
    ['5,', 'a mark after the last digit'],
    ['-,5', 'a sign then a mark'],
    ['5-', 'a sign after the digits'],
    ['--5', 'two signs'],
    ['1,50,000', 'a group of two digits'],
    ['1e5', 'an exponent'],
  ])('refuses %s (%s)', (text) => {
    expect(parseMoney(text)).toBeUndefined();
  });

  it('moneySchema reads typed text and refuses a mark with no digit before it as invalid', () => {
    const schema = moneySchema({ min: -10 });
    expect(v.parse(schema, '1 500,50')).toBe(1500.5);
    expect(v.parse(schema, '-5')).toBe(-5);
    expect(firstMessage(schema, ',5')).toBe(key(MESSAGES.moneyInvalid));
  });
});

describe('readMoney: an amount typed in each language', () => {
  it.each([
    ['5', 'et', 5],
    ['1500', 'lv', 1500],
    ['-1 500,50', 'lt', -1500.5],
    ['1500,5', 'et', 1500.5],
    ['1500.5', 'en', 1500.5],
    ['10.000', 'et', 10000],
    ['10.000.000', 'ru', 10000000],
    ['10,000,000', 'en', 10000000],
    ['10.5', 'lv', 10.5],
    ['1.500,50', 'et', 1500.5],
    ['1,500.50', 'en', 1500.5],
  ] as const)('reads %s in %s as %s', (text, locale, value) => {
    expect(readMoney(text, locale)).toEqual({ value });
  });

  it.each([
    [',5', 'et'],
    ['5,', 'et'],
    ['5-', 'en'],
    ['1,2,345', 'et'],
    ['1.2.345', 'et'],
    ['1,50,000', 'en'],
  ] as const)('finds %s in %s unreadable (not "too many decimals")', (text, locale) => {
    expect(readMoney(text, locale)).toEqual({ problem: 'invalid' });
    expect(firstMessage(typedMoneySchema(locale), text)).toBe(key(MESSAGES.moneyInvalid));
  });
});
