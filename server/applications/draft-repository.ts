import type { Queryable } from '../db/database';

export interface DraftRow {
  task_key: string;
  version: number;
  data: Record<string, unknown>;
}

export async function findDraft(db: Queryable, applicationId: string): Promise<DraftRow | undefined> {
  const rows = await db.query<DraftRow>('select task_key, version, data from drafts where application_id = $1', [applicationId]);
  return rows[0];
}

/**
 * Compare-and-set: writes the draft only if its stored version is `expectedVersion` (0: none yet)
 * and answers the new version, or `undefined` when another tab saved in between.
 */
export async function writeDraft(
  db: Queryable,
  applicationId: string,
  draft: { taskKey: string; expectedVersion: number; data: Record<string, unknown> },
  now: Date,
): Promise<number | undefined> {
  const rows =
    draft.expectedVersion === 0
      ? await db.query<{ version: number }>(
          `insert into drafts (application_id, task_key, version, data, updated_at) values ($1, $2, 1, $3::jsonb, $4)
           on conflict (application_id) do nothing returning version`,
          [applicationId, draft.taskKey, JSON.stringify(draft.data), now],
        )
      : await db.query<{ version: number }>(
          `update drafts set data = $3::jsonb, version = version + 1, updated_at = $5
           where application_id = $1 and task_key = $2 and version = $4 returning version`,
          [applicationId, draft.taskKey, JSON.stringify(draft.data), draft.expectedVersion, now],
        );
  return rows[0]?.version;
}

export async function deleteDraft(db: Queryable, applicationId: string): Promise<void> {
  await db.query('delete from drafts where application_id = $1', [applicationId]);
}
