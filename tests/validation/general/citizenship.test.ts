import { describe, expect, it } from 'vitest';
import { citizenshipSchema } from '../../../core/validation/general/citizenship';
import { MESSAGES } from '../../../core/validation/messages';
import { issuesOf, output } from '../support';

describe('citizenship, every message at once (section 5)', () => {
  it('an empty main and an empty dual citizenship are both reported, each field first with "required"', () => {
    const issues = issuesOf(citizenshipSchema('EE'), { citizenship: '', addDualCitizenship: true, dualCitizenship: '' });
    expect(issues.find((issue) => issue.startsWith('citizenship: '))).toBe(`citizenship: ${MESSAGES.required}`);
    expect(issues.find((issue) => issue.startsWith('dualCitizenship: '))).toBe(`dualCitizenship: ${MESSAGES.required}`);
    expect(issuesOf(citizenshipSchema('EE'), { citizenship: 'EE', addDualCitizenship: true })).toEqual([`dualCitizenship: ${MESSAGES.required}`]);
  });

  it('a missing main citizenship is reported on its own field, the dual chosen is not refused for it', () => {
    expect(issuesOf(citizenshipSchema('LV'), { citizenship: '', addDualCitizenship: true, dualCitizenship: 'XA' })).toEqual([`citizenship: ${MESSAGES.required}`]);
  });

  it('a dual choice that is no yes or no is reported alone, not read as a yes', () => {
    const issues = issuesOf(citizenshipSchema('LV'), { citizenship: 'LV', addDualCitizenship: 'yes', dualCitizenship: '' });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^addDualCitizenship: /);
    const same = issuesOf(citizenshipSchema('LV'), { citizenship: 'LV', addDualCitizenship: 'yes', dualCitizenship: 'LV' });
    expect(same).toHaveLength(1);
    const nonCitizen = issuesOf(citizenshipSchema('LV'), { citizenship: 'LV', addDualCitizenship: 'yes', dualCitizenship: 'XA' });
    expect(nonCitizen).toHaveLength(1);
  });

  it('a Latvian and a Latvian non-citizen together are refused in Latvia only, on the dual field', () => {
    const both = { citizenship: 'LV', addDualCitizenship: true, dualCitizenship: 'XA' };
    expect(issuesOf(citizenshipSchema('LV'), both)).toEqual([`dualCitizenship: ${MESSAGES.citizenshipLatviaAndNonCitizen}`]);
    expect(output(citizenshipSchema('EE'), both)).toEqual(['LV', 'XA']);
    expect(output(citizenshipSchema('LT'), both)).toEqual(['LV', 'XA']);
    expect(output(citizenshipSchema('LV'), { ...both, addDualCitizenship: false })).toEqual(['LV']);
  });

  it('a dual citizenship left in the form after "no dual" is not sent', () => {
    expect(output(citizenshipSchema('EE'), { citizenship: 'EE', addDualCitizenship: false, dualCitizenship: 'FI' })).toEqual(['EE']);
    expect(output(citizenshipSchema('EE'), { citizenship: 'EE', dualCitizenship: 'FI' })).toEqual(['EE']);
  });
});
