/**
 * Model-based tests of the draft machine: paths generated with `getShortestPaths` over the
 * applicant's edits, flushes and settles (Back waits for the write), the debounce and retry timers and the save outcomes (modelled as
 * the events the machine receives), replayed against the real machine under a parent with a fake
 * `saveDraft` on a `SimulatedClock`. After every step the requests the server received and what the
 * parent was told are compared with an independent account of the rules (issue 2: debounced saves,
 * flush with keepalive on leaving, versioned, retried with backoff up to 3 attempts, a conflict
 * stops writing; each save tells the parent the data it stored). Two starts are walked: a step of
 * an existing application, and the first step before the application exists, where changes are only
 * remembered until `draft.attached` names the created application.
 */
import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { createEmptyActor, type AnyActorRef, type AnyActorScope, type SnapshotFrom } from 'xstate';
import {
  DRAFT_DEBOUNCE_MS,
  draftMachine,
  type DraftEvent,
  type DraftInput,
  type DraftParentEvent,
  type SaveDraftActorInput,
} from '../../machines/draft/draft.machine';
import type { AppError } from '../../machines/application/application.actors';
import { settle, startDraft } from './actor.fakes';

type Snapshot = SnapshotFrom<typeof draftMachine>;
type ModelEvent =
  | DraftEvent
  | { type: 'xstate.init' }
  | { type: 'xstate.after.debounce.draft.waiting' }
  | { type: 'xstate.after.retryBackoff.draft.retrying' }
  | { type: 'xstate.done.actor.0.draft.saving'; output: { version: number } }
  | { type: 'xstate.error.actor.0.draft.saving'; error: AppError };

const INPUT: DraftInput = { externalId: 'ext-1', taskDefinitionKey: 'createApplicationStep', version: 0 };
/** The first step before the application exists (the parent creates it on the first change). */
const UNATTACHED_INPUT: DraftInput = { externalId: '', taskDefinitionKey: 'createApplicationStep', version: 0 };
const ATTACHED: Extract<DraftEvent, { type: 'draft.attached' }> = { type: 'draft.attached', externalId: 'ext-created', version: 0 };
const NETWORK: AppError = { kind: 'network', message: 'offline' };
const CONFLICT: AppError = { kind: 'conflict', message: 'saved elsewhere' };
/** Keeps the graph finite: saves stop succeeding at this version. */
const MAX_VERSION = 2;

function eventsIn(snapshot: Snapshot): ModelEvent[] {
  // Fresh data objects each time, as a form sends them.
  const events: ModelEvent[] = [
    { type: 'draft.changed', data: { text: 'A' } },
    { type: 'draft.changed', data: { text: 'B' } },
    { type: 'draft.flush' },
    { type: 'draft.settle' },
  ];
  // The parent attaches once, when the application it creates exists.
  if (snapshot.context.externalId === '') events.push(ATTACHED);
  if (snapshot.matches('waiting')) events.push({ type: 'xstate.after.debounce.draft.waiting' });
  if (snapshot.matches('retrying')) events.push({ type: 'xstate.after.retryBackoff.draft.retrying' });
  if (snapshot.matches('saving')) {
    if (snapshot.context.version < MAX_VERSION) {
      events.push({ type: 'xstate.done.actor.0.draft.saving', output: { version: snapshot.context.version + 1 } });
    }
    events.push({ type: 'xstate.error.actor.0.draft.saving', error: NETWORK }, { type: 'xstate.error.actor.0.draft.saving', error: CONFLICT });
  }
  return events;
}

function serializeState(snapshot: Snapshot): string {
  const { value, context } = snapshot;
  return JSON.stringify({
    value,
    externalId: context.externalId,
    pending: context.pending,
    changedWhileSaving: context.pending !== context.inFlight,
    inFlight: context.inFlight,
    version: context.version,
    attempts: context.attempts,
    keepalive: context.keepalive,
    settling: context.settling,
  });
}

// ---------------------------------------------------------------------------------------------
// The rules, told from outside: what the server receives and what the parent hears
// ---------------------------------------------------------------------------------------------

interface Expectation {
  /** What the saver is doing: nothing, waiting for a pause or a retry, saving, or stopped for good. */
  activity: 'idle' | 'debouncing' | 'saving' | 'backing-off' | 'stopped';
  /** The application the saves go to; null until it exists. */
  externalId: string | null;
  unsaved: Record<string, unknown> | null;
  /** A change arrived after the save under way started. */
  changedSinceSaveStarted: boolean;
  version: number;
  failedAttempts: number;
  keepalive: boolean;
  /** The parent waits to hear that nothing is left to write (Back, decision 231). */
  settling: boolean;
  saves: Array<Omit<SaveDraftActorInput, 'taskDefinitionKey'>>;
  toParent: DraftParentEvent[];
}

function initial(input: DraftInput): Expectation {
  return {
    activity: 'idle',
    externalId: input.externalId === '' ? null : input.externalId,
    unsaved: null,
    changedSinceSaveStarted: false,
    version: input.version,
    failedAttempts: 0,
    keepalive: false,
    settling: false,
    saves: [],
    toParent: [],
  };
}

function startSave(e: Expectation, keepalive: boolean): Expectation {
  const keep = e.keepalive || keepalive;
  const save = { externalId: e.externalId ?? '', version: e.version, data: e.unsaved ?? {}, keepalive: keep };
  return { ...e, activity: 'saving', keepalive: keep, changedSinceSaveStarted: false, saves: [...e.saves, save] };
}

/** The retry delay doubles with each failed attempt, starting at twice the debounce. */
function backoffAfter(failedAttempts: number): number {
  return DRAFT_DEBOUNCE_MS * 2 ** failedAttempts;
}

function expectAfter(e: Expectation, event: ModelEvent): Expectation {
  if (e.activity === 'stopped') return e;
  switch (event.type) {
    case 'xstate.init':
      return e;
    case 'draft.changed':
      if (e.activity === 'idle') return { ...e, activity: 'debouncing', unsaved: event.data };
      return { ...e, unsaved: event.data, changedSinceSaveStarted: e.activity === 'saving' ? true : e.changedSinceSaveStarted };
    case 'draft.flush':
      if (e.activity === 'saving') return { ...e, keepalive: true };
      // Nothing to save, or nowhere to save it yet: the change stays remembered.
      if (e.externalId === null || (e.activity === 'idle' && e.unsaved === null)) return e;
      return startSave(e, true);
    case 'draft.settle':
      if (e.activity === 'saving') return { ...e, settling: true };
      if (e.activity === 'backing-off') return { ...startSave(e, false), settling: true };
      // Nothing to save, or nowhere to save it yet: the parent may go on at once.
      if (e.externalId === null || (e.activity === 'idle' && e.unsaved === null)) return settled(e);
      return { ...startSave(e, false), settling: true };
    case 'draft.attached': {
      const attached = { ...e, externalId: event.externalId, version: event.version };
      // Remembered changes are saved once the applicant pauses; a debounce under way goes on.
      return e.activity === 'idle' && e.unsaved !== null ? { ...attached, activity: 'debouncing' } : attached;
    }
    case 'xstate.after.debounce.draft.waiting':
      return e.externalId === null ? { ...e, activity: 'idle' } : startSave(e, false);
    case 'xstate.after.retryBackoff.draft.retrying':
      return startSave(e, false);
    case 'xstate.done.actor.0.draft.saving': {
      const version = event.output.version;
      // The parent learns the data of the save that ended, not what was typed since.
      const stored = e.saves.at(-1)?.data ?? {};
      const next = { ...e, version, failedAttempts: 0, keepalive: false, toParent: [...e.toParent, { type: 'draft.saved' as const, version, data: stored }] };
      // A waiting parent needs what was typed meanwhile saved now, not after the debounce.
      if (e.changedSinceSaveStarted) return e.settling ? startSave(next, false) : { ...next, activity: 'debouncing' };
      return settledIfWaiting({ ...next, activity: 'idle', unsaved: null });
    }
    case 'xstate.error.actor.0.draft.saving': {
      if (event.error.kind === 'conflict') return settledIfWaiting({ ...e, activity: 'stopped', toParent: [...e.toParent, { type: 'draft.conflicted' }] });
      const failedAttempts = e.failedAttempts + 1;
      if (failedAttempts < 3) return { ...e, activity: 'backing-off', failedAttempts };
      // Given up quietly; what was typed is kept for the next change or flush.
      return settledIfWaiting({ ...e, activity: 'idle', failedAttempts: 0, toParent: [...e.toParent, { type: 'draft.failed', error: event.error }] });
    }
  }
}

function settled(e: Expectation): Expectation {
  return { ...e, settling: false, toParent: [...e.toParent, { type: 'draft.settled' }] };
}

/** Saving has ended, written or not: a parent waiting for it hears so once. */
function settledIfWaiting(e: Expectation): Expectation {
  return e.settling ? settled(e) : e;
}

// ---------------------------------------------------------------------------------------------

async function replay(input: DraftInput, steps: Array<{ event: ModelEvent; state: Snapshot }>): Promise<void> {
  const run = startDraft(input);
  let expected = initial(input);
  for (const [index, { event, state }] of steps.entries()) {
    const at = `step ${index} (${event.type})`;
    if (event.type === 'draft.changed') {
      run.draft.send({ type: 'draft.changed', data: { ...event.data } });
    } else if (event.type === 'draft.flush' || event.type === 'draft.settle' || event.type === 'draft.attached') {
      run.draft.send(event);
    } else if (event.type.startsWith('xstate.after.')) {
      const delay = event.type.includes('retryBackoff') ? backoffAfter(expected.failedAttempts) : DRAFT_DEBOUNCE_MS;
      const before = run.saveDraft.calls.length;
      run.clock.increment(delay - 1);
      await settle();
      expect(run.saveDraft.calls, `${at}: nothing is saved before ${delay} ms`).toHaveLength(before);
      run.clock.increment(1);
    } else if (event.type !== 'xstate.init') {
      const open = run.saveDraft.open();
      expect(open, `${at}: one save is waiting`).toHaveLength(1);
      if ('error' in event) open[0]?.reject(event.error);
      else if ('output' in event) open[0]?.resolve(event.output);
    }
    await settle();
    expected = expectAfter(expected, event);

    const snapshot = run.draft.getSnapshot() as Snapshot;
    expect(snapshot.value, `${at}: the machine agrees with the model`).toEqual(state.value);
    expect(
      run.saveDraft.calls.map(({ input: save }) => ({ externalId: save.externalId, version: save.version, data: save.data, keepalive: save.keepalive })),
      `${at}: the saves the server received`,
    ).toEqual(expected.saves);
    expect(run.toParent, `${at}: what the parent was told`).toEqual(expected.toParent);
    expect(snapshot.status === 'done', `${at}: stopped for good`).toBe(expected.activity === 'stopped');
  }
  run.host.stop();
}

/**
 * The graph is walked with the machine's pure `transition`, outside any actor system; the draft
 * machine talks to its parent (`sendParent`), so the walk gives it a silent stand-in parent.
 */
const silentParent = createEmptyActor();
function withParent(scope: AnyActorScope): AnyActorScope {
  return { ...scope, self: Object.assign(Object.create(scope.self) as AnyActorRef, { _parent: silentParent }) };
}
const traversableDraftMachine: typeof draftMachine = Object.create(draftMachine, {
  transition: { value: (snapshot: Snapshot, event: DraftEvent, scope: AnyActorScope) => draftMachine.transition(snapshot, event, withParent(scope)) },
  getInitialSnapshot: { value: (scope: AnyActorScope, input: DraftInput) => draftMachine.getInitialSnapshot(withParent(scope), input) },
});

const SCENARIOS: Array<{ name: string; input: DraftInput; minPaths: number }> = [
  { name: 'a step of an existing application', input: INPUT, minPaths: 20 },
  { name: 'the first step, before the application exists', input: UNATTACHED_INPUT, minPaths: 20 },
];

describe('draft machine: model-based paths', () => {
  let total = 0;
  for (const scenario of SCENARIOS) {
    const paths = getShortestPaths(traversableDraftMachine, {
      input: scenario.input,
      events: (snapshot) => eventsIn(snapshot) as unknown as DraftEvent[],
      serializeState: (snapshot) => serializeState(snapshot),
      limit: 5000,
    });
    total += paths.length;

    describe(`${scenario.name}: ${paths.length} paths`, () => {
      it(`the graph has more than ${scenario.minPaths} paths and reaches every state`, () => {
        expect(paths.length).toBeGreaterThan(scenario.minPaths);
        const reached = new Set(paths.map((path) => path.state.value));
        expect([...reached].sort()).toEqual(['conflicted', 'idle', 'retrying', 'saving', 'waiting']);
      });

      for (const path of paths) {
        const title = path.steps
          .slice(1)
          .map((step) => describeEvent(step.event as unknown as ModelEvent))
          .join(' > ');
        it(`${title || '(start)'} → ${String(path.state.value)}`, async () => {
          await replay(scenario.input, path.steps as unknown as Array<{ event: ModelEvent; state: Snapshot }>);
        });
      }
    });
  }

  it('generates more than 40 paths in all', () => {
    console.info(`draft model: ${total} paths`);
    expect(total).toBeGreaterThan(40);
  });
});

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case 'xstate.init':
      return 'start';
    case 'draft.changed':
      return `changed(${String(event.data.text)})`;
    case 'draft.flush':
      return 'flush';
    case 'draft.settle':
      return 'settle';
    case 'draft.attached':
      return 'attached';
    case 'xstate.after.debounce.draft.waiting':
      return 'debounce elapsed';
    case 'xstate.after.retryBackoff.draft.retrying':
      return 'backoff elapsed';
    case 'xstate.done.actor.0.draft.saving':
      return `saved(v${event.output.version})`;
    case 'xstate.error.actor.0.draft.saving':
      return `failed(${event.error.kind})`;
  }
}
