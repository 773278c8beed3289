import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sortByTranslatedLabel } from '../../../core/validation/general/countries';
import { typedYearSchema, yearSchema } from '../../../core/validation/general/construction-year';
import { MESSAGES, splitMessage } from '../../../core/validation/messages';
import { TODAY, firstMessage, output } from '../support';

const labels = (options: readonly { label: string }[]) => options.map((option) => option.label);

describe('country options in the language’s order (section 5, tax residency)', () => {
  it('sorts by the language’s alphabet, not by character codes', () => {
    const options = [{ code: 'ZA', label: 'Lõuna-Aafrika' }, { code: 'SE', label: 'Rootsi' }, { code: 'CH', label: 'Šveits' }, { code: 'DE', label: 'Saksamaa' }];
    expect(labels(sortByTranslatedLabel(options, 'et-EE'))).toEqual(['Lõuna-Aafrika', 'Rootsi', 'Saksamaa', 'Šveits']);
  });

  it('texts that differ only in accents or case come out in one order, whatever order they came in', () => {
    const a = { code: 'AX', label: 'Åland' };
    const b = { code: 'XX', label: 'Aland' };
    expect(labels(sortByTranslatedLabel([a, b], 'en'))).toEqual(labels(sortByTranslatedLabel([b, a], 'en')));
  });
});

describe('a year (section 5, construction year)', () => {
  const bounds = { min: 1800, yearsAhead: 5 };

  it('a value that is no number gets "required" only, not also "whole number"', () => {
    const result = v.safeParse(yearSchema(bounds, { today: TODAY }), 'abc');
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => splitMessage(issue.message).key)).toEqual([MESSAGES.required]);
  });

  it('a typed year is digits only: no exponent, sign or hexadecimal', () => {
    for (const typed of ['2e3', '0x7D0', '-2000', '+2000', '2000a', 'a2000']) {
      expect(firstMessage(typedYearSchema(bounds, { today: TODAY }), typed)).toBe(MESSAGES.integer);
    }
    expect(output(typedYearSchema(bounds, { today: TODAY }), ' 2000 ')).toBe(2000);
  });
});
