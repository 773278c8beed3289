import type { StoredApplicationData } from '../applications/application-data';
import type { CheckRule } from './check-rules';

/**
 * The bank's analysis of the statements shared through open banking (issue 22, docs/decisions/172):
 * marked pending when ProvideBasViaOpenBanking goes on with the enrolled banks, answered by the back
 * office before the decision.
 */
interface StatementAnalysis {
  status: 'PENDING' | 'ANSWERED';
  requestedAt: string;
  answeredAt?: string;
}

function analysisOf(data: StoredApplicationData): StatementAnalysis | undefined {
  const stored = data['statementAnalysis'];
  return typeof stored === 'object' && stored !== null ? (stored as StatementAnalysis) : undefined;
}

/** The process waits for the analysis before the decision (the `statementsAwaitAnalysis` fact). */
export function statementsAwaitAnalysis(data: StoredApplicationData): boolean {
  return analysisOf(data)?.status === 'PENDING';
}

/** Statements shared again are analysed again. */
export function withAnalysisRequested(data: StoredApplicationData, now: Date): StoredApplicationData {
  return { ...data, statementAnalysis: { status: 'PENDING', requestedAt: now.toISOString() } satisfies StatementAnalysis };
}

export const STATEMENT_ANALYSIS: CheckRule = {
  answer: ({ data, now }) => {
    const requested = analysisOf(data);
    const analysis: StatementAnalysis = { status: 'ANSWERED', requestedAt: requested?.requestedAt ?? now.toISOString(), answeredAt: now.toISOString() };
    return { data: { ...data, statementAnalysis: analysis }, answer: analysis };
  },
};
