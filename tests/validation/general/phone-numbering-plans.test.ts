import { describe, expect, it } from 'vitest';
import {
  ESTONIA_ACCEPTED_PHONE_CODES,
  PHONE_COUNTRY_CODES,
  acceptedPhoneCodes,
  phoneNumberSchema,
} from '../../../core/validation/general/phone';
import { MESSAGES } from '../../../core/validation/messages';
import { firstMessage } from '../support';

// Decision 245: the survivors of the whole mutation run in core/validation/general/phone.ts.
// Every schema is built inside its test (what runs at collection is no test's coverage).

const phone = (code: string, number: string) => ({ code, number });

describe('the calling codes the select offers (issue 8)', () => {
  it('Estonian retail: the eleven codes section 5 accepts, Estonia first, each once', () => {
    expect(acceptedPhoneCodes('retail-banking-ee')).toEqual(['+372', '+358', '+371', '+370', '+380', '+44', '+45', '+46', '+47', '+49', '+7']);
    expect(acceptedPhoneCodes('retail-banking-ee')).toHaveLength(ESTONIA_ACCEPTED_PHONE_CODES.length);
  });

  it('elsewhere: every code of section 3, the country of the domain first, each once', () => {
    const latvia = acceptedPhoneCodes('retail-banking-lv');
    expect(latvia.slice(0, 4)).toEqual(['+371', '+372', '+370', '+358']);
    expect(latvia).toHaveLength(PHONE_COUNTRY_CODES.length);
    expect(new Set(latvia).size).toBe(PHONE_COUNTRY_CODES.length);
    expect([...latvia].sort()).toEqual([...PHONE_COUNTRY_CODES].sort());
    expect(acceptedPhoneCodes('retail-banking-lt').slice(0, 3)).toEqual(['+370', '+372', '+371']);
    expect(acceptedPhoneCodes('retail-banking-lt')).toHaveLength(PHONE_COUNTRY_CODES.length);
  });
});

describe('Estonian retail: the stricter lengths of Estonian and Finnish mobiles only', () => {
  it('an Estonian mobile of 10 digits is refused even when it ends like one of 8', () => {
    const schema = phoneNumberSchema('retail-banking-ee');
    expect(firstMessage(schema, phone('+372', '5551234567'))).toBe(MESSAGES.phoneEstonianMobileLength);
    expect(firstMessage(schema, phone('+372', '55512345'))).toBeUndefined();
  });

  it('a Finnish landline is not held to the mobile length', () => {
    const schema = phoneNumberSchema('retail-banking-ee');
    expect(firstMessage(schema, phone('+358', '912345'))).toBeUndefined(); // Helsinki, 6 digits
    expect(firstMessage(schema, phone('+358', '2123456'))).toBeUndefined();
    expect(firstMessage(schema, phone('+358', '4012345'))).toBe(MESSAGES.phoneFinnishMobileLength);
    expect(firstMessage(schema, phone('+358', '5012345'))).toBe(MESSAGES.phoneFinnishMobileLength);
  });

  it('the Finnish mobile rule applies to +358 only: an Estonian landline starting with 4 is accepted', () => {
    const schema = phoneNumberSchema('retail-banking-ee');
    expect(firstMessage(schema, phone('+372', '4412345'))).toBeUndefined(); // Pärnu
    expect(firstMessage(schema, phone('+371', '4012345'))).toBeUndefined();
  });
});

describe('Latvian and Lithuanian retail: their own numbering plan for their own code only', () => {
  it('Latvia: 8 digits starting with 2 or 6, not 9 digits that end like that', () => {
    const schema = phoneNumberSchema('retail-banking-lv');
    expect(firstMessage(schema, phone('+371', '21234567'))).toBeUndefined();
    expect(firstMessage(schema, phone('+371', '321234567'))).toBe(MESSAGES.phoneLatvianFormat);
  });

  it('Lithuania: 8 digits starting with 3 to 6, not 9 that begin like that; other codes are not checked by it', () => {
    const schema = phoneNumberSchema('retail-banking-lt');
    expect(firstMessage(schema, phone('+370', '61234567'))).toBeUndefined();
    expect(firstMessage(schema, phone('+370', '612345678'))).toBe(MESSAGES.phoneLithuanianFormat);
    expect(firstMessage(schema, phone('+371', '21234567'))).toBeUndefined();
    expect(firstMessage(schema, phone('+372', '81234567'))).toBeUndefined();
  });
});

describe('corporate: a landline or a mobile of the numbering plan of its code', () => {
  it('Estonia: whole numbers only (not one with a digit before a mobile, nor a mobile with one after)', () => {
    const schema = phoneNumberSchema('corporate-banking');
    expect(firstMessage(schema, phone('+372', '5123456'))).toBeUndefined();
    expect(firstMessage(schema, phone('+372', '95123456'))).toBe(MESSAGES.phoneLandlineOrMobile);
    expect(firstMessage(schema, phone('+372', '512345678'))).toBe(MESSAGES.phoneLandlineOrMobile);
  });

  it('Latvia and Lithuania: each by its own plan', () => {
    const schema = phoneNumberSchema('corporate-banking');
    expect(firstMessage(schema, phone('+371', '21234567'))).toBeUndefined();
    expect(firstMessage(schema, phone('+371', '31234567'))).toBe(MESSAGES.phoneLandlineOrMobile);
    expect(firstMessage(schema, phone('+370', '31234567'))).toBeUndefined();
    expect(firstMessage(schema, phone('+370', '91234567'))).toBe(MESSAGES.phoneLandlineOrMobile);
    expect(firstMessage(schema, phone('+370', '1234567'))).toBe(MESSAGES.phoneLandlineOrMobile);
  });

  it('Finland: mobiles of 8 to 10 digits, landlines of 5 to 9, no trunk 0, nothing longer', () => {
    const schema = phoneNumberSchema('corporate-banking');
    expect(firstMessage(schema, phone('+358', '401234567'))).toBeUndefined();
    expect(firstMessage(schema, phone('+358', '5012345678'))).toBeUndefined();
    expect(firstMessage(schema, phone('+358', '912345'))).toBeUndefined();
    expect(firstMessage(schema, phone('+358', '01234567'))).toBe(MESSAGES.phoneLandlineOrMobile);
    expect(firstMessage(schema, phone('+358', '0401234567'))).toBe(MESSAGES.phoneLandlineOrMobile);
    expect(firstMessage(schema, phone('+358', '91234567890'))).toBe(MESSAGES.phoneLandlineOrMobile);
    expect(firstMessage(schema, phone('+358', '40123456789'))).toBe(MESSAGES.phoneLandlineOrMobile);
  });
});
