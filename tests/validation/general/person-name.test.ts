import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { personNameSchema, looksLikeCompanyName } from '../../../core/validation/general/person-name';
import { MESSAGES } from '../../../core/validation/messages';
import { BUSINESS_DOMAINS } from '../../../core/domain/business-domains';
import { firstMessage, output } from '../support';

describe('personNameSchema (section 5, General: first name and surname)', () => {
  it.each(BUSINESS_DOMAINS)('%s: required, and 2 to 256 characters', (domain) => {
    const schema = personNameSchema(domain);
    expect(firstMessage(schema, '')).toBe(MESSAGES.required);
    expect(firstMessage(schema, '   ')).toBe(MESSAGES.required);
    expect(firstMessage(schema, undefined)).toBe(MESSAGES.required);
    expect(firstMessage(schema, 'A')).toBe(MESSAGES.textLength2To256);
    expect(firstMessage(schema, 'Al')).toBeUndefined();
    expect(firstMessage(schema, 'a'.repeat(256))).toBeUndefined();
    expect(firstMessage(schema, 'a'.repeat(257))).toBe(MESSAGES.textLength2To256);
  });

  it('trims, collapses spaces and capitalises per word split on space and hyphen', () => {
    expect(output(personNameSchema('retail-banking-ee'), '  mari-liis   TAMM ')).toBe('Mari-Liis Tamm');
    expect(output(personNameSchema('retail-banking-lv'), 'jānis bērziņš')).toBe('Jānis Bērziņš');
    expect(output(personNameSchema('retail-banking-lt'), "o'brien-ŽEMAITĖ")).toBe("O'brien-Žemaitė");
  });

  it('Estonia: no digits or special symbols', () => {
    const schema = personNameSchema('retail-banking-ee');
    expect(firstMessage(schema, 'Õie Ülle-Mäe')).toBeUndefined();
    expect(firstMessage(schema, 'Mari2')).toBe(MESSAGES.nameNoDigitsOrSymbols);
    expect(firstMessage(schema, 'Mari!')).toBe(MESSAGES.nameNoDigitsOrSymbols);
    expect(firstMessage(schema, "O'Brien")).toBe(MESSAGES.nameNoDigitsOrSymbols);
    expect(firstMessage(schema, '-Mari')).toBe(MESSAGES.nameNoDigitsOrSymbols);
  });

  it('Latvia: letters and spaces, no leading or trailing hyphen', () => {
    const schema = personNameSchema('retail-banking-lv');
    expect(firstMessage(schema, 'Anna Marija')).toBeUndefined();
    expect(firstMessage(schema, 'Anna-Marija')).toBeUndefined();
    expect(firstMessage(schema, '-Anna')).toBe(MESSAGES.nameHyphenAtEdge);
    expect(firstMessage(schema, 'Anna-')).toBe(MESSAGES.nameHyphenAtEdge);
    expect(firstMessage(schema, 'Anna1')).toBe(MESSAGES.nameLettersAndSpacesOnly);
    expect(firstMessage(schema, 'Anna.')).toBe(MESSAGES.nameLettersAndSpacesOnly);
  });

  it('Lithuania: letters, with spaces, hyphens and apostrophes between them', () => {
    const schema = personNameSchema('retail-banking-lt');
    expect(firstMessage(schema, 'Žydrūnė Ąžuolaitė')).toBeUndefined();
    expect(firstMessage(schema, "D'Artagnan")).toBeUndefined();
    expect(firstMessage(schema, 'Jonas3')).toBe(MESSAGES.nameInvalidCharacters);
    expect(firstMessage(schema, "'Jonas")).toBe(MESSAGES.nameInvalidCharacters);
  });

  it('corporate: a company name in a person field is refused', () => {
    const schema = personNameSchema('corporate-banking');
    expect(firstMessage(schema, 'Kask')).toBeUndefined();
    expect(firstMessage(schema, 'Kask OÜ')).toBe(MESSAGES.nameLooksLikeCompany);
    expect(firstMessage(schema, 'SIA Koks')).toBe(MESSAGES.nameLooksLikeCompany);
    expect(firstMessage(schema, 'Acme Ltd.')).toBe(MESSAGES.nameLooksLikeCompany);
    expect(firstMessage(schema, 'Asta')).toBeUndefined();
    expect(looksLikeCompanyName('UAB "Medis"')).toBe(true);
  });

  it('output is a fixed point: validating the output again gives the same name', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BUSINESS_DOMAINS), fc.string(), (domain, text) => {
        const schema = personNameSchema(domain);
        const first = firstMessage(schema, text) === undefined ? output(schema, text) : undefined;
        if (first !== undefined) expect(output(schema, first)).toBe(first);
      }),
    );
  });
});
