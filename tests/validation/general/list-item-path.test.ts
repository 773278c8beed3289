/**
 * The issue path a list-level check gives (`listItemPath`, decision 246) is the path valibot itself
 * gives for an issue at the same field: the same items, kinds, inputs and values, so whatever reads
 * an issue (the forms' resolvers, `getDotPath`, `flatten`, the contracts) cannot tell them apart.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { listItemPath } from '../../../core/validation/general/rules';
import { taxResidencySchema } from '../../../core/validation/general/tax-residency';
import { MESSAGES } from '../../../core/validation/messages';

/** The path valibot gives an issue at `rows[index][key]` of a list of rows with string fields. */
function valibotsOwnPath(rows: readonly Record<string, string>[], index: number, key: string) {
  const fields = Object.fromEntries(Object.keys(rows[0] ?? {}).map((name) => [name, v.string()]));
  const refuseThere = v.array(v.object({ ...fields, [key]: v.pipe(v.string(), v.check((_text) => false, 'here')) }));
  const result = v.safeParse(refuseThere, rows);
  const issue = result.issues?.find((found) => found.path?.[0]?.key === index);
  return issue?.path;
}

describe('listItemPath: the path valibot gives', () => {
  it('to a field of a row', () => {
    const rows = [
      { taxResidencyCountryCode: 'EE', taxPayerCode: '' },
      { taxResidencyCountryCode: 'FI', taxPayerCode: '123' },
    ];
    expect(valibotsOwnPath(rows, 1, 'taxPayerCode')).toHaveLength(2);
    expect(listItemPath(rows, 1, 'taxPayerCode')).toEqual(valibotsOwnPath(rows, 1, 'taxPayerCode'));
    expect(listItemPath(rows, 0, 'taxResidencyCountryCode')).toEqual(valibotsOwnPath(rows, 0, 'taxResidencyCountryCode'));
  });

  it('on the issues of the list checks of a schema (a duplicate country, the fixed first row)', () => {
    const rows = [
      { taxResidencyCountryCode: 'FI', taxPayerCode: '1' },
      { taxResidencyCountryCode: 'FI', taxPayerCode: '2' },
    ];
    const result = v.safeParse(taxResidencySchema({ localCountry: 'EE', firstCountry: 'EE' }), rows);
    const paths = Object.fromEntries((result.issues ?? []).map((issue) => [issue.message, issue.path]));
    expect(paths[MESSAGES.taxResidencyFirstFixed]).toEqual(valibotsOwnPath(rows, 0, 'taxResidencyCountryCode'));
    expect(paths[MESSAGES.taxResidencyDuplicate]).toEqual(valibotsOwnPath(rows, 1, 'taxResidencyCountryCode'));
  });
});
