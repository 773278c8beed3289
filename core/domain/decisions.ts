/**
 * Section 2's decisions (issue 12; docs/decisions/130-decision-engine.md): what the bank's decision
 * engine may answer once an application is sent, shared by the reference API (which decides) and the
 * decision pages (which tell the applicant what happens next).
 * - POSITIVE: an offer follows;
 * - NEGATIVE_*: ReadNegativeDecision, in its initial (on the application as sent), refinancing (the
 *   obligations cannot be refinanced) and final (after the bank's additional checks) kinds;
 * - UNDECIDED: ReadUndecidedDecision, a person at the bank decides;
 * - UNDECIDED_HOUSING_LOAN(_CO_BORROWER): ReadUndecidedHousingLoanDecision, the housing-loan
 *   underwriters decide (with a co-borrower: about both of them).
 */
export const DECISION_OUTCOMES = [
  'POSITIVE',
  'NEGATIVE_INITIAL',
  'NEGATIVE_REFINANCING',
  'NEGATIVE_FINAL',
  'UNDECIDED',
  'UNDECIDED_HOUSING_LOAN',
  'UNDECIDED_HOUSING_LOAN_CO_BORROWER',
] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

export function isDecisionOutcome(value: unknown): value is DecisionOutcome {
  return (DECISION_OUTCOMES as readonly unknown[]).includes(value);
}

/** ReadNegativeDecision's kinds (section 2). */
export type NegativeDecisionKind = 'INITIAL' | 'REFINANCING' | 'FINAL';

/** The negative kind of an outcome; a page that cannot tell shows the initial one's words. */
export function negativeKindOf(outcome: string | null | undefined): NegativeDecisionKind {
  if (outcome === 'NEGATIVE_REFINANCING') return 'REFINANCING';
  if (outcome === 'NEGATIVE_FINAL') return 'FINAL';
  return 'INITIAL';
}
