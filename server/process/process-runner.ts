import * as v from 'valibot';
import { initialTransition, transition, type AnyStateMachine, type StateValue } from 'xstate';
import { BUSINESS_DOMAINS } from '../../core/domain/business-domains';
import { isTaskKey, type TaskKey } from '../../src/steps/_generated/task-keys';
import type { ApplicationFacts } from './application-facts';
import { PROCESS_DEFINITIONS } from './process-definitions';
import type { StepRole } from '../../core/domain/persons';
import type { ProcessEvent, ProcessInput, TaskStateMeta } from './process-setup';
import type { BackOfficeCheck } from '../../core/domain/back-office-checks';
import { ProcessStateError, leafOf } from './state-value';

export { ProcessStateError, leafOf };

/** A statechart's state value: a state name, or nested compound states down to one leaf. */
const StateValueSchema: v.GenericSchema<StateValue> = v.union([v.string(), v.record(v.string(), v.lazy(() => StateValueSchema))]);

/** One visited task: where the process rested and the step count it had (Back restores both). */
const VisitSchema = v.object({ value: StateValueSchema, stepCount: v.number() });
export type Visit = v.InferOutput<typeof VisitSchema>;

/** What `applications.process_state` holds: enough to resolve the statechart's snapshot again. */
const PersistedProcessSchema = v.object({
  definition: v.string(),
  value: StateValueSchema,
  context: v.object({ businessDomain: v.picklist(BUSINESS_DOMAINS), productName: v.string() }),
  /** The tasks visited before this one, oldest first. */
  history: v.optional(v.array(VisitSchema), []),
  /**
   * A change made from the check-answers page (issue 11): where to come back to once the changed
   * answers lead to a task already answered (GOV.UK: back to "Check your answers").
   */
  resume: v.optional(
    v.object({
      value: StateValueSchema,
      stepCount: v.number(),
      history: v.array(VisitSchema),
      /** The tasks answered after the changed one, before the change. */
      visited: v.array(v.string()),
    }),
  ),
});
export type PersistedProcess = v.InferOutput<typeof PersistedProcessSchema> & { definition: string };

export interface ProcessPosition {
  state: PersistedProcess;
  /** After a change from check answers led back to what was answered: the step count to show again. */
  resumedStepCount?: number;
  taskKey: TaskKey;
  /** The process reached a final state (a thank-you or decision page ends the flow). */
  done: boolean;
  /** The task the browser's Back returns to: the previous one, when its state is `returnable`. */
  previousTask: TaskKey | null;
  /** Whose turn it is: the person role of the sub-flow the process rests in (`meta.role`). */
  turn: StepRole;
}

/** A process definition has no transition for the submitted data: a gap in the definition. */
export class ProcessStalledError extends Error {
  override readonly name = 'ProcessStalledError';
}


interface SnapshotView {
  value: StateValue;
  context: unknown;
  status: string;
  getMeta(): Record<string, unknown>;
}

/**
 * The process runner over a set of definitions (the product's PROCESS_DEFINITIONS below; tests give
 * their own to try nesting and Back on definitions of their own).
 */
export function createProcessRunner(definitions: Readonly<Record<string, AnyStateMachine>>) {
  function machineOf(definition: string): AnyStateMachine {
    const machine = definitions[definition];
    if (!machine) throw new ProcessStateError(`No process definition ${definition}.`);
    return machine;
  }

  // Decision 207: resolving a state walks the definition's state nodes; the answer depends only on the
  // definition, the state value and the context (the domain and product), so each is worked out once.
  // Bounded: emptied when full (a process has some hundreds of states; products a few dozen).
  const metasKept = new Map<string, TaskStateMeta[]>();
  const positionsKept = new Map<string, ProcessPosition>();
  const KEPT_MAX = 2000;
  const keep = <T>(kept: Map<string, T>, key: string, value: T): T => {
    if (kept.size >= KEPT_MAX) kept.clear();
    kept.set(key, value);
    return value;
  };

  function metasOf(definition: string, value: StateValue, context: unknown): TaskStateMeta[] {
    const key = JSON.stringify([definition, value, context]);
    const known = metasKept.get(key);
    if (known) return known;
    const snapshot = machineOf(definition).resolveState({ value, context }) as unknown as SnapshotView;
    return keep(metasKept, key, Object.freeze(Object.values(snapshot.getMeta())) as TaskStateMeta[]);
  }

  /** The role whose steps a state belongs to: a sub-flow's `meta.role`, else the applicant's. */
  function turnOf(metas: readonly TaskStateMeta[]): StepRole {
    return metas.some((meta) => meta?.role === 'COBORROWER') ? 'COBORROWER' : 'APPLICANT';
  }

  /** Whether the state a visit rested in may be returned to (`meta.returnable`) by whoever's turn it is now. */
  function isReturnable(definition: string, visit: Visit, context: unknown, turn: StepRole): boolean {
    const metas = metasOf(definition, visit.value, context);
    return turnOf(metas) === turn && metas.some((meta) => meta?.returnable === true);
  }

  function positionOf(definition: string, snapshot: SnapshotView, history: readonly Visit[], resume?: PersistedProcess['resume']): ProcessPosition {
    const taskKey = leafOf(snapshot.value);
    if (!isTaskKey(taskKey)) {
      throw new ProcessStateError(`Process ${definition} rests in ${JSON.stringify(snapshot.value)}, whose task ${taskKey} has no step.`);
    }
    const state = v.parse(PersistedProcessSchema, {
      definition,
      value: snapshot.value,
      context: snapshot.context,
      history,
      ...(resume ? { resume } : {}),
    }) as PersistedProcess;
    const done = snapshot.status === 'done';
    const metas = Object.values(snapshot.getMeta()) as TaskStateMeta[];
    const turn = turnOf(metas);
    const last = history[history.length - 1];
    // Decision 172: a task that waits for the bank's own work has no way back (the bank has what was sent).
    const waits = metas.some((meta) => meta?.awaits !== undefined);
    const previous = !done && !waits && last && isReturnable(definition, last, snapshot.context, turn) ? leafOf(last.value) : null;
    return { state, taskKey, done, previousTask: previous && isTaskKey(previous) ? previous : null, turn };
  }

  function startProcess(definition: string, input: ProcessInput): ProcessPosition {
    const [snapshot] = initialTransition(machineOf(definition), input);
    return positionOf(definition, snapshot as unknown as SnapshotView, []);
  }

  /** Where a stored process rests. Pure: kept per stored state, and each caller gets its own copy. */
  function readProcess(stored: unknown): ProcessPosition {
    const key = JSON.stringify(stored);
    const known = positionsKept.get(key);
    if (known) return structuredClone(known);
    return structuredClone(keep(positionsKept, key, resolveStored(stored)));
  }

  function resolveStored(stored: unknown): ProcessPosition {
    const result = v.safeParse(PersistedProcessSchema, stored);
    if (!result.success) throw new ProcessStateError('Stored process state is malformed.');
    const { definition, value, context, history, resume } = result.output as PersistedProcess;
    const snapshot = machineOf(definition).resolveState({ value, context });
    return positionOf(definition, snapshot as unknown as SnapshotView, history, resume);
  }

  /**
   * Feeds a submitted step to the process; the new state names the next task. The task left behind
   * joins the history with the step count it was shown at.
   */
  function advanceProcess(stored: PersistedProcess, taskDefinitionKey: TaskKey, facts: ApplicationFacts, stepCount = 1): ProcessPosition {
    return advanceProcessBy(stored, { type: 'step.submitted', taskDefinitionKey, facts }, stepCount);
  }

  /** What the back office's check a task waits for is, when the process rests there (docs/decisions/172). */
  function awaitedCheckOf(stored: PersistedProcess): BackOfficeCheck | undefined {
    return metasOf(stored.definition, stored.value, stored.context).find((meta) => meta?.awaits !== undefined)?.awaits;
  }

  /**
   * The check the task's page waits for and moves on after (decision 172): the awaited one, unless it
   * runs in the background (`meta.background`: the applicant has gone elsewhere).
   */
  function pageAwaitsCheckOf(stored: PersistedProcess): BackOfficeCheck | undefined {
    const metas = metasOf(stored.definition, stored.value, stored.context);
    return metas.some((meta) => meta?.background === true) ? undefined : metas.find((meta) => meta?.awaits !== undefined)?.awaits;
  }

  /** Whether the process, where it rests, has a transition for this event (an overdue check may have none). */
  function acceptsEvent(stored: PersistedProcess, event: ProcessEvent): boolean {
    return machineOf(stored.definition).resolveState({ value: stored.value, context: stored.context }).can(event);
  }

  /** Feeds any process event (a submission, a check's answer); the task left behind joins the history. */
  function advanceProcessBy(stored: PersistedProcess, event: ProcessEvent, stepCount = 1): ProcessPosition {
    const machine = machineOf(stored.definition);
    const current = machine.resolveState({ value: stored.value, context: stored.context });
    if (!current.can(event)) {
      throw new ProcessStalledError(`Process ${stored.definition} has no transition from ${JSON.stringify(stored.value)} for the submitted data.`);
    }
    const [next] = transition(machine, current, event);
    const position = positionOf(stored.definition, next as unknown as SnapshotView, [...stored.history, { value: stored.value, stepCount }]);
    const { resume } = stored;
    if (!resume) return position;
    // A change from check answers: once the answers lead back to a task answered before, the
    // process goes straight back to the check-answers page; new questions are asked first.
    if (resume.visited.includes(position.taskKey) || position.taskKey === leafOf(resume.value)) {
      const back = machine.resolveState({ value: resume.value, context: next.context });
      return { ...positionOf(stored.definition, back as unknown as SnapshotView, resume.history), resumedStepCount: resume.stepCount };
    }
    return { ...position, state: { ...position.state, resume } };
  }

  /**
   * A change from the check-answers page (issue 11): the process goes back to `target`, a task of
   * the same person answered earlier, and remembers where to come back to. Refused (like Back) for
   * a task not answered in this part of the process, or once the process has ended.
   */
  function changeProcess(stored: PersistedProcess, target: string, stepCount: number): { position: ProcessPosition; stepCount: number } {
    const current = readProcess(stored);
    if (current.done) throw new ProcessReturnRefusedError(`Process ${stored.definition} has ended.`);
    const index = stored.history.findLastIndex(
      (visit) => leafOf(visit.value) === target && turnOf(metasOf(stored.definition, visit.value, stored.context)) === current.turn,
    );
    const visit = stored.history[index];
    if (!visit) throw new ProcessReturnRefusedError(`Process ${stored.definition} has no answered task ${target} to change.`);
    const snapshot = machineOf(stored.definition).resolveState({ value: visit.value, context: stored.context });
    const position = positionOf(stored.definition, snapshot as unknown as SnapshotView, stored.history.slice(0, index));
    const resume = {
      value: stored.value,
      stepCount,
      history: stored.history,
      visited: stored.history.slice(index + 1).map((later) => leafOf(later.value)),
    };
    return { position: { ...position, state: { ...position.state, resume } }, stepCount: visit.stepCount };
  }

  /** The tasks `role` answered, oldest first (each once, at its latest visit), for the check-answers page. */
  function answeredTasks(stored: PersistedProcess, role: StepRole): string[] {
    const tasks: string[] = [];
    for (const visit of stored.history) {
      if (turnOf(metasOf(stored.definition, visit.value, stored.context)) !== role) continue;
      const task = leafOf(visit.value);
      const at = tasks.indexOf(task);
      if (at >= 0) tasks.splice(at, 1);
      tasks.push(task);
    }
    return tasks;
  }

  /**
   * Back (issue 8): the process rests again where it rested before the current task, if that state
   * is `returnable` and the process has not ended. Answers the position and the step count the
   * previous task was shown at.
   */
  function returnProcess(stored: PersistedProcess): { position: ProcessPosition; stepCount: number } {
    const current = readProcess(stored);
    const last = stored.history[stored.history.length - 1];
    if (!last || current.previousTask === null) throw new ProcessReturnRefusedError(`Process ${stored.definition} cannot go back from here.`);
    const snapshot = machineOf(stored.definition).resolveState({ value: last.value, context: stored.context });
    return { position: positionOf(stored.definition, snapshot as unknown as SnapshotView, stored.history.slice(0, -1), stored.resume), stepCount: last.stepCount };
  }

  /**
   * The state value of a task, for seeding: `taskKey` names its first occurrence in the definition;
   * a state path (`coBorrower.submitAddress`) names a task of a sub-flow where the same task is
   * asked again (the co-borrower's part). Undefined when the definition has no such task.
   */
  function stateValueOf(definition: string, taskKey: string): StateValue | undefined {
    type Node = { key: string; states: Record<string, Node> };
    const root = machineOf(definition).root as unknown as Node;
    const valueOfPath = (path: readonly string[]) =>
      path.reduceRight<StateValue | undefined>((inner, key) => (inner === undefined ? key : { [key]: inner }), undefined);
    if (taskKey.includes('.')) {
      const path = taskKey.split('.');
      let node: Node | undefined = root;
      for (const key of path) node = node && Object.prototype.hasOwnProperty.call(node.states, key) ? node.states[key] : undefined;
      // Only a task (a leaf state) can be placed at.
      return node && Object.keys(node.states).length === 0 ? valueOfPath(path) : undefined;
    }
    const search = (node: Node): string[] | undefined => {
      for (const child of Object.values(node.states)) {
        if (Object.keys(child.states).length === 0) {
          if (child.key === taskKey) return [child.key];
          continue;
        }
        const below = search(child);
        if (below) return [child.key, ...below];
      }
      return undefined;
    };
    const path = search(root);
    return path ? valueOfPath(path) : undefined;
  }

  /** A process placed at `taskKey` with `previous` tasks behind it (test-mode seeding only). */
  function placeProcess(definition: string, input: ProcessInput, taskKey: string, previous: readonly string[] = []): ProcessPosition {
    const valueOf = (key: string) => {
      const value = stateValueOf(definition, key);
      if (value === undefined) throw new ProcessStateError(`Process ${definition} has no task ${key}.`);
      return value;
    };
    const [initial] = initialTransition(machineOf(definition), input);
    const snapshot = machineOf(definition).resolveState({ value: valueOf(taskKey), context: (initial as unknown as SnapshotView).context });
    const history = previous.map((key, index): Visit => ({ value: valueOf(key), stepCount: index + 1 }));
    return positionOf(definition, snapshot as unknown as SnapshotView, history);
  }

  return { startProcess, readProcess, advanceProcess, advanceProcessBy, awaitedCheckOf, pageAwaitsCheckOf, acceptsEvent, returnProcess, changeProcess, answeredTasks, stateValueOf, placeProcess };
}

/** The process cannot go back from where it is (the previous task is not returnable, or it ended). */
export class ProcessReturnRefusedError extends Error {
  override readonly name = 'ProcessReturnRefusedError';
}

export const { startProcess, readProcess, advanceProcess, advanceProcessBy, awaitedCheckOf, pageAwaitsCheckOf, acceptsEvent, returnProcess, changeProcess, answeredTasks, stateValueOf, placeProcess } =
  createProcessRunner(PROCESS_DEFINITIONS);
