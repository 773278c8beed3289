import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkPersonalCode, personalCodeSchema } from '../../../core/validation/personal-code';
import { hasLatvianCheckDigit, latvianCheckDigit, latvianPersonalCodeProblem } from '../../../core/validation/latvia/personal-code';
import { MESSAGES } from '../../../core/validation/messages';
import { TODAY, firstMessage, pad } from '../support';

/**
 * Issue 24 item 3 (decision 186): the old Latvian format's check digit. Before it, 17 of 30 mutated
 * Latvian codes were accepted when checked against an independent implementation. These tests
 * generate valid codes with their own implementation of the standard check digit (written apart
 * from the library's), mutate them the way people mistype (one digit changed, two neighbouring
 * digits swapped) and expect every mutation refused, by the shared rule the form and the server
 * both apply.
 */

/** The standard Latvian check digit, written independently: (1101 - Σ dᵢ·wᵢ) mod 11; 10 has none. */
function referenceLatvianCheckDigit(firstTen: string): number | null {
  const weights = [1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(firstTen[i]) * (weights[i] as number);
  let remainder = (1101 - sum) % 11;
  if (remainder < 0) remainder += 11;
  return remainder === 10 ? null : remainder;
}

/** Valid old-format codes of adults (born 1952..2006 for TODAY 2025-06-15), ddMMyy-Cddd + check digit. */
function validOldCodes(count: number, seed: number): string[] {
  const codes: string[] = [];
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  while (codes.length < count) {
    const year = 1952 + next(55);
    const month = 1 + next(12);
    const day = 1 + next(28);
    const body = `${pad(day)}${pad(month)}${pad(year % 100)}${year >= 2000 ? 2 : 1}${pad(next(1000), 3)}`;
    const check = referenceLatvianCheckDigit(body);
    if (check !== null) codes.push(`${body.slice(0, 6)}-${body.slice(6)}${check}`);
  }
  return codes;
}

const digitsOf = (code: string) => code.replace('-', '');
const asCode = (digits: string) => `${digits.slice(0, 6)}-${digits.slice(6)}`;

/** Every code one digit away (each position, each other digit). */
function oneDigitChanged(code: string): string[] {
  const digits = digitsOf(code);
  const out: string[] = [];
  for (let i = 0; i < digits.length; i++) {
    for (let d = 0; d <= 9; d++) if (String(d) !== digits[i]) out.push(asCode(`${digits.slice(0, i)}${d}${digits.slice(i + 1)}`));
  }
  return out;
}

/** Every swap of two neighbouring, different digits (across the hyphen too). */
function neighboursSwapped(code: string): string[] {
  const digits = digitsOf(code);
  const out: string[] = [];
  for (let i = 0; i + 1 < digits.length; i++) {
    if (digits[i] !== digits[i + 1]) out.push(asCode(`${digits.slice(0, i)}${digits[i + 1]}${digits[i]}${digits.slice(i + 2)}`));
  }
  return out;
}

/** A mutation that lands in the new format (32dddd-ddddd, no birth date, no check digit) is another valid code. */
const isNewFormat = (code: string) => code.startsWith('32');

describe('Latvian old-format check digit (decision 186)', () => {
  const valid = validOldCodes(30, 24);

  it('the library agrees with the independent implementation on every body', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (n) => {
        const body = String(n).padStart(10, '0');
        expect(latvianCheckDigit(body) ?? null).toBe(referenceLatvianCheckDigit(body));
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts the 30 valid codes, with and without the hyphen', () => {
    for (const code of valid) {
      expect(checkPersonalCode('LV', code, { today: TODAY })).toEqual({ valid: true });
      expect(checkPersonalCode('LV', digitsOf(code), { today: TODAY })).toEqual({ valid: true });
      expect(hasLatvianCheckDigit(code)).toBe(true);
    }
  });

  it('refuses every one-digit change of each of the 30 codes', () => {
    let checked = 0;
    for (const code of valid) {
      for (const mutated of oneDigitChanged(code).filter((candidate) => !isNewFormat(candidate))) {
        expect(checkPersonalCode('LV', mutated, { today: TODAY }), mutated).toEqual({ valid: false });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30 * 90);
  });

  it('refuses every swap of two neighbouring digits of each of the 30 codes', () => {
    let checked = 0;
    for (const code of valid) {
      for (const mutated of neighboursSwapped(code).filter((candidate) => !isNewFormat(candidate))) {
        expect(checkPersonalCode('LV', mutated, { today: TODAY }), mutated).toEqual({ valid: false });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30 * 5);
  });

  it('a wrong check digit alone is the "not a real personal code" message, after the format and date rules', () => {
    const [code] = valid as [string];
    const digits = digitsOf(code);
    const wrong = asCode(`${digits.slice(0, 10)}${(Number(digits[10]) + 1) % 10}`);
    expect(latvianPersonalCodeProblem(wrong, { today: TODAY })).toBe('checksum');
    expect(firstMessage(personalCodeSchema('LV', { today: TODAY }), wrong)).toBe(MESSAGES.personalCodeInvalid);
    // An impossible date is still named as such first; the new format has no check digit to check.
    expect(latvianPersonalCodeProblem('310290-12345', { today: TODAY })).toBe('date');
    expect(latvianPersonalCodeProblem('320190-12345', { today: TODAY })).toBeUndefined();
  });

  it('a body whose remainder is 10 has no valid code at all', () => {
    // 020290-1000: (1101 - 78) mod 11 = 10.
    expect(referenceLatvianCheckDigit('0202901000')).toBeNull();
    expect(latvianCheckDigit('0202901000')).toBeUndefined();
    for (let d = 0; d <= 9; d++) expect(checkPersonalCode('LV', `020290-1000${d}`, { today: TODAY }).valid).toBe(false);
  });
});
