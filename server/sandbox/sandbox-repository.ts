import * as v from 'valibot';
import type { Queryable } from '../db/database';
import type { Owner } from '../http/app-env';

/** docs/architecture.md, "Sandbox controls": per owner, each consumed by the first call it matches. */
export type SandboxControl =
  | { kind: 'next-task'; taskDefinitionKey: string }
  | { kind: 'fail-next'; path: string | null; method: string | null; status: number }
  | { kind: 'delay-next'; path: string | null; method: string | null; ms: number };

const NextTaskValue = v.object({ taskDefinitionKey: v.string() });
const FailValue = v.object({ status: v.number(), method: v.nullish(v.string(), null) });
const DelayValue = v.object({ ms: v.number(), method: v.nullish(v.string(), null) });

export async function addSandboxControl(db: Queryable, owner: Owner, control: SandboxControl, now: Date): Promise<void> {
  const { kind, path, value } =
    control.kind === 'next-task'
      ? { kind: control.kind, path: null, value: { taskDefinitionKey: control.taskDefinitionKey } }
      : control.kind === 'fail-next'
        ? { kind: control.kind, path: control.path, value: { status: control.status, method: control.method } }
        : { kind: control.kind, path: control.path, value: { ms: control.ms, method: control.method } };
  await db.query(
    'insert into sandbox_controls (owner_kind, owner_id, kind, path, value, created_at) values ($1, $2, $3, $4, $5::jsonb, $6)',
    [owner.kind, owner.id, kind, path, JSON.stringify(value), now],
  );
}

interface ControlRow {
  kind: SandboxControl['kind'];
  path: string | null;
  value: unknown;
}

/**
 * Removes and returns the oldest control of `kinds` that matches `requestPath` and `method` (a
 * control without a path or a method matches every call). Deleting is the consumption: two
 * processes cannot both take one.
 */
async function consume(
  db: Queryable,
  owner: Owner,
  kinds: readonly SandboxControl['kind'][],
  requestPath: string,
  method: string,
): Promise<ControlRow | undefined> {
  const rows = await db.query<ControlRow>(
    `delete from sandbox_controls where id = (
       select id from sandbox_controls
       where owner_kind = $1 and owner_id = $2 and kind in ($3, $4)
         and (path is null or strpos($5, path) > 0)
         and (value->>'method' is null or value->>'method' = $6)
       order by id limit 1
       for update skip locked)
     returning kind, path, value`,
    [owner.kind, owner.id, kinds[0] ?? '', kinds[1] ?? kinds[0] ?? '', requestPath, method],
  );
  return rows[0];
}

/** The fail or delay control this call must honour, if any. */
export async function consumeCallControl(
  db: Queryable,
  owner: Owner,
  requestPath: string,
  method: string,
): Promise<Extract<SandboxControl, { kind: 'fail-next' | 'delay-next' }> | undefined> {
  const row = await consume(db, owner, ['fail-next', 'delay-next'], requestPath, method.toUpperCase());
  if (!row) return undefined;
  if (row.kind === 'fail-next') return { kind: 'fail-next', path: row.path, ...v.parse(FailValue, row.value) };
  return { kind: 'delay-next', path: row.path, ...v.parse(DelayValue, row.value) };
}

/** The task key the next create, submit or continue answers with, if one was forced. */
export async function consumeNextTask(db: Queryable, owner: Owner): Promise<string | undefined> {
  const row = await consume(db, owner, ['next-task'], '', '');
  return row ? v.parse(NextTaskValue, row.value).taskDefinitionKey : undefined;
}
