/**
 * The bank statements a person gave for an application, as the underwriter reads them (issue 22,
 * docs/decisions/173): the statements of their enrolled banks (open banking, decision 153: approved
 * consents not reset) and the statements they uploaded (decision 150). Latvia's reset on each step
 * update (section 4) takes both away: reset statements are no longer given.
 */
import type { StepRole } from '../../core/domain/persons';
import type { Queryable } from '../db/database';
import { monthlyIncomeOfStatements, type IncomeEvidence } from './underwriter-rules';

interface ConsentStatements {
  role: string;
  statements: unknown;
}

const isMonthly = (value: unknown): value is { month: string; incoming: number } =>
  typeof value === 'object' && value !== null && typeof (value as { month?: unknown }).month === 'string' && typeof (value as { incoming?: unknown }).incoming === 'number';

/** Whether `role` has given bank statements for the application that still count. */
export async function statementsGiven(db: Queryable, applicationId: string, role: StepRole): Promise<boolean> {
  const rows = await db.query<{ given: boolean }>(
    `select exists (select 1 from psd2_consents where application_id = $1 and role = $2 and status = 'APPROVED' and reset_at is null)
         or exists (select 1 from documents where application_id = $1 and role = $2 and purpose = 'BANK_STATEMENT' and removed_at is null) as given`,
    [applicationId, role],
  );
  return rows[0]?.given === true;
}

/** The income evidence of every borrower of the application, one entry per way they gave statements. */
export async function incomeEvidenceOf(db: Queryable, applicationId: string): Promise<IncomeEvidence[]> {
  const consents = await db.query<ConsentStatements>(
    `select role, statements from psd2_consents where application_id = $1 and status = 'APPROVED' and reset_at is null order by created_at, id`,
    [applicationId],
  );
  const uploads = await db.query<{ role: string }>(
    `select distinct role from documents where application_id = $1 and purpose = 'BANK_STATEMENT' and removed_at is null order by role`,
    [applicationId],
  );
  const evidence: IncomeEvidence[] = [];
  for (const role of ['APPLICANT', 'COBORROWER'] as const) {
    const statements = consents.filter((row) => row.role === role).flatMap((row) => (Array.isArray(row.statements) ? row.statements.filter(isMonthly) : []));
    const read = monthlyIncomeOfStatements(statements);
    if (read) evidence.push({ role, source: 'OPEN_BANKING', monthlyIncome: read.monthlyIncome, months: read.months });
    if (uploads.some((row) => row.role === role)) evidence.push({ role, source: 'UPLOAD', monthlyIncome: null, months: 0 });
  }
  return evidence;
}
