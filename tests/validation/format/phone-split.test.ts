import { describe, expect, it } from 'vitest';
import { digitsOnly, normalisePhoneCode, splitInternationalNumber, toE164 } from '../../../core/validation/format/phone';

/** Section 5 (Phone) and issue 8: a number typed with its international prefix is split, not doubled. */
describe('splitInternationalNumber', () => {
  const codes = ['+372', '+371', '+370', '+35', '+358'];

  it('splits a number typed with + or 00 into the offered code and the national number', () => {
    expect(splitInternationalNumber('+372 5123 4567', codes)).toEqual({ code: '+372', number: '51234567' });
    expect(splitInternationalNumber('00 371 2123 4567', codes)).toEqual({ code: '+371', number: '21234567' });
    expect(splitInternationalNumber('  +370 (612) 34-567  ', codes)).toEqual({ code: '+370', number: '61234567' });
  });

  it('prefers the longest code that fits, whatever the order offered', () => {
    expect(splitInternationalNumber('+358 40 123 4567', codes)).toEqual({ code: '+358', number: '401234567' });
    expect(splitInternationalNumber('+358 40 123 4567', ['+358', '+35'])).toEqual({ code: '+358', number: '401234567' });
    expect(splitInternationalNumber('+351 912 345 678', codes)).toEqual({ code: '+35', number: '1912345678' });
  });

  it('leaves a number without an international prefix, or with no offered code, alone', () => {
    expect(splitInternationalNumber('5123 4567', codes)).toBeUndefined();
    expect(splitInternationalNumber('372 5123 4567', codes)).toBeUndefined();
    expect(splitInternationalNumber('0 372 5123', codes)).toBeUndefined();
    expect(splitInternationalNumber('x+372 5123', codes)).toBeUndefined();
    expect(splitInternationalNumber('+44 20 7946 0000', codes)).toBeUndefined();
    expect(splitInternationalNumber('+372 5123', [])).toBeUndefined();
  });

  it('strips only a leading 00, not one inside the number', () => {
    expect(splitInternationalNumber('+372 0051 234', codes)).toEqual({ code: '+372', number: '0051234' });
    expect(splitInternationalNumber('00372 500 1', ['372'])).toEqual({ code: '372', number: '5001' });
  });
});

describe('phone normalisation', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('a1 b2-3')).toBe('123');
    expect(digitsOnly('')).toBe('');
  });

  it('a code without digits is no code; only a leading 00 is dropped', () => {
    expect(normalisePhoneCode('+')).toBe('');
    expect(normalisePhoneCode('')).toBe('');
    expect(normalisePhoneCode('+3700')).toBe('+3700');
    expect(normalisePhoneCode('+00372')).toBe('+372');
    expect(toE164('00372', '(5) 123 4567')).toBe('+37251234567');
  });
});
