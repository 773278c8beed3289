import * as v from 'valibot';
import type { Queryable } from '../db/database';
import type { AppDeps, Owner } from '../http/app-env';
import type { ApplicationFacts } from '../process/application-facts';

/**
 * Test mode only (decision 215): outcomes of the bank's side the generated paths walk
 * (tests/paths/flow-paths.ts's PATH_OUTCOMES) that the replay could not bring about through the
 * screens, set for this session's applications like `sandbox/decision` (not consumed):
 * - `crossSell: 'NOT_OFFERED'`: the engine does not offer the card the loan's product data names
 *   (decision 174); the accepted offer goes straight to the contract;
 * - `duplicateApplication`: the bank already handles another application of this applicant for the
 *   same product (decision 175), answered on the create step and ChooseContinueOption;
 * - `shortApplication`: the application counts as one of the partner short channel (decision 175):
 *   its check-answers page sends it for a person to handle.
 * Each answers only on the task the process reads it on, as the service's own facts do.
 */
/*
 * Stored beside the decision the sandbox sets (kind 'decision', which the table's check allows; key
 * 'outcomes', where the decision's own is ''), so no migration is needed.
 */
export const SandboxOutcomesSchema = v.object({
  crossSell: v.optional(v.nullable(v.picklist(['NOT_OFFERED'])), null),
  duplicateApplication: v.optional(v.boolean(), false),
  shortApplication: v.optional(v.boolean(), false),
});
export type SandboxOutcomes = v.InferOutput<typeof SandboxOutcomesSchema>;

const NONE: SandboxOutcomes = { crossSell: null, duplicateApplication: false, shortApplication: false };

export async function setSandboxOutcomes(db: Queryable, owner: Owner, outcomes: SandboxOutcomes, now: Date): Promise<void> {
  await db.query(
    `insert into sandbox_settings (owner_kind, owner_id, kind, key, value, created_at) values ($1, $2, 'decision', 'outcomes', $3::jsonb, $4)
     on conflict (owner_kind, owner_id, kind, key) do update set value = excluded.value, created_at = excluded.created_at`,
    [owner.kind, owner.id, JSON.stringify(outcomes), now],
  );
}

/** The tasks whose submission an outcome answers on (`withSandboxOutcomes`); other submissions read none. */
const TASKS_WITH_OUTCOMES: ReadonlySet<string> = new Set(['createApplicationStep', 'chooseContinueOption', 'checkAnswers', 'reviewApproved']);

/**
 * The outcomes set for the application's owner (the applicant's session), whoever sends the step;
 * none outside test mode, and no statement for a task no outcome answers on.
 */
export async function sandboxOutcomesOf(deps: AppDeps, db: Queryable, applicationId: string, taskKey: string): Promise<SandboxOutcomes> {
  if (deps.config.mode !== 'test' || !TASKS_WITH_OUTCOMES.has(taskKey)) return NONE;
  const rows = await db.query<{ value: unknown }>(
    `select s.value from sandbox_settings s join applications a on a.owner_kind = s.owner_kind and a.owner_id = s.owner_id
     where a.id = $1 and s.kind = 'decision' and s.key = 'outcomes'`,
    [applicationId],
  );
  return rows[0] ? v.parse(SandboxOutcomesSchema, rows[0].value) : NONE;
}

type OutcomeFacts = Pick<ApplicationFacts, 'crossSellCardOffered' | 'duplicateApplication' | 'shortApplication'>;

/** The facts of a submission of `taskKey` with the outcomes set: each on the task its guard reads it on. */
export function withSandboxOutcomes<F extends OutcomeFacts>(facts: F, outcomes: SandboxOutcomes, taskKey: string): F {
  return {
    ...facts,
    ...(outcomes.crossSell === 'NOT_OFFERED' ? { crossSellCardOffered: false } : {}),
    ...(outcomes.duplicateApplication && (taskKey === 'createApplicationStep' || taskKey === 'chooseContinueOption') ? { duplicateApplication: true } : {}),
    ...(outcomes.shortApplication && taskKey === 'checkAnswers' ? { shortApplication: true } : {}),
  };
}
