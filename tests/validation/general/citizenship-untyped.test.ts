/**
 * Citizenship when a field is missing or of the wrong type (decision 243): the "dual required"
 * check looks past a missing main citizenship, so a form sent without one still names the empty
 * dual field too; the checks comparing the fields wait for every field.
 */
import { describe, expect, it } from 'vitest';
import { citizenshipSchema } from '../../../core/validation/general/citizenship';
import { MESSAGES } from '../../../core/validation/messages';
import { issuesOf } from '../support';

describe('citizenship with a field missing', () => {
  it('no main citizenship and an empty dual one: both fields are named', () => {
    expect(issuesOf(citizenshipSchema('EE'), { addDualCitizenship: true, dualCitizenship: '' })).toEqual([`citizenship: ${MESSAGES.required}`, `dualCitizenship: ${MESSAGES.required}`]);
    expect(issuesOf(citizenshipSchema('LV'), { citizenship: 5, addDualCitizenship: true })).toEqual([`citizenship: ${MESSAGES.required}`, `dualCitizenship: ${MESSAGES.required}`]);
  });

  it('no main citizenship and a dual one: only the main is named (nothing to compare the dual with)', () => {
    expect(issuesOf(citizenshipSchema('LV'), { addDualCitizenship: true, dualCitizenship: 'XA' })).toEqual([`citizenship: ${MESSAGES.required}`]);
    expect(issuesOf(citizenshipSchema('LV'), { citizenship: 'LV', addDualCitizenship: true, dualCitizenship: 5 })).toHaveLength(1);
  });
});
