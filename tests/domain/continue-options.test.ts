import { describe, expect, it } from 'vitest';
import { CONTINUE_OPTIONS, isContinueOption } from '../../core/domain/continue-options';

/** Decision 121: the three answers of ChooseContinueOption, and nothing else. */
describe('continue options', () => {
  it('are continue the earlier, annul it, or join as co-applicant', () => {
    expect(CONTINUE_OPTIONS).toEqual(['CONTINUE_ACTIVE', 'ANNUL_ACTIVE', 'JOIN_AS_RELATED_PERSON']);
    for (const option of CONTINUE_OPTIONS) expect(isContinueOption(option), option).toBe(true);
  });

  it('refuses anything else: another case, a blank, a non-string', () => {
    for (const value of ['continue_active', 'ANNUL', '', null, undefined, 0, ['ANNUL_ACTIVE'], { option: 'ANNUL_ACTIVE' }]) {
      expect(isContinueOption(value), String(value)).toBe(false);
    }
  });
});
