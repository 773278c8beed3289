import { describe, expect, it } from 'vitest';
import { personNameSchema } from '../../../core/validation/general/person-name';
import { MESSAGES } from '../../../core/validation/messages';
import { firstMessage, output } from '../support';

// Decision 245: section 5, "corporate name check in the corporate domain" (and only there).

describe('the company-name check of a person name', () => {
  it('is made in the corporate domain only: a Lithuanian retail name that is also a legal-form word is a name', () => {
    expect(output(personNameSchema('retail-banking-lt'), 'ab')).toBe('Ab');
    expect(output(personNameSchema('retail-banking-lt'), 'Jonas Mb')).toBe('Jonas Mb');
    expect(firstMessage(personNameSchema('corporate-banking'), 'Ab')).toBe(MESSAGES.nameLooksLikeCompany);
  });

  it('finds the legal form between several separators in a row', () => {
    expect(firstMessage(personNameSchema('corporate-banking'), 'Medis, „UAB“')).toBe(MESSAGES.nameLooksLikeCompany);
    expect(firstMessage(personNameSchema('corporate-banking'), 'Medis  .  UAB')).toBe(MESSAGES.nameLooksLikeCompany);
  });
});
