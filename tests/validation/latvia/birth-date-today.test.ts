import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { latvianBirthDateSchema, parseLatvianBirthDate } from '../../../core/validation/latvia/birth-date';

/**
 * Section 5 (Latvia), decision 247: a birth date typed with a two-digit year is read against the
 * "today" given (the server's clock), never the wall clock. On 1 January 2080, `010160` is
 * 1 January 2060 (20 years old, accepted); read against the wall clock of 2026 it would be 1960.
 */
const IN_2080 = new Date(2080, 0, 1);

describe('Latvian birth date read against the given today', () => {
  it('parseLatvianBirthDate puts a two-digit year in the latest century not after that today', () => {
    expect(parseLatvianBirthDate('010160', IN_2080)).toEqual(new Date(2060, 0, 1));
    expect(parseLatvianBirthDate('010160', new Date(2030, 0, 1))).toEqual(new Date(1960, 0, 1));
  });

  it('the schema reads ddMMyy with the given today and passes the age check against it', () => {
    const schema = latvianBirthDateSchema({ today: IN_2080 });
    expect(v.safeParse(schema, '010160')).toMatchObject({ success: true, output: '2060-01-01' });
    expect(v.safeParse(schema, '01.01.60')).toMatchObject({ success: true, output: '2060-01-01' });
  });
});
