/**
 * What the bank's back office found, as the application keeps it (issue 22, docs/decisions/173), and
 * what of it the decision engine reads: the refinancing check's verdict before a refinancing loan's
 * INITIAL decision, the underwriter's before the FINAL one. Only reads the stored data (no database),
 * so the decision service and the check rules share it without depending on each other.
 */
import type { StoredApplicationData } from '../applications/application-data';
import type { DecisionFindings, DecisionStage } from '../decisions/decision-rules';
import type { RefinancingCheck, RefinancingPayoff } from './refinancing-rules';
import type { UnderwriterReview } from './underwriter-rules';

/** Where each finding is kept in `applications.data` (never in the task reply: it is the bank's). */
export const FINDING_KEYS = { refinancingCheck: 'refinancingCheck', underwriterReview: 'underwriterReview', refinancingPayoff: 'refinancingPayoff' } as const;

export type StoredRefinancingCheck = RefinancingCheck & { checkedAt: string };
export type StoredUnderwriterReview = UnderwriterReview & { reviewedAt: string; amount: number; period: number };
export type StoredRefinancingPayoff = RefinancingPayoff & { collectedAt: string };

const objectAt = (data: StoredApplicationData, key: string): Record<string, unknown> | undefined => {
  const value = data[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
};

export function refinancingCheckOf(data: StoredApplicationData): StoredRefinancingCheck | undefined {
  const stored = objectAt(data, FINDING_KEYS.refinancingCheck);
  return stored && typeof stored['verdict'] === 'string' ? (stored as unknown as StoredRefinancingCheck) : undefined;
}

export function underwriterReviewOf(data: StoredApplicationData): StoredUnderwriterReview | undefined {
  const stored = objectAt(data, FINDING_KEYS.underwriterReview);
  return stored && typeof stored['verdict'] === 'string' ? (stored as unknown as StoredUnderwriterReview) : undefined;
}

export function refinancingPayoffOf(data: StoredApplicationData): StoredRefinancingPayoff | undefined {
  const stored = objectAt(data, FINDING_KEYS.refinancingPayoff);
  return stored && Array.isArray(stored['payoffs']) ? (stored as unknown as StoredRefinancingPayoff) : undefined;
}

/** What the decision engine decides with at `stage` (decision 173). */
export function findingsOf(data: StoredApplicationData, stage: DecisionStage): DecisionFindings {
  const refinancing = refinancingCheckOf(data);
  const review = stage === 'FINAL' ? underwriterReviewOf(data) : undefined;
  return {
    ...(refinancing ? { refinancing: { verdict: refinancing.verdict } } : {}),
    ...(review ? { underwriter: { verdict: review.verdict, maxAmount: review.maxAmount, debtServiceToIncome: review.debtServiceToIncome } } : {}),
  };
}
