import { openJson, sealJsonParam } from '../crypto/data-cipher';
import type { Queryable } from '../db/database';

/** Issue 23 (decision 176): what was typed into a step is sealed at rest. */
export const DRAFT_SEALED = 'drafts.data';

function opened(row: DraftRow): DraftRow {
  return { ...row, data: openJson<Record<string, unknown>>(DRAFT_SEALED, row.data) };
}

/** A task's draft: what was typed on it (submitted or not), versioned apart from the application. */
export interface DraftRow {
  task_key: string;
  version: number;
  data: Record<string, unknown>;
}

/** Whose answers a draft holds: the applicant's and a co-borrower's drafts of one step are apart. */
export type DraftRole = 'APPLICANT' | 'COBORROWER';

export async function findDraft(db: Queryable, applicationId: string, taskKey: string, role: DraftRole = 'APPLICANT'): Promise<DraftRow | undefined> {
  const rows = await db.query<DraftRow>('select task_key, version, data from drafts where application_id = $1 and task_key = $2 and role = $3', [
    applicationId,
    taskKey,
    role,
  ]);
  return rows[0] && opened(rows[0]);
}

/**
 * Compare-and-set: writes the task's draft only if its stored version is `expectedVersion` (0: none
 * yet) and answers the new version, or `undefined` when another tab saved in between.
 */
export async function writeDraft(
  db: Queryable,
  applicationId: string,
  draft: { taskKey: string; expectedVersion: number; data: Record<string, unknown>; role?: DraftRole },
  now: Date,
): Promise<number | undefined> {
  const role = draft.role ?? 'APPLICANT';
  const rows =
    draft.expectedVersion === 0
      ? await db.query<{ version: number }>(
          `insert into drafts (application_id, task_key, version, data, updated_at, role) values ($1, $2, 1, $3::jsonb, $4, $5)
           on conflict (application_id, role, task_key) do nothing returning version`,
          [applicationId, draft.taskKey, sealJsonParam(DRAFT_SEALED, draft.data), now, role],
        )
      : await db.query<{ version: number }>(
          `update drafts set data = $3::jsonb, version = version + 1, updated_at = $5
           where application_id = $1 and task_key = $2 and version = $4 and role = $6 returning version`,
          [applicationId, draft.taskKey, sealJsonParam(DRAFT_SEALED, draft.data), draft.expectedVersion, now, role],
        );
  return rows[0]?.version;
}

/**
 * The answers of a submitted task, kept as its draft (issue 8: Back to it shows them). Replaces any
 * draft of the task, whatever its version: the submission is the newest word on it.
 */
export async function keepSubmittedDraft(
  db: Queryable,
  applicationId: string,
  taskKey: string,
  data: Record<string, unknown>,
  now: Date,
  role: DraftRole = 'APPLICANT',
): Promise<void> {
  await db.query(
    `insert into drafts (application_id, task_key, version, data, updated_at, role) values ($1, $2, 1, $3::jsonb, $4, $5)
     on conflict (application_id, role, task_key) do update set data = excluded.data, version = drafts.version + 1, updated_at = excluded.updated_at`,
    [applicationId, taskKey, sealJsonParam(DRAFT_SEALED, data), now, role],
  );
}

/** Every draft of one person's tasks, for their check-answers page (issue 11). */
export async function listDrafts(db: Queryable, applicationId: string, role: DraftRole): Promise<DraftRow[]> {
  return (await db.query<DraftRow>('select task_key, version, data from drafts where application_id = $1 and role = $2', [applicationId, role])).map(opened);
}
