import type { StoredApplicationData } from '../applications/application-data';
import { sharedStatementsOf } from '../psd2/psd2.service';
import type { CheckRule } from './check-rules';
import { analyseStatements, type PersonFindings, type PersonStatements } from './statement-analysis-rules';
import { openJson, sealJson } from '../crypto/data-cipher';

/**
 * The bank's analysis of the statements shared through open banking (issue 22, docs/decisions/172):
 * marked pending when ProvideBasViaOpenBanking goes on with the enrolled banks, answered by the back
 * office before the decision. Its answer reads the booked transactions each person's enrolled banks
 * gave (server/psd2/psd2.service.ts) and keeps a summary with the application, by the rules of
 * statement-analysis-rules.ts: the months covered, the regular income and the loan payments found, per
 * person. The summary is the bank's: the task reply never carries it (server/applications/task-response.ts).
 */
export interface StatementAnalysis {
  status: 'PENDING' | 'ANSWERED';
  requestedAt: string;
  answeredAt?: string;
  /** The statement period asked for (YYYY-MM), once answered. */
  period?: { from: string; to: string } | null;
  /**
   * Per person, once answered. Issue 23 (decision 176): what was found names the person's payers and
   * lenders (an employer, a private landlord), so it is kept sealed (`STATEMENT_FINDINGS_SEALED`);
   * an analysis answered before sealing holds the array itself.
   */
  persons?: PersonFindings[] | string;
}

export const STATEMENT_FINDINGS_SEALED = 'applications.data.statementAnalysis.persons';

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

/** The analysis's findings for the decision engine, once answered (undefined before, or without one). */
export function statementFindingsOf(data: StoredApplicationData): PersonFindings[] | undefined {
  const analysis = analysisOf(data);
  if (analysis?.status !== 'ANSWERED' || analysis.persons === undefined) return undefined;
  const persons = openJson<unknown>(STATEMENT_FINDINGS_SEALED, analysis.persons);
  return Array.isArray(persons) ? (persons as PersonFindings[]) : undefined;
}

const isBorrowerRole = (role: string): role is PersonStatements['role'] => role === 'APPLICANT' || role === 'COBORROWER';

export const STATEMENT_ANALYSIS: CheckRule = {
  answer: async ({ tx, application, data, now }) => {
    const requested = analysisOf(data);
    const shared = (await sharedStatementsOf(tx, application.id)).flatMap((person) =>
      isBorrowerRole(person.role) ? [{ role: person.role, months: person.months, accounts: person.accounts, transactions: person.transactions }] : [],
    );
    const { persons } = analyseStatements(shared);
    const months = shared.flatMap((person) => person.months).sort();
    const analysis: StatementAnalysis = {
      status: 'ANSWERED',
      requestedAt: requested?.requestedAt ?? now.toISOString(),
      answeredAt: now.toISOString(),
      period: months.length ? { from: months[0]!, to: months[months.length - 1]! } : null,
      persons: sealJson(STATEMENT_FINDINGS_SEALED, persons),
    };
    return { data: { ...data, statementAnalysis: analysis }, answer: analysis };
  },
};
