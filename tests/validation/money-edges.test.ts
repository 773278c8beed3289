/**
 * Money's edges (issue 27 item 4, decision 232): what the mutation run of `core/validation/money.ts`
 * (80.20 %, unchanged since decision 226) left alive and a test can tell apart. Thousands groups of
 * exactly three digits after a head of one to three, the amount typed in the applicant's language
 * (`typedMoneySchema`, which no test of the mutation suites used), and the messages of a blank, an
 * unreadable and an infinite amount.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { moneySchema, optionalMoneySchema, parseMoney, readMoney, typedMoneySchema } from '../../core/validation/money';
import { MESSAGES, splitMessage } from '../../core/validation/messages';
import { firstMessage } from './support';

const key = (message: string) => splitMessage(message).key;

describe('thousands groups', () => {
  it.each([
    ['1234,567.89', 'a head of four digits before a group'],
    ['1,2345.00', 'a group of four digits'],
    ['1,234,56.00', 'a short group after a whole one'],
  ])('parseMoney refuses %s (%s)', (text) => {
    expect(parseMoney(text)).toBeUndefined();
  });

  it('the same groups read as thousands when they are whole', () => {
    expect(parseMoney('234,567.89')).toBe(234567.89);
    expect(parseMoney('1,234,567.00')).toBe(1234567);
  });

  it('readMoney refuses both marks where the other one does not group thousands', () => {
    expect(readMoney('12.34,5', 'et')).toEqual({ problem: 'invalid' });
    expect(readMoney('12,34.5', 'en')).toEqual({ problem: 'invalid' });
    expect(readMoney('1.234,5', 'et')).toEqual({ value: 1234.5 });
  });
});

describe('digits beyond any number', () => {
  it('four hundred nines are no amount (not Infinity)', () => {
    expect(readMoney('9'.repeat(400), 'en')).toEqual({ problem: 'invalid' });
    expect(parseMoney('9'.repeat(400))).toBeUndefined();
  });
});

describe('an amount typed in the applicant’s language (typedMoneySchema)', () => {
  it('reads the language’s decimal mark and groups', () => {
    expect(v.parse(typedMoneySchema('et'), '1 500,50')).toBe(1500.5);
    expect(v.parse(typedMoneySchema('en'), '10,000')).toBe(10000);
  });

  it('more than two decimals is its own message; anything unreadable is invalid; no text is required', () => {
    expect(firstMessage(typedMoneySchema('et'), '10,000')).toBe(key(MESSAGES.moneyTooManyDecimals));
    expect(firstMessage(typedMoneySchema('et'), '12abc')).toBe(key(MESSAGES.moneyInvalid));
    expect(firstMessage(typedMoneySchema('et'), 42)).toBe(key(MESSAGES.required));
  });
});

describe('the messages of money that cannot be read', () => {
  it('blank text is required, not invalid', () => {
    expect(firstMessage(moneySchema(), '   ')).toBe(key(MESSAGES.required));
  });

  it('unreadable text and an infinite number are invalid, not "too many decimals" nor "above the maximum"', () => {
    expect(firstMessage(moneySchema(), '12abc')).toBe(key(MESSAGES.moneyInvalid));
    expect(firstMessage(moneySchema(), Number.POSITIVE_INFINITY)).toBe(key(MESSAGES.moneyInvalid));
  });

  it('an optional amount left blank (spaces only) is no amount', () => {
    expect(v.parse(optionalMoneySchema(), '   ')).toBeUndefined();
  });
});
