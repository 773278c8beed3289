import * as v from 'valibot';
import { initialTransition, transition, type AnyStateMachine } from 'xstate';
import { BUSINESS_DOMAINS } from '../../src/domain/business-domains';
import { isTaskKey, type TaskKey } from '../../src/domain/task-keys';
import { PROCESS_DEFINITIONS, isProcessDefinitionId, type ProcessDefinitionId } from './process-definitions';
import type { ApplicationFacts, ProcessInput } from './process-setup';

/** What `applications.process_state` holds: enough to resolve the statechart's snapshot again. */
const PersistedProcessSchema = v.object({
  definition: v.pipe(v.string(), v.check(isProcessDefinitionId)),
  value: v.string(),
  context: v.object({ businessDomain: v.picklist(BUSINESS_DOMAINS), productName: v.string() }),
});
export type PersistedProcess = v.InferOutput<typeof PersistedProcessSchema> & { definition: ProcessDefinitionId };

export interface ProcessPosition {
  state: PersistedProcess;
  taskKey: TaskKey;
  /** The process reached a final state (a thank-you or decision page ends the flow). */
  done: boolean;
}

/** A process definition has no transition for the submitted data: a gap in the definition. */
export class ProcessStalledError extends Error {
  override readonly name = 'ProcessStalledError';
}

/** Persisted state that no longer fits its definition (a definition changed under live data). */
export class ProcessStateError extends Error {
  override readonly name = 'ProcessStateError';
}

interface ProcessSnapshotView {
  value: unknown;
  context: unknown;
  status: string;
}

function positionOf(definition: ProcessDefinitionId, snapshot: ProcessSnapshotView): ProcessPosition {
  const value = snapshot.value;
  if (typeof value !== 'string' || !isTaskKey(value)) {
    throw new ProcessStateError(`Process ${definition} rests in ${JSON.stringify(value)}, which is not a task key.`);
  }
  const state = v.parse(PersistedProcessSchema, { definition, value, context: snapshot.context }) as PersistedProcess;
  return { state, taskKey: value, done: snapshot.status === 'done' };
}

function machineOf(definition: ProcessDefinitionId): AnyStateMachine {
  return PROCESS_DEFINITIONS[definition];
}

export function startProcess(definition: ProcessDefinitionId, input: ProcessInput): ProcessPosition {
  const [snapshot] = initialTransition(machineOf(definition), input);
  return positionOf(definition, snapshot);
}

export function readProcess(stored: unknown): ProcessPosition {
  const result = v.safeParse(PersistedProcessSchema, stored);
  if (!result.success) throw new ProcessStateError('Stored process state is malformed.');
  const { definition, value, context } = result.output as PersistedProcess;
  const snapshot = machineOf(definition).resolveState({ value, context });
  return positionOf(definition, snapshot);
}

/** Feeds a submitted step to the process; the new state names the next task. */
export function advanceProcess(stored: PersistedProcess, taskDefinitionKey: TaskKey, facts: ApplicationFacts): ProcessPosition {
  const machine = machineOf(stored.definition);
  const current = machine.resolveState({ value: stored.value, context: stored.context });
  const event = { type: 'step.submitted', taskDefinitionKey, facts } as const;
  if (!current.can(event)) {
    throw new ProcessStalledError(`Process ${stored.definition} has no transition from ${stored.value} for the submitted data.`);
  }
  const [next] = transition(machine, current, event);
  return positionOf(stored.definition, next);
}
