/**
 * What businessData shows of its company look-up, apart from the machine so the view's chunk does
 * not carry the machine's definition (the step's logic chunk brings it; decision 041).
 */
import type { SnapshotFrom } from 'xstate';
import type { companyLookupMachine } from './company-lookup.machine';

/** What the view shows: nothing, the company found (to fill in), or why the code cannot be used. */
export type CompanyLookupView =
  | { kind: 'none' }
  | { kind: 'found'; registrationCode: string; businessName: string; industryCode: string | null }
  | { kind: 'unknown' }
  | { kind: 'refused'; status: 'IN_LIQUIDATION' | 'DELETED' };

export function companyLookupView(snapshot: SnapshotFrom<typeof companyLookupMachine> | undefined): CompanyLookupView {
  const answer = snapshot?.context.answer;
  const asked = snapshot?.context.asked;
  if (!snapshot?.matches('answered') || !answer || !asked) return { kind: 'none' };
  if (!answer.found) return { kind: 'unknown' };
  if (answer.status !== 'ACTIVE') return { kind: 'refused', status: answer.status };
  return { kind: 'found', registrationCode: asked.registrationCode, businessName: answer.businessName, industryCode: answer.industryCode };
}
