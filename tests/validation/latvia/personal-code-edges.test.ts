import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { normalisePersonalCode, personalCodeSchema } from '../../../core/validation/personal-code';
import { hasLatvianCheckDigit, isValidLatvianPersonalCode, latvianCheckDigit } from '../../../core/validation/latvia/personal-code';

/**
 * Section 5 (Latvia), decision 247: the personal code's edges. 150385-12346 is a valid old-format
 * code (check digit 6) of a person born on 15 March 1985.
 */
const TODAY = new Date(2025, 5, 15);
const VALID = '150385-12346';

describe('Latvian personal code typed with hyphens, spaces and characters around it', () => {
  it('is read into dddddd-ddddd wherever the hyphen was typed', () => {
    const schema = personalCodeSchema('LV', { today: TODAY });
    for (const typed of ['15038512346', '150385-12346', '1503-8512346', '150 385 12346', '15-03-85-12346']) {
      expect(v.safeParse(schema, typed), typed).toMatchObject({ success: true, output: VALID });
    }
  });

  it('a code with a character or digit more is left as typed and refused', () => {
    const schema = personalCodeSchema('LV', { today: TODAY });
    for (const typed of ['x15038512346', '15038512346x', '150385123460', '015038512346']) {
      expect(normalisePersonalCode('LV', typed), typed).toBe(typed);
      expect(v.safeParse(schema, typed).success, typed).toBe(false);
    }
  });

  it('the check digit helpers answer only for exactly ten and eleven digits', () => {
    expect(latvianCheckDigit('1503851234')).toBe(6);
    for (const typed of ['', '150385123', '15038512345', 'x150385123', '1503851234x', '150385-1234']) {
      expect(latvianCheckDigit(typed), typed).toBeUndefined();
    }
    expect(hasLatvianCheckDigit(VALID)).toBe(true);
    for (const typed of ['150385123460', '0150385123460', '15038512346x', 'x15038512346']) {
      expect(hasLatvianCheckDigit(typed), typed).toBe(false);
    }
  });

  it('isValidLatvianPersonalCode accepts the valid code and refuses a wrong one', () => {
    expect(isValidLatvianPersonalCode(VALID, { today: TODAY })).toBe(true);
    expect(isValidLatvianPersonalCode('150385-12345', { today: TODAY })).toBe(false);
    expect(isValidLatvianPersonalCode('15038512346x', { today: TODAY })).toBe(false);
  });
});
