import type { BackOfficeCheck } from '../../core/domain/back-office-checks';
import { sealJsonParam } from '../crypto/data-cipher';
import type { Queryable } from '../db/database';

/** One back-office check of an application (docs/decisions/172). */
export interface CheckRow {
  id: string;
  kind: BackOfficeCheck;
  started_at: Date;
  due_at: Date;
  overdue_at: Date | null;
}

const COLUMNS = 'id::text as id, kind, started_at, due_at, overdue_at';

/** The application's unanswered check of this kind, if one runs. */
export async function openCheckOf(db: Queryable, applicationId: string, kind: BackOfficeCheck): Promise<CheckRow | undefined> {
  const rows = await db.query<CheckRow>(`select ${COLUMNS} from back_office_checks where application_id = $1 and kind = $2 and answered_at is null`, [
    applicationId,
    kind,
  ]);
  return rows[0] ? { ...rows[0], started_at: new Date(rows[0].started_at), due_at: new Date(rows[0].due_at), overdue_at: rows[0].overdue_at ? new Date(rows[0].overdue_at) : null } : undefined;
}

export async function startCheck(db: Queryable, applicationId: string, kind: BackOfficeCheck, now: Date, seconds: number): Promise<CheckRow> {
  await db.query(`insert into back_office_checks (application_id, kind, started_at, due_at) values ($1, $2, $3, $4)`, [
    applicationId,
    kind,
    now,
    new Date(now.getTime() + seconds * 1000),
  ]);
  const row = await openCheckOf(db, applicationId, kind);
  if (!row) throw new Error('a check just started is not found');
  return row;
}

export async function markCheckOverdue(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query(`update back_office_checks set overdue_at = $2 where id = $1`, [id, now]);
}

/** Issue 23 (decision 176): an answer is what the back office found (payers' and lenders' names): sealed at rest. */
export const CHECK_ANSWER_SEALED = 'back_office_checks.answer';

export async function answerCheck(db: Queryable, id: string, now: Date, answer: unknown): Promise<void> {
  await db.query(`update back_office_checks set answered_at = $2, answer = $3::jsonb where id = $1`, [id, now, sealJsonParam(CHECK_ANSWER_SEALED, answer ?? null)]);
}

/** Applications with an unanswered check due by `now`, oldest first (the back office's queue). */
export async function applicationsWithDueChecks(db: Queryable, now: Date, limit: number): Promise<string[]> {
  const rows = await db.query<{ application_id: string }>(
    `select application_id::text as application_id from back_office_checks where answered_at is null and due_at <= $1
     group by application_id order by min(due_at) limit $2`,
    [now, limit],
  );
  return rows.map((row) => row.application_id);
}
