import { describe, expect, it } from 'vitest';
import { collateralOwnersSchema, relatedPersonProblems } from '../../../core/validation/estonia/related-persons';
import type { CoOwner } from '../../../core/validation/estonia/related-persons';
import { downPaymentOriginDescriptionSchema, estonianPostalAddressSchema } from '../../../core/validation/estonia/text-rules';
import { financeAmountTextSchema, hasAtMostTwoDecimalDigits, isFinanceFormat } from '../../../core/validation/estonia/finance-format';
import { MESSAGES } from '../../../core/validation/messages';
import { elevenDigitCode, firstMessage, firstPath } from '../support';

const applicant = elevenDigitCode(new Date(1980, 4, 10), false, 11);
const older = elevenDigitCode(new Date(1955, 1, 2), true, 21);
const olderToo = elevenDigitCode(new Date(1954, 6, 7), false, 31);
const olderThird = elevenDigitCode(new Date(1950, 6, 7), false, 41);
const younger = elevenDigitCode(new Date(2005, 8, 9), true, 51);
const owner = (idCode: string, relation: CoOwner['relation']): CoOwner => ({ idCode, relation });

describe('related persons (section 5, Estonia; also Lithuania)', () => {
  it('no problems for a consistent list', () => {
    expect(relatedPersonProblems('EE', applicant, [owner(older, 'PARENT'), owner(olderToo, 'PARENT'), owner(younger, 'CHILD')])).toEqual([]);
  });
  it("the applicant's code differs from a co-owner's", () => {
    expect(relatedPersonProblems('EE', applicant, [owner(applicant, 'SPOUSE')])).toEqual([{ index: 0, message: MESSAGES.relatedPersonSameAsApplicant }]);
  });
  it('no duplicate codes; a repeat with another relation is a conflict', () => {
    expect(relatedPersonProblems('EE', applicant, [owner(older, 'SIBLING'), owner(older, 'SIBLING')])).toEqual([{ index: 1, message: MESSAGES.relatedPersonDuplicateCode }]);
    expect(relatedPersonProblems('EE', applicant, [owner(older, 'PARENT'), owner(older, 'SPOUSE')])).toEqual([{ index: 1, message: MESSAGES.relatedPersonConflictingRelations }]);
  });
  it('parent older than child, child younger', () => {
    expect(relatedPersonProblems('EE', applicant, [owner(younger, 'PARENT')])).toEqual([{ index: 0, message: MESSAGES.relatedPersonParentNotOlder }]);
    expect(relatedPersonProblems('EE', applicant, [owner(older, 'CHILD')])).toEqual([{ index: 0, message: MESSAGES.relatedPersonChildNotYounger }]);
  });
  it('at most 2 distinct parents (2 accepted, 3 refused)', () => {
    expect(relatedPersonProblems('LT', applicant, [owner(older, 'PARENT'), owner(olderToo, 'PARENT'), owner(olderThird, 'PARENT')])).toEqual([
      { index: 2, message: MESSAGES.relatedPersonTooManyParents },
    ]);
  });
  it('as a schema: messages on the row idCode; each code checked locally', () => {
    const schema = collateralOwnersSchema('EE', () => applicant);
    expect(firstMessage(schema, [owner(older, 'PARENT')])).toBeUndefined();
    expect(firstPath(schema, [owner(older, 'PARENT'), owner(applicant, 'OTHER')])).toBe('1.idCode');
    expect(firstMessage(schema, [owner('12345678901', 'OTHER')])).toBe(MESSAGES.personalCodeFormatEstonia);
    expect(firstMessage(schema, [{ idCode: older, relation: '' }])).toBe(MESSAGES.required);
  });
});

describe('postal address and down payment origin description (section 5, Estonia)', () => {
  it('postal address characters limited', () => {
    expect(firstMessage(estonianPostalAddressSchema(), 'Õie tn 5-12, Tartu 50105')).toBeUndefined();
    expect(firstMessage(estonianPostalAddressSchema(), 'Õie tn 5; Tartu')).toBe(MESSAGES.addressInvalidCharacters);
    expect(firstMessage(estonianPostalAddressSchema(), 'a'.repeat(201))).toBe(MESSAGES.textLength2To200);
  });
  it('down payment origin description: 2 to 512 characters of ordinary text', () => {
    const schema = downPaymentOriginDescriptionSchema();
    expect(firstMessage(schema, '')).toBe(MESSAGES.required);
    expect(firstMessage(schema, 'a')).toBe(MESSAGES.textLength2To512);
    expect(firstMessage(schema, 'Säästud ja korteri müük (2024), 15 000 €.')).toBeUndefined();
    expect(firstMessage(schema, 'a'.repeat(512))).toBeUndefined();
    expect(firstMessage(schema, 'a'.repeat(513))).toBe(MESSAGES.textLength2To512);
    expect(firstMessage(schema, 'see <script>')).toBe(MESSAGES.textInvalidCharacters);
  });
});

describe('at most two digits after the comma; finance format (section 5, Estonia)', () => {
  it('decimals', () => {
    for (const text of ['', '10', '10,5', '10,55', '10.55']) expect(hasAtMostTwoDecimalDigits(text)).toBe(true);
    for (const text of ['10,555', '10.5555']) expect(hasAtMostTwoDecimalDigits(text)).toBe(false);
  });
  it('finance format', () => {
    for (const text of ['0', '0,99', '1500', '1 500', '1 500,50', '1500.5', '12 345 678,9']) expect(isFinanceFormat(text)).toBe(true);
    for (const text of ['1,500.50', '1 50', '15 00', 'abc', '1,', ',5', '-5']) expect(isFinanceFormat(text)).toBe(false);
    expect(firstMessage(financeAmountTextSchema(), '1 500,555')).toBe(MESSAGES.moneyTooManyDecimals);
    expect(firstMessage(financeAmountTextSchema(), '1,500.50')).toBe(MESSAGES.financeFormatInvalid);
    expect(firstMessage(financeAmountTextSchema(), ' ')).toBe(MESSAGES.required);
  });
});
