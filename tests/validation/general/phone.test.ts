import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { phoneNumberSchema, DEFAULT_PHONE_CODE, PHONE_COUNTRY_CODES } from '../../../core/validation/general/phone';
import { MESSAGES } from '../../../core/validation/messages';
import { BUSINESS_DOMAINS } from '../../../core/domain/business-domains';
import { firstMessage, firstPath, output } from '../support';

const phone = (code: string, number: string) => ({ code, number });

describe('phoneNumberSchema (section 5, General: phone)', () => {
  it('keeps digits only and reports on the number field', () => {
    const schema = phoneNumberSchema('retail-banking-ee');
    expect(output(schema, phone('+372', '5123 45-67'))).toEqual({ code: '+372', number: '51234567' });
    expect(firstPath(schema, phone('+372', ''))).toBe('number');
    expect(firstPath(schema, phone('+999', '1234567'))).toBe('number');
  });

  it('is required unless overridden', () => {
    expect(firstMessage(phoneNumberSchema('retail-banking-lv'), phone('+371', ''))).toBe(MESSAGES.required);
    expect(firstMessage(phoneNumberSchema('retail-banking-lv'), undefined)).toBe(MESSAGES.required);
    expect(output(phoneNumberSchema('retail-banking-lv', { optional: true }), phone('+371', ' '))).toEqual({ code: '+371', number: '' });
  });

  it('defaults the prefix from the country code', () => {
    expect(DEFAULT_PHONE_CODE).toEqual({ EE: '+372', LV: '+371', LT: '+370' });
    expect(PHONE_COUNTRY_CODES).toHaveLength(24);
  });

  it('generic length: at least 4 digits, code plus number at most 15', () => {
    const schema = phoneNumberSchema('retail-banking-lv');
    expect(firstMessage(schema, phone('+49', '123'))).toBe(MESSAGES.phoneInvalid);
    expect(firstMessage(schema, phone('+49', '1234'))).toBeUndefined();
    expect(firstMessage(schema, phone('+49', '1'.repeat(13)))).toBeUndefined();
    expect(firstMessage(schema, phone('+49', '1'.repeat(14)))).toBe(MESSAGES.phoneInvalid);
    expect(firstMessage(schema, phone('+7', '1'.repeat(14)))).toBeUndefined();
    expect(firstMessage(schema, phone('+7', '1'.repeat(15)))).toBe(MESSAGES.phoneInvalid);
    expect(firstMessage(schema, phone('+999', '12345678'))).toBe(MESSAGES.phoneCountryCodeNotAccepted);
  });

  it('Latvia: +371 numbers start with 2 or 6 and have 8 digits', () => {
    const schema = phoneNumberSchema('retail-banking-lv');
    expect(firstMessage(schema, phone('+371', '21234567'))).toBeUndefined();
    expect(firstMessage(schema, phone('+371', '61234567'))).toBeUndefined();
    expect(firstMessage(schema, phone('+371', '31234567'))).toBe(MESSAGES.phoneLatvianFormat);
    expect(firstMessage(schema, phone('+371', '2123456'))).toBe(MESSAGES.phoneLatvianFormat);
    expect(firstMessage(schema, phone('+371', '212345678'))).toBe(MESSAGES.phoneLatvianFormat);
  });

  it('Estonia: accepted codes and the stricter mobile lengths', () => {
    const schema = phoneNumberSchema('retail-banking-ee');
    expect(firstMessage(schema, phone('+372', '5123456'))).toBeUndefined();
    expect(firstMessage(schema, phone('+372', '51234567'))).toBeUndefined();
    expect(firstMessage(schema, phone('+372', '512345'))).toBe(MESSAGES.phoneEstonianMobileLength);
    expect(firstMessage(schema, phone('+372', '512345678'))).toBe(MESSAGES.phoneEstonianMobileLength);
    expect(firstMessage(schema, phone('+372', '6123456'))).toBeUndefined();
    expect(firstMessage(schema, phone('+358', '401234567'))).toBeUndefined();
    expect(firstMessage(schema, phone('+358', '4012345'))).toBe(MESSAGES.phoneFinnishMobileLength);
    expect(firstMessage(schema, phone('+358', '50123456'))).toBeUndefined();
    expect(firstMessage(schema, phone('+358', '50123456789'))).toBe(MESSAGES.phoneFinnishMobileLength);
    for (const code of ['+371', '+370', '+380', '+44', '+45', '+46', '+47', '+49', '+7']) {
      expect(firstMessage(schema, phone(code, '12345678'))).toBeUndefined();
    }
    expect(firstMessage(schema, phone('+48', '12345678'))).toBe(MESSAGES.phoneCountryCodeNotAccepted);
  });

  it('Lithuania: +370 numbers have 8 digits starting 3 to 6', () => {
    const schema = phoneNumberSchema('retail-banking-lt');
    expect(firstMessage(schema, phone('+370', '61234567'))).toBeUndefined();
    expect(firstMessage(schema, phone('+370', '52123456'))).toBeUndefined();
    expect(firstMessage(schema, phone('+370', '861234567'))).toBe(MESSAGES.phoneLithuanianFormat);
    expect(firstMessage(schema, phone('+370', '6123456'))).toBe(MESSAGES.phoneLithuanianFormat);
    expect(firstMessage(schema, phone('+370', '71234567'))).toBe(MESSAGES.phoneLithuanianFormat);
  });

  it('corporate: landline or mobile', () => {
    const schema = phoneNumberSchema('corporate-banking');
    expect(firstMessage(schema, phone('+372', '51234567'))).toBeUndefined();
    expect(firstMessage(schema, phone('+372', '6123456'))).toBeUndefined();
    expect(firstMessage(schema, phone('+372', '81234567'))).toBeUndefined();
    expect(firstMessage(schema, phone('+372', '9123456'))).toBe(MESSAGES.phoneLandlineOrMobile);
    expect(firstMessage(schema, phone('+371', '67123456'))).toBeUndefined();
    expect(firstMessage(schema, phone('+371', '81234567'))).toBe(MESSAGES.phoneLandlineOrMobile);
    expect(firstMessage(schema, phone('+370', '52123456'))).toBeUndefined();
    expect(firstMessage(schema, phone('+358', '912345'))).toBeUndefined();
    expect(firstMessage(schema, phone('+44', '2071234567'))).toBeUndefined();
  });

  it('never throws and always strips non-digits from an accepted number', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BUSINESS_DOMAINS), fc.constantFrom(...PHONE_COUNTRY_CODES), fc.string(), (domain, code, number) => {
        const schema = phoneNumberSchema(domain);
        if (firstMessage(schema, phone(code, number)) === undefined) {
          expect(output(schema, phone(code, number)).number).toMatch(/^\d+$/);
        }
      }),
    );
  });
});
