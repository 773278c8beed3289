import { describe, expect, it } from 'vitest';
import { DECISION_OUTCOMES, isDecisionOutcome, negativeKindOf } from '../../core/domain/decisions';

/** Section 2's decisions (decision 130). */
describe('decision outcomes', () => {
  it('knows the seven outcomes and nothing else', () => {
    expect(DECISION_OUTCOMES).toEqual(['POSITIVE', 'NEGATIVE_INITIAL', 'NEGATIVE_REFINANCING', 'NEGATIVE_FINAL', 'UNDECIDED', 'UNDECIDED_HOUSING_LOAN', 'UNDECIDED_HOUSING_LOAN_CO_BORROWER']);
    for (const outcome of DECISION_OUTCOMES) expect(isDecisionOutcome(outcome)).toBe(true);
    expect(isDecisionOutcome('positive')).toBe(false);
    expect(isDecisionOutcome('NEGATIVE')).toBe(false);
    expect(isDecisionOutcome('')).toBe(false);
    expect(isDecisionOutcome(null)).toBe(false);
    expect(isDecisionOutcome(['POSITIVE'])).toBe(false);
  });

  it('tells ReadNegativeDecision’s kind; a page that cannot tell shows the initial one', () => {
    expect(negativeKindOf('NEGATIVE_REFINANCING')).toBe('REFINANCING');
    expect(negativeKindOf('NEGATIVE_FINAL')).toBe('FINAL');
    expect(negativeKindOf('NEGATIVE_INITIAL')).toBe('INITIAL');
    expect(negativeKindOf('POSITIVE')).toBe('INITIAL');
    expect(negativeKindOf(null)).toBe('INITIAL');
    expect(negativeKindOf(undefined)).toBe('INITIAL');
  });
});
