import type { BackOfficeCheck } from '../../core/domain/back-office-checks';
import { readInteger, type Environment } from '../config/env';

/**
 * How long the reference API's back office takes over each check, and how long the statements page
 * waits before it says processing takes time (issue 22, docs/decisions/172). The bank's real back
 * office takes minutes to days; the reference API answers by its own rules after these delays, so a
 * demonstration shows every waiting page and a test server can set them to 0 (answered at once).
 */
export interface BackOfficeSettings {
  /** Seconds from the moment the process reaches the waiting task to the check's answer (0: at once). */
  checkSeconds: Readonly<Record<BackOfficeCheck, number>>;
  /** Seconds the "being processed" page waits before it says the analysis takes time. */
  statementAnalysisPatienceSeconds: number;
  /**
   * Seconds the bank promises an underwriter's answer within (decision 173): an application whose
   * review has not answered by then is handed to a loan specialist, and the page stops waiting.
   */
  underwriterReviewTimeoutSeconds: number;
}

export const BACK_OFFICE_VARIABLES = {
  STATEMENT_ANALYSIS: 'STATEMENT_ANALYSIS_SECONDS',
  REFINANCING_CHECK: 'REFINANCING_CHECK_SECONDS',
  UNDERWRITER_REVIEW: 'UNDERWRITER_REVIEW_SECONDS',
  REFINANCING_PAYOFF: 'REFINANCING_PAYOFF_SECONDS',
} as const satisfies Record<BackOfficeCheck, string>;

export const DEFAULT_CHECK_SECONDS: Readonly<Record<BackOfficeCheck, number>> = {
  STATEMENT_ANALYSIS: 4,
  REFINANCING_CHECK: 8,
  UNDERWRITER_REVIEW: 12,
  REFINANCING_PAYOFF: 8,
};
export const DEFAULT_STATEMENT_ANALYSIS_PATIENCE_SECONDS = 20;
/** A day: the waiting page promises an underwriter's answer within one working day (decision 173). */
export const DEFAULT_UNDERWRITER_REVIEW_TIMEOUT_SECONDS = 86_400;

/** A week: longer than any bank keeps an applicant on a waiting page. */
const MAX_SECONDS = 7 * 86_400;

export function readBackOfficeSettings(env: Environment): BackOfficeSettings {
  const seconds = (check: BackOfficeCheck) => readInteger(env, BACK_OFFICE_VARIABLES[check], DEFAULT_CHECK_SECONDS[check], { min: 0, max: MAX_SECONDS });
  return {
    checkSeconds: {
      STATEMENT_ANALYSIS: seconds('STATEMENT_ANALYSIS'),
      REFINANCING_CHECK: seconds('REFINANCING_CHECK'),
      UNDERWRITER_REVIEW: seconds('UNDERWRITER_REVIEW'),
      REFINANCING_PAYOFF: seconds('REFINANCING_PAYOFF'),
    },
    statementAnalysisPatienceSeconds: readInteger(env, 'STATEMENT_ANALYSIS_PATIENCE_SECONDS', DEFAULT_STATEMENT_ANALYSIS_PATIENCE_SECONDS, { min: 1, max: MAX_SECONDS }),
    underwriterReviewTimeoutSeconds: readInteger(env, 'UNDERWRITER_REVIEW_TIMEOUT_SECONDS', DEFAULT_UNDERWRITER_REVIEW_TIMEOUT_SECONDS, { min: 1, max: MAX_SECONDS }),
  };
}

/**
 * The environment of a back office that answers every check at once: the tests' servers start with
 * it (a test of a waiting page sets its own seconds), so a test not about waiting never waits.
 */
export const BACK_OFFICE_ANSWERS_AT_ONCE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(BACK_OFFICE_VARIABLES).map((name) => [name, '0']),
);
