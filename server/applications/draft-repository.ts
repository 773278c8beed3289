import type { Queryable } from '../db/database';

/** A task's draft: what was typed on it (submitted or not), versioned apart from the application. */
export interface DraftRow {
  task_key: string;
  version: number;
  data: Record<string, unknown>;
}

export async function findDraft(db: Queryable, applicationId: string, taskKey: string): Promise<DraftRow | undefined> {
  const rows = await db.query<DraftRow>('select task_key, version, data from drafts where application_id = $1 and task_key = $2', [
    applicationId,
    taskKey,
  ]);
  return rows[0];
}

/**
 * Compare-and-set: writes the task's draft only if its stored version is `expectedVersion` (0: none
 * yet) and answers the new version, or `undefined` when another tab saved in between.
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
           on conflict (application_id, task_key) do nothing returning version`,
          [applicationId, draft.taskKey, JSON.stringify(draft.data), now],
        )
      : await db.query<{ version: number }>(
          `update drafts set data = $3::jsonb, version = version + 1, updated_at = $5
           where application_id = $1 and task_key = $2 and version = $4 returning version`,
          [applicationId, draft.taskKey, JSON.stringify(draft.data), draft.expectedVersion, now],
        );
  return rows[0]?.version;
}

/**
 * The answers of a submitted task, kept as its draft (issue 8: Back to it shows them). Replaces any
 * draft of the task, whatever its version: the submission is the newest word on it.
 */
export async function keepSubmittedDraft(db: Queryable, applicationId: string, taskKey: string, data: Record<string, unknown>, now: Date): Promise<void> {
  await db.query(
    `insert into drafts (application_id, task_key, version, data, updated_at) values ($1, $2, 1, $3::jsonb, $4)
     on conflict (application_id, task_key) do update set data = excluded.data, version = drafts.version + 1, updated_at = excluded.updated_at`,
    [applicationId, taskKey, JSON.stringify(data), now],
  );
}
