import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { personNameSchema } from '../../src/validation/general/person-name';
import { emailSchema } from '../../src/validation/general/email';
import { phoneNumberSchema } from '../../src/validation/general/phone';
import { personalCodeSchema } from '../../src/validation/personal-code';
import { moneySchema, parseMoney } from '../../src/validation/money';
import { VALIDATION_MESSAGES } from '../../src/i18n/validation-messages';
import { MESSAGES } from '../../src/validation/messages';

describe('smoke', () => {
  it('works', () => {
    expect(v.parse(personNameSchema('retail-banking-ee'), '  mari-liis  TAMM ')).toBe('Mari-Liis Tamm');
    expect(v.safeParse(emailSchema(), 'a.@b.com').issues?.[0]?.message).toBe(MESSAGES.emailDotBeforeAt);
    const phone = v.safeParse(phoneNumberSchema('retail-banking-lv'), { code: '+371', number: '3123 4567' });
    expect(phone.issues?.[0]?.message).toBe(MESSAGES.phoneLatvianFormat);
    expect(phone.issues?.[0]?.path?.map((p) => p.key)).toEqual(['number']);
    expect(v.parse(personalCodeSchema('EE'), '37605030299')).toBe('37605030299');
    expect(parseMoney('1 500,50')).toBe(1500.5);
    expect(v.parse(moneySchema(), '1500.5')).toBe(1500.5);
    expect(VALIDATION_MESSAGES[MESSAGES.required]).toMatchObject({ id: 'validation.messages.required' });
  });
});
