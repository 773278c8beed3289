import { describe, expect, it } from 'vitest';
import { normalisePostalCode, postalCodeSchema } from '../../../core/validation/general/postal-code';
import { output } from '../support';

// Decision 245: what normalisePostalCode makes of spaces (the address summary shows its result).

describe('a postal code as typed, tidied', () => {
  it('outside the Baltics: trimmed, upper case, each run of spaces one space', () => {
    expect(normalisePostalCode('  sw1a \t 1aa  ', 'GB')).toBe('SW1A 1AA');
    expect(normalisePostalCode(' 00-950 ', 'PL')).toBe('00-950');
    expect(output(postalCodeSchema('GB'), ' sw1a   1aa ')).toBe('SW1A 1AA');
  });

  it('in the Baltics: every space dropped, however many and wherever', () => {
    expect(normalisePostalCode(' lv  10 10 ', 'LV')).toBe('LV-1010');
    expect(normalisePostalCode('1 0 1 1 7', 'EE')).toBe('10117');
    expect(output(postalCodeSchema('LT'), 'lt -  011 03')).toBe('LT-01103');
  });
});
