import { describe, expect, it } from 'vitest';
import { charactersPattern, isWrittenIn } from '../../../core/validation/general/alphabets';

describe('letters of the named alphabets and nothing else (section 5, General)', () => {
  it('without extra characters: letters only, not even a space', () => {
    expect(charactersPattern(['latin']).test('Abc')).toBe(true);
    expect(charactersPattern(['latin']).test('')).toBe(true);
    expect(charactersPattern(['latin']).test('A1')).toBe(false);
    expect(charactersPattern(['russian']).test('here')).toBe(false);
    expect(isWrittenIn('Sty', ['russian'])).toBe(false);
    expect(isWrittenIn('Мир', ['russian'])).toBe(true);
    expect(isWrittenIn('a b', ['latin'])).toBe(false);
  });

  it('several alphabets together add their letters, and only those', () => {
    expect(charactersPattern(['latvian', 'lithuanian']).test('ĀĄ')).toBe(true);
    expect(charactersPattern(['latvian', 'lithuanian']).test('Ā Ą')).toBe(false);
    expect(charactersPattern(['russian', 'bulgarian']).test('Stryker!')).toBe(false);
    expect(charactersPattern(['russian', 'bulgarian']).test('Ёж')).toBe(true);
  });

  it('extra characters are taken literally, even those that mean something in a character class', () => {
    expect(charactersPattern(['latin'], ' -]').test('a-b ]')).toBe(true);
    expect(charactersPattern(['latin'], '-').test('a_b')).toBe(false);
    expect(isWrittenIn('a^b', ['latin'], '^')).toBe(true);
    expect(isWrittenIn('a\\b', ['latin'], '-')).toBe(false);
  });
});
