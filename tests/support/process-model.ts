/**
 * The process definitions as models (issue 22): every state a process can reach from its start,
 * found by feeding each task the events a bank's application could send there (a step submitted
 * with every answer alone and every pair of answers, a back-office check answered or overdue), never by
 * reading the definition's text. Tests prove from it that every task is reachable from the start of
 * some process and that every task that does not end the process has a way on.
 */
import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type StateValue } from 'xstate';
import { BACK_OFFICE_CHECKS } from '../../core/domain/back-office-checks';
import type { BusinessDomain } from '../../core/domain/business-domains';
import { SIGNING_CHOICES } from '../../core/domain/contracts';
import { DECISION_OUTCOMES } from '../../core/domain/decisions';
import type { ApplicationFacts } from '../../server/process/application-facts';
import type { ProcessEvent, TaskStateMeta } from '../../server/process/process-setup';
import { leafOf } from '../../server/process/state-value';
import { baseFacts } from '../../server/process/process-paths';

/** The facts of nothing in particular: an identified applicant alone, nothing decided or chosen yet. */
export function neutralFacts(productName: string): ApplicationFacts {
  return { ...baseFacts(productName), decision: null, offerAnswer: null, signingChoice: null };
}

/** One answer: a change of the facts, and its group (two answers of one group never come together). */
interface Change {
  group: string;
  apply: (facts: ApplicationFacts) => ApplicationFacts;
}

/**
 * One change of the facts per answer a bank's application can give: every yes/no fact turned round
 * (new ones included, found by their type), each decision outcome, offer answer and way to sign, an
 * employee, income to show, a co-borrower, the flags the processes read, and another product.
 */
export function factChanges(base: ApplicationFacts, options: { flags: readonly string[]; products: readonly string[] }): Change[] {
  const changes: Change[] = [];
  for (const [key, value] of Object.entries(base)) {
    if (typeof value === 'boolean') changes.push({ group: key, apply: (facts) => ({ ...facts, [key]: !value }) });
  }
  for (const outcome of DECISION_OUTCOMES) changes.push({ group: 'decision', apply: (facts) => ({ ...facts, decision: outcome }) });
  for (const answer of ['ACCEPTED', 'DECLINED'] as const) changes.push({ group: 'offerAnswer', apply: (facts) => ({ ...facts, offerAnswer: answer }) });
  for (const choice of SIGNING_CHOICES) changes.push({ group: 'signingChoice', apply: (facts) => ({ ...facts, signingChoice: choice }) });
  for (const role of ['APPLICANT', 'COBORROWER'] as const) {
    changes.push({ group: `employment ${role}`, apply: (facts) => ({ ...facts, employmentTypes: { ...facts.employmentTypes, [role]: 'PRIVATE_SECTOR' } }) });
    changes.push({ group: `income ${role}`, apply: (facts) => ({ ...facts, incomeEvidence: { ...facts.incomeEvidence, [role]: true } }) });
  }
  changes.push({ group: 'personRoles', apply: (facts) => ({ ...facts, personRoles: [...facts.personRoles, 'COBORROWER'] }) });
  for (const flag of options.flags) changes.push({ group: `flag ${flag}`, apply: (facts) => ({ ...facts, featureFlags: [...facts.featureFlags, flag].sort() }) });
  for (const product of options.products) {
    if (product !== base.productName) changes.push({ group: 'product', apply: (facts) => ({ ...facts, productName: product }) });
  }
  return changes;
}

/** The base facts, each change alone, and every pair of changes of two groups (a guard combines at most two answers). */
export function factVariants(base: ApplicationFacts, options: { flags: readonly string[]; products: readonly string[] }): ApplicationFacts[] {
  const changes = factChanges(base, options);
  const variants = [base, ...changes.map((change) => change.apply(base))];
  for (let i = 0; i < changes.length; i++) {
    for (let j = i + 1; j < changes.length; j++) {
      if (changes[i]!.group !== changes[j]!.group) variants.push(changes[j]!.apply(changes[i]!.apply(base)));
    }
  }
  return variants;
}

export interface ModelState {
  /** The state's path in the definition (`statementAnalysis.viewProcessingTakesTime`). */
  path: string;
  taskKey: string;
  final: boolean;
  /** The back-office check the task waits for, if any. */
  awaits: string | undefined;
  /** The check runs while nobody watches this page (the applicant went back to the shop: decision 172). */
  background: boolean;
  /** The paths of the states one event leads to from here (itself excluded). */
  next: Set<string>;
  /** Of those, the ones a step's submission leads to (a waiting task has none: only its check moves it). */
  bySubmission: Set<string>;
}

function pathOf(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value)[0] ?? [];
  return key === undefined || inner === undefined ? '' : `${key}.${pathOf(inner)}`;
}

/**
 * Every state the process reaches from its start for these products, breadth first: each state is
 * fed the submission of its own task with every fact variant, and the answers of the check it
 * waits for; states are told apart by their path and the product in the context.
 */
export function exploreProcess(
  machine: AnyStateMachine,
  input: { businessDomain: BusinessDomain; productName: string },
  options: { products: readonly string[]; flags: readonly string[] },
): Map<string, ModelState> {
  const variants = factVariants(neutralFacts(input.productName), options);
  const states = new Map<string, ModelState>();
  const [start] = initialTransition(machine, input);
  // Guards read the event's facts, which every state is fed in every variant: the path tells states apart.
  const keyOf = (snapshot: AnyMachineSnapshot) => pathOf(snapshot.value);
  const queue: AnyMachineSnapshot[] = [start];
  const seen = new Set([keyOf(start)]);
  while (queue.length > 0) {
    const snapshot = queue.shift()!;
    const path = pathOf(snapshot.value);
    const metas = Object.values(snapshot.getMeta() as Record<string, TaskStateMeta | undefined>);
    const awaits = metas.find((meta) => meta?.awaits)?.awaits;
    const background = metas.some((meta) => meta?.background === true);
    const state = states.get(path) ?? { path, taskKey: leafOf(snapshot.value), final: snapshot.status === 'done', awaits, background, next: new Set<string>(), bySubmission: new Set<string>() };
    states.set(path, state);
    if (snapshot.status === 'done') continue;
    const events: ProcessEvent[] = variants.flatMap((facts): ProcessEvent[] => [
      { type: 'step.submitted', taskDefinitionKey: state.taskKey as never, facts },
      ...(awaits ? BACK_OFFICE_CHECKS.filter((check) => check === awaits).flatMap((check) => [
        { type: 'check.completed' as const, check, facts },
        { type: 'check.overdue' as const, check, facts },
      ]) : []),
    ]);
    for (const event of events) {
      const next: AnyMachineSnapshot = transition(machine, snapshot, event)[0];
      if (next === snapshot) continue;
      const nextPath = pathOf(next.value);
      if (nextPath !== path) state.next.add(nextPath);
      if (nextPath !== path && event.type === 'step.submitted') state.bySubmission.add(nextPath);
      const key = keyOf(next);
      if (!seen.has(key)) {
        seen.add(key);
        queue.push(next);
      }
    }
  }
  return states;
}
