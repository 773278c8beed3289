import { describe, expect, it } from 'vitest';
import { birthDateFromLithuanianPersonalCode } from '../../core/validation/lithuania/personal-code';

/** Decision 010 and 247: the Lithuanian asmens kodas carries the birth date as the Estonian code does. */
describe('birth date from a Lithuanian personal code', () => {
  it('reads the century from the first digit and the date from the next six', () => {
    expect(birthDateFromLithuanianPersonalCode('38503151239')).toEqual(new Date(1985, 2, 15));
    expect(birthDateFromLithuanianPersonalCode('50503151234')).toEqual(new Date(2005, 2, 15));
  });
});
