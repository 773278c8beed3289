import { describe, expect, it } from 'vitest';
import { collateralOwnersSchema, relatedPersonProblems, type CoOwner } from '../../../core/validation/estonia/related-persons';
import { birthDateFromElevenDigitCode, birthDateFromEstonianPersonalCode, isValidEstonianPersonalCode } from '../../../core/validation/estonia/personal-code';
import { latvianPersonalCodeProblem } from '../../../core/validation/latvia/personal-code';
import { MESSAGES } from '../../../core/validation/messages';
import { TODAY, elevenDigitCode, firstMessage, oldLatvianCode } from '../support';

const owner = (idCode: string, relation: CoOwner['relation']): CoOwner => ({ idCode, relation });

describe('collateral owners born on the applicant’s birthday (section 5, related persons)', () => {
  const birthday = new Date(1980, 4, 10);
  const applicant = elevenDigitCode(birthday, false, 11);
  const twin = elevenDigitCode(birthday, true, 12);

  it('a parent born the same day is not older, a child born the same day not younger', () => {
    expect(relatedPersonProblems('EE', applicant, [owner(twin, 'PARENT')])).toEqual([{ index: 0, message: MESSAGES.relatedPersonParentNotOlder }]);
    expect(relatedPersonProblems('EE', applicant, [owner(twin, 'CHILD')])).toEqual([{ index: 0, message: MESSAGES.relatedPersonChildNotYounger }]);
    expect(relatedPersonProblems('EE', applicant, [owner(twin, 'SIBLING')])).toEqual([]);
  });
});

describe('a collateral owner’s own code carries no age bound (section 5, Latvia)', () => {
  it('accepts a Latvian co-owner under 18, whom the applicant’s age check would refuse', () => {
    const applicant = oldLatvianCode(new Date(1980, 4, 10), 1234);
    const child = oldLatvianCode(new Date(TODAY.getFullYear() - 10, 0, 5), 2345);
    expect(latvianPersonalCodeProblem(child)).toBe('age');
    const schema = () => collateralOwnersSchema('LV', () => applicant);
    expect(firstMessage(schema(), [owner(child, 'CHILD')])).toBeUndefined();
  });
});

describe('the birth date of an 11-digit code (section 5, Estonia and Lithuania)', () => {
  it('reads only a code of exactly 11 digits', () => {
    expect(birthDateFromElevenDigitCode('39001011234')).toEqual(new Date(1990, 0, 1));
    expect(birthDateFromElevenDigitCode('390010112345')).toBeUndefined();
    expect(birthDateFromElevenDigitCode('3900101123')).toBeUndefined();
    expect(birthDateFromElevenDigitCode('3900101123x')).toBeUndefined();
  });

  it('gives an Estonian code’s birth date only for the Estonian format (first digit 3 to 6)', () => {
    const code = elevenDigitCode(new Date(1976, 4, 3), false, 29);
    expect(isValidEstonianPersonalCode(code, TODAY)).toBe(true);
    expect(birthDateFromEstonianPersonalCode(code)).toEqual(new Date(1976, 4, 3));
    expect(birthDateFromEstonianPersonalCode(`1${code.slice(1)}`)).toBeUndefined();
    expect(birthDateFromElevenDigitCode(`1${code.slice(1)}`)).toEqual(new Date(1876, 4, 3));
    expect(birthDateFromEstonianPersonalCode(`${code} `)).toBeUndefined();
  });
});
