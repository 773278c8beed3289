/**
 * A tax residency row with a field missing, blank or of the wrong type reports that field only
 * (decision 246), and a row without a payer code reads as one with an empty code (what the form
 * sends for the local country). Found by the whole mutation run (issue 27 item 4).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isTaxPayerCodeRequired, taxResidencySchema } from '../../../core/validation/general/tax-residency';
import { MESSAGES } from '../../../core/validation/messages';

function issuesOf(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input);
  if (result.success) return [];
  return result.issues.map((issue) => `${(issue.path ?? []).map((item) => String(item.key)).join('.')}: ${issue.message}`);
}

const estonian = () => taxResidencySchema({ localCountry: 'EE', firstCountry: 'EE' });

describe('tax residency rows: the field at fault, and only it', () => {
  it('a row whose country is not chosen yet asks for the country, not for a payer code', () => {
    expect(isTaxPayerCodeRequired('', 'EE')).toBe(false);
    expect(issuesOf(estonian(), [{ taxResidencyCountryCode: 'EE', taxPayerCode: '' }, { taxResidencyCountryCode: '', taxPayerCode: '' }])).toEqual([
      `1.taxResidencyCountryCode: ${MESSAGES.required}`,
    ]);
  });

  it('a row without its country asks for the country only', () => {
    expect(issuesOf(estonian(), [{ taxResidencyCountryCode: 'EE' }, { taxPayerCode: '' }])).toEqual([`1.taxResidencyCountryCode: ${MESSAGES.required}`]);
    expect(issuesOf(estonian(), [{ taxResidencyCountryCode: 'EE' }, { taxResidencyCountryCode: 7, taxPayerCode: '' }])).toEqual([
      `1.taxResidencyCountryCode: ${MESSAGES.required}`,
    ]);
  });

  it('a foreign row whose payer code is no text says so once, on the payer code', () => {
    expect(issuesOf(estonian(), [{ taxResidencyCountryCode: 'EE' }, { taxResidencyCountryCode: 'FI', taxPayerCode: 12345 }])).toEqual([
      `1.taxPayerCode: ${MESSAGES.required}`,
    ]);
    expect(issuesOf(estonian(), [{ taxResidencyCountryCode: 'EE' }, { taxResidencyCountryCode: 'FI', taxPayerCode: '12345' }])).toEqual([]);
  });

  it('a row without a payer code reads as one with an empty code', () => {
    expect(v.parse(estonian(), [{ taxResidencyCountryCode: 'EE' }])).toEqual([{ taxResidencyCountryCode: 'EE', taxPayerCode: '' }]);
    expect(issuesOf(estonian(), [{ taxResidencyCountryCode: 'EE' }, { taxResidencyCountryCode: 'FI' }])).toEqual([`1.taxPayerCode: ${MESSAGES.taxpayerNumberInvalid}`]);
  });
});
