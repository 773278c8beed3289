import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { latvianDocumentNumberSchema } from '../../../core/validation/latvia/documents';

/**
 * Section 5 (Latvia), decision 247: a document number is the whole field. Spaces are dropped and
 * letters upper-cased, but a character more before or after the two letters and 7 digits is refused.
 */
describe('Latvian document numbers with characters around them', () => {
  it('a passport number is read with spaces and lower case, and refused with anything more', () => {
    const schema = latvianDocumentNumberSchema('PASSPORT');
    expect(v.safeParse(schema, ' lv 123 4567 ')).toMatchObject({ success: true, output: 'LV1234567' });
    for (const typed of ['XLV1234567', '1LV1234567', 'LV12345678', 'LV1234567X']) {
      expect(v.safeParse(schema, typed).success, typed).toBe(false);
    }
  });

  it('an ID card number is read with spaces and lower case, and refused with anything more', () => {
    const schema = latvianDocumentNumberSchema('ID_CARD');
    expect(v.safeParse(schema, 'ab 1234567')).toMatchObject({ success: true, output: 'AB1234567' });
    for (const typed of ['XAB1234567', '1AB1234567', 'AB12345678', 'AB1234567X']) {
      expect(v.safeParse(schema, typed).success, typed).toBe(false);
    }
  });
});
