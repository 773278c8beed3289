/**
 * Model-based tests of the application machine (issue 2, "Tests that must exist": unit).
 *
 * The paths are generated from the machine itself with `getShortestPaths` (xstate/graph): the
 * applicant's events, plus the outcomes of the invoked actors modelled as the done/error events the
 * machine receives from them, with the fake server's answers chosen per state. Each path is then
 * replayed against the real machine running with fake actors (each outcome settles the matching
 * pending call) on a `SimulatedClock`, and after every step the screen the applicant sees is
 * compared with what the path's events say it must be. That expectation comes from an independent
 * "applicant's view" of the events (section 4 rules), never from the snapshot under test.
 *
 * The replay also lets the draft's debounce elapse after every step (its saves are left pending) and
 * compares the draft writes the server received with the same view: a step visit writes its draft
 * once, only after the applicant typed on it and only to an application that exists; entering a
 * step, a restored draft, a finished step or a submission in flight write nothing.
 */
import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { applicationMachine, type ApplicationEvent, type ApplicationInput } from '../../machines/application/application.machine';
import { DRAFT_DEBOUNCE_MS, type SaveDraftActorInput } from '../../machines/draft/draft.machine';
import type { AppError, StepViewLoadResult, TaskResponse } from '../../machines/application/application.actors';
import { progressValue } from '../../core/domain/progress';
import { localeFromLanguageCode, type Locale } from '../../core/domain/languages';
import { loaded, settle, startApplication, submission, taskResponse, type ApplicationFakes, type RunningApplication } from './actor.fakes';

type Snapshot = ReturnType<RunningApplication['actor']['getSnapshot']>;

// ---------------------------------------------------------------------------------------------
// What the applicant sees
// ---------------------------------------------------------------------------------------------

type Screen =
  | { kind: 'loading' }
  | {
      kind: 'step';
      taskKey: string;
      progress: number;
      locale: Locale;
      values: Record<string, unknown> | null;
      /** The submit button shows it is busy. */
      submitting: boolean;
      /** Back was pressed and the previous step is being fetched. */
      returning: boolean;
      /** A change link was followed (check answers) and that step is being fetched. */
      changing: boolean;
      submitError: AppError | null;
      /** Back was pressed where it cannot go back: the notice says why. */
      backRefusal: 'sent' | 'locked' | null;
    }
  | { kind: 'thank-you'; progress: number; locale: Locale; backRefusal: 'sent' | 'locked' | null }
  | { kind: 'error'; errorKind: AppError['kind']; message: string }
  | { kind: 'redirect'; to: string };

/** The screen a view would render for a snapshot: the function under test of every path. */
function screenFor(snapshot: Snapshot): Screen {
  const { context } = snapshot;
  if (snapshot.matches({ step: 'finished' })) {
    return {
      kind: 'thank-you',
      progress: progressValue(context.stepCount, { domain: context.businessDomain }),
      locale: context.locale,
      backRefusal: context.backRefusal,
    };
  }
  if (snapshot.matches('step')) {
    return {
      kind: 'step',
      taskKey: context.taskKey ?? '',
      progress: progressValue(context.stepCount, { domain: context.businessDomain }),
      locale: context.locale,
      values: context.typed,
      submitting: snapshot.matches({ step: 'submitting' }) || (snapshot.matches({ step: 'creating' }) && context.queued !== null),
      returning: snapshot.matches({ step: 'returning' }),
      changing: snapshot.matches({ step: 'changing' }),
      submitError: context.submitError,
      backRefusal: context.backRefusal,
    };
  }
  if (snapshot.matches('failed')) {
    return { kind: 'error', errorKind: context.error?.kind ?? 'server', message: context.error?.message ?? '' };
  }
  if (snapshot.matches('redirecting')) return { kind: 'redirect', to: context.redirect?.to ?? '' };
  return { kind: 'loading' };
}

// ---------------------------------------------------------------------------------------------
// The fake server's answers (the choices a path makes)
// ---------------------------------------------------------------------------------------------

const TYPED = { firstName: 'Mari', email: 'mari@example.ee' };
const FALLBACK_URL = 'https://fallback.example/laen?redirected=true';
const FIELD_ERRORS = { 'personUpdates.0.email': ['validation.messages.email'] };

/** The process the fake server walks: task key -> the next task and its step count. */
const NEXT_TASK: Record<string, { taskKey: string; stepCount: number }> = {
  createApplicationStep: { taskKey: 'submitBackgroundData', stepCount: 2 },
  businessData: { taskKey: 'submitFinancialData', stepCount: 2 },
  submitBackgroundData: { taskKey: 'viewThankYouPage', stepCount: 3 },
  submitFinancialData: { taskKey: 'viewThankYouPage', stepCount: 3 },
};

/** The task before each one, where the fake server's process lets Back return to it. */
const PREVIOUS_TASK: Record<string, string> = { submitBackgroundData: 'createApplicationStep', submitFinancialData: 'businessData' };

/** Continue answers: the application was left on a later step (Russian applicant) or is finished. */
function continuedTask(externalId: string, where: 'mid-way' | 'finished'): TaskResponse {
  return where === 'mid-way'
    ? taskResponse({
        externalId,
        taskDefinitionKey: 'submitBackgroundData',
        stepCount: 2,
        version: 5,
        languageCode: 'rus',
        draft: { taskDefinitionKey: 'submitBackgroundData', version: 3, data: { employer: 'Solis AS' } },
        previousTaskDefinitionKey: 'createApplicationStep',
      })
    : taskResponse({ externalId, taskDefinitionKey: 'viewThankYouPage', stepCount: 3, version: 6, languageCode: 'lav' });
}

/** Back answers the previous task with what was answered on it. */
function returnedTask(externalId: string, taskKey: string, version: number, stepCount: number): TaskResponse {
  const previous = PREVIOUS_TASK[taskKey] ?? taskKey;
  return taskResponse({
    externalId,
    taskDefinitionKey: previous,
    stepCount: Math.max(1, stepCount - 1),
    version: version + 1,
    languageCode: 'lit',
    draft: { taskDefinitionKey: previous, version: 4, data: { answered: 'before' } },
  });
}

/** A change link answers the answered task with what was answered on it (issue 11). */
function changedTask(externalId: string, taskKey: string, version: number): TaskResponse {
  return taskResponse({
    externalId,
    taskDefinitionKey: taskKey,
    stepCount: 1,
    version: version + 1,
    languageCode: 'lit',
    draft: { taskDefinitionKey: taskKey, version: 2, data: { answered: 'earlier' } },
  });
}

/** The task a change link asks for. */
const CHANGED_TASK = 'createApplicationStep';

function createdTask(firstTask: string): TaskResponse {
  // An Estonian applicant person: the applicant's own interface language must still win.
  return taskResponse({ externalId: 'ext-created', taskDefinitionKey: firstTask, stepCount: 1, version: 1, languageCode: 'est' });
}

function submittedTask(externalId: string, taskKey: string, version: number): TaskResponse {
  const next = NEXT_TASK[taskKey] ?? { taskKey: 'viewThankYouPage', stepCount: 9 };
  return taskResponse({
    externalId,
    taskDefinitionKey: next.taskKey,
    stepCount: next.stepCount,
    version: version + 1,
    languageCode: 'lit',
    previousTaskDefinitionKey: PREVIOUS_TASK[next.taskKey] ?? null,
  });
}

const INVOKES = {
  lookup: '0.application.lookingUpPrevious',
  continue: '0.application.continuing',
  load: '0.application.loadingStep.view.loading',
  create: '0.application.step.creating',
  submit: '0.application.step.submitting',
  return: '0.application.step.returning.asking',
  change: '0.application.step.changing',
} as const;
type InvokeName = keyof typeof INVOKES;

const FAKE_OF: Record<InvokeName, keyof ApplicationFakes> = {
  lookup: 'findPreviousApplication',
  continue: 'continueApplication',
  load: 'loadStepView',
  create: 'createApplication',
  submit: 'submitStep',
  return: 'returnToTask',
  change: 'changeTask',
};

type OutcomeEvent =
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: AppError };
/** `xstate.init` starts every generated path. */
type ModelEvent = ApplicationEvent | OutcomeEvent | { type: 'xstate.init' };
/**
 * The step's draft write is answered while Back waits for it: in the walk, the draft actor's answer
 * (`draft.settled`); in the replay, the fake server answers the open write and the real draft actor says so.
 */
const DRAFT_WRITTEN = { type: 'draft.settled' } as const satisfies ApplicationEvent;

const done = (invoke: InvokeName, output: unknown): OutcomeEvent => ({ type: `xstate.done.actor.${INVOKES[invoke]}`, output });
const failure = (invoke: InvokeName, error: AppError): OutcomeEvent => ({ type: `xstate.error.actor.${INVOKES[invoke]}`, error });

function invokeOf(event: ModelEvent): InvokeName | null {
  const match = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
  if (!match) return null;
  const entry = Object.entries(INVOKES).find(([, id]) => id === match[1]);
  if (!entry) throw new Error(`Unknown invoke in ${event.type}`);
  return entry[0] as InvokeName;
}

const APPLICANT_EVENTS: ApplicationEvent[] = [
  { type: 'form.changed', data: TYPED },
  { type: 'step.submitted', submission: submission() },
  { type: 'history.back' },
  { type: 'step.change', taskKey: CHANGED_TASK },
  { type: 'page.hidden' },
  { type: 'application.reloaded' },
  { type: 'app.retried' },
];

/** The events possible in a state: what the applicant can do there, and how its pending call can end. */
function eventsIn(snapshot: Snapshot): ModelEvent[] {
  const { context } = snapshot;
  const applicant = APPLICANT_EVENTS.filter((event) => snapshot.can(event));
  const externalId = context.externalId ?? '';
  const taskKey = context.taskKey ?? '';
  const outcomes: Array<OutcomeEvent | typeof DRAFT_WRITTEN> = [];
  if (snapshot.matches('lookingUpPrevious')) {
    outcomes.push(done('lookup', 'ext-previous'), done('lookup', null), failure('lookup', { kind: 'network', message: 'offline' }));
  }
  if (snapshot.matches('continuing')) {
    // Continuing an application that was never created (a reload before it exists) finds nothing.
    if (externalId !== '') {
      outcomes.push(done('continue', continuedTask(externalId, 'mid-way')), done('continue', continuedTask(externalId, 'finished')));
    }
    outcomes.push(
      failure('continue', { kind: 'not-found', message: 'No such application' }),
      failure('continue', { kind: 'unauthorized', message: 'Not yours' }),
    );
  }
  if (snapshot.matches('loadingStep')) {
    outcomes.push(
      done('load', loaded({ terminal: TERMINAL_TASKS.has(taskKey) })),
      done('load', { outcome: 'route', path: `/${taskKey}` } satisfies StepViewLoadResult),
      done('load', { outcome: 'fallback', url: FALLBACK_URL } satisfies StepViewLoadResult),
      failure('load', { kind: 'step-not-found', taskKey, message: `Step with taskDefinitionKey "${taskKey}" not found.` }),
    );
  }
  if (snapshot.matches({ step: 'creating' })) {
    outcomes.push(done('create', createdTask(taskKey)), failure('create', { kind: 'network', message: 'offline' }));
  }
  if (snapshot.matches({ step: 'submitting' })) {
    outcomes.push(
      done('submit', submittedTask(externalId, taskKey, context.version)),
      failure('submit', { kind: 'validation', message: 'Check the fields', fieldErrors: FIELD_ERRORS }),
    );
  }
  // Back waits for the step's draft write to be answered before it asks the return (decision 231).
  if (snapshot.matches({ step: { returning: 'savingDraft' } })) outcomes.push(DRAFT_WRITTEN);
  if (snapshot.matches({ step: { returning: 'asking' } })) {
    outcomes.push(
      done('return', returnedTask(externalId, taskKey, context.version, context.stepCount)),
      failure('return', { kind: 'conflict', message: 'Changed in another window' }),
    );
  }
  if (snapshot.matches({ step: 'changing' })) {
    outcomes.push(
      done('change', changedTask(externalId, CHANGED_TASK, context.version)),
      failure('change', { kind: 'conflict', message: 'Changed in another window' }),
    );
  }
  return [...applicant, ...outcomes];
}

/** Only what a view can show distinguishes two states; the rest of the context is bookkeeping. */
function serializeState(snapshot: Snapshot): string {
  const { value, context } = snapshot;
  return JSON.stringify({
    value,
    taskKey: context.taskKey,
    stepCount: context.stepCount,
    created: context.externalId !== null,
    locale: context.locale,
    typed: context.typed,
    queued: context.queued !== null,
    submitError: context.submitError?.kind ?? null,
    error: context.error?.kind ?? null,
    redirect: context.redirect,
    previousTask: context.previousTask,
    backRefusal: context.backRefusal,
  });
}

// ---------------------------------------------------------------------------------------------
// The applicant's view of a path's events: the expectation, built without the machine
// ---------------------------------------------------------------------------------------------

const TERMINAL_TASKS = new Set(['viewThankYouPage']);
/** Section 4: 15 per step for the first five steps (no Latvian housing loan here). */
const EXPECTED_PROGRESS: Record<number, number> = { 1: 15, 2: 30, 3: 45 };

interface ApplicantView {
  where: 'loading' | 'step' | 'error' | 'redirect';
  /** What is being loaded or shown. */
  task: { key: string; stepCount: number } | null;
  locale: Locale;
  values: Record<string, unknown> | null;
  submitting: boolean;
  returning: boolean;
  changing: boolean;
  /** The application is being created (on the first change or a submit before it exists). */
  creating: boolean;
  submitError: AppError | null;
  error: AppError | null;
  redirectTo: string | null;
  /** The task Back may return to, as the server said. */
  previousTask: string | null;
  backRefusal: 'sent' | 'locked' | null;
  /** The application the applicant's data belongs to; null until one exists. */
  externalId: string | null;
  /** The version of the step's draft on the server (0: none yet). */
  draftVersion: number;
  /** The applicant changed something since this step was shown (a restored draft is not a change). */
  typedOnStep: boolean;
  /** This step visit's draft was written (the fake server never answers, so once at most). */
  draftWritten: boolean;
  /** The draft writes the server received, in order. */
  draftWrites: SaveDraftActorInput[];
}

function firstTaskFor(input: ApplicationInput): string {
  return input.firstTask;
}

function startView(input: ApplicationInput): ApplicantView {
  return {
    where: 'loading',
    task: null,
    locale: input.locale,
    values: null,
    submitting: false,
    returning: false,
    changing: false,
    creating: false,
    submitError: null,
    error: null,
    redirectTo: null,
    previousTask: null,
    backRefusal: null,
    externalId: input.start.externalId ?? null,
    draftVersion: 0,
    typedOnStep: false,
    draftWritten: false,
    draftWrites: [],
  };
}

/**
 * A task from the server is loaded next; only continue takes the language from the applicant person,
 * and only at app start: under a step already shown the applicant keeps the language she reads in
 * (decision 223).
 */
function loadTask(view: ApplicantView, task: TaskResponse, languageFromPerson: boolean): ApplicantView {
  const applicant = task.application.relatedPersons.persons.find((person) => person.role === 'APPLICANT');
  return {
    ...view,
    where: 'loading',
    task: { key: task.taskDefinitionKey, stepCount: task.stepCount },
    locale: (languageFromPerson && view.task === null ? localeFromLanguageCode(applicant?.languageCode) : undefined) ?? view.locale,
    values: task.draft?.taskDefinitionKey === task.taskDefinitionKey ? task.draft.data : null,
    submitting: false,
    returning: false,
    changing: false,
    creating: false,
    submitError: null,
    previousTask: task.previousTaskDefinitionKey ?? null,
    backRefusal: null,
    externalId: task.externalId,
    draftVersion: task.draft?.taskDefinitionKey === task.taskDefinitionKey ? task.draft.version : 0,
  };
}

/**
 * Once the debounce has elapsed: a step of an existing application, not finished and not being
 * submitted, where the applicant typed, has had its draft written (with what was typed last).
 */
function afterDebounce(view: ApplicantView): ApplicantView {
  const editable = view.where === 'step' && view.task !== null && !TERMINAL_TASKS.has(view.task.key) && !view.submitting && !view.returning;
  if (!editable || view.externalId === null || !view.typedOnStep || view.draftWritten) return view;
  const write: SaveDraftActorInput = {
    externalId: view.externalId,
    taskDefinitionKey: view.task?.key ?? '',
    version: view.draftVersion,
    data: view.values ?? {},
    keepalive: false,
  };
  return { ...view, draftWritten: true, draftWrites: [...view.draftWrites, write] };
}

function applyEvent(view: ApplicantView, event: ModelEvent, input: ApplicationInput): ApplicantView {
  const invoke = invokeOf(event);
  const output = 'output' in event ? event.output : undefined;
  const error = 'error' in event ? event.error : null;
  switch (invoke) {
    case 'lookup':
      // Found: its continue is loading; none or a failed lookup: a new application's first step.
      return output
        ? { ...view, externalId: output as string }
        : { ...view, task: { key: firstTaskFor(input), stepCount: 1 }, externalId: null, draftVersion: 0, previousTask: null };
    case 'continue':
      return error ? { ...view, where: 'error', error } : loadTask(view, output as TaskResponse, true);
    case 'load': {
      if (error) return { ...view, where: 'error', error };
      const result = output as StepViewLoadResult;
      if (result.outcome === 'route') return { ...view, where: 'redirect', redirectTo: result.path };
      if (result.outcome === 'fallback') return { ...view, where: 'redirect', redirectTo: result.url };
      // A new step visit: nothing typed on it yet.
      return { ...view, where: 'step', submitError: null, typedOnStep: false, draftWritten: false };
    }
    case 'create':
      // Nothing visible changes when the application is created; a submit waiting for it fails with its error.
      if (error && view.submitting) return { ...view, creating: false, submitting: false, submitError: error };
      return error ? { ...view, creating: false } : { ...view, creating: false, externalId: (output as TaskResponse).externalId, draftVersion: 0 };
    case 'submit':
      return error ? { ...view, submitting: false, submitError: error } : loadTask(view, output as TaskResponse, false);
    case 'return':
      return error ? { ...view, returning: false, submitError: error } : loadTask(view, output as TaskResponse, false);
    case 'change':
      return error ? { ...view, changing: false, submitError: error } : loadTask(view, output as TaskResponse, false);
    case null:
      break;
  }
  switch (event.type) {
    case 'form.changed':
      return { ...view, values: event.data, typedOnStep: true, creating: view.creating || view.externalId === null };
    case 'step.submitted':
      return { ...view, submitting: true, submitError: null, creating: view.creating || view.externalId === null };
    case 'history.back': {
      // Ignored while something once-only is under way (creating, submitting, already returning).
      if (view.where !== 'step' || view.submitting || view.returning || view.creating || view.changing) return view;
      const terminal = view.task !== null && TERMINAL_TASKS.has(view.task.key);
      if (terminal) return { ...view, backRefusal: 'sent' };
      if (view.previousTask !== null && view.externalId !== null) return { ...view, returning: true, backRefusal: null };
      return { ...view, backRefusal: 'locked' };
    }
    case 'step.change': {
      // Only from a step of an existing application at rest (not finished, nothing under way).
      const terminal = view.task !== null && TERMINAL_TASKS.has(view.task.key);
      const atRest = view.where === 'step' && !terminal && view.externalId !== null;
      if (!atRest || view.submitting || view.returning || view.creating || view.changing) return view;
      return { ...view, changing: true };
    }
    case 'draft.settled':
      // The write was answered: the step's draft has a new version and a later change writes again.
      return { ...view, draftVersion: view.draftVersion + 1, draftWritten: false };
    case 'application.reloaded':
      return { ...view, where: 'loading', submitting: false, returning: false, changing: false, creating: false, submitError: null, backRefusal: null };
    case 'app.retried':
      return { ...view, where: 'loading', creating: false, error: null };
    default:
      return view;
  }
}

function expectedScreen(view: ApplicantView): Screen {
  switch (view.where) {
    case 'loading':
      return { kind: 'loading' };
    case 'error':
      return { kind: 'error', errorKind: view.error?.kind ?? 'server', message: view.error?.message ?? '' };
    case 'redirect':
      return { kind: 'redirect', to: view.redirectTo ?? '' };
    case 'step': {
      const task = view.task ?? { key: '', stepCount: 0 };
      const progress = EXPECTED_PROGRESS[task.stepCount] ?? -1;
      if (TERMINAL_TASKS.has(task.key)) return { kind: 'thank-you', progress, locale: view.locale, backRefusal: view.backRefusal };
      return {
        kind: 'step',
        taskKey: task.key,
        progress,
        locale: view.locale,
        values: view.values,
        submitting: view.submitting,
        returning: view.returning,
        changing: view.changing,
        submitError: view.submitError,
        backRefusal: view.backRefusal,
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Replaying a path against the real machine
// ---------------------------------------------------------------------------------------------

async function replay(input: ApplicationInput, steps: Array<{ event: ModelEvent; state: Snapshot }>): Promise<void> {
  const run = startApplication(input);
  let view = startView(input);
  for (const [index, { event, state }] of steps.entries()) {
    const at = `step ${index} (${event.type})`;
    if (event.type !== 'xstate.init') {
      const invoke = invokeOf(event);
      if (invoke) {
        const open = run.fakes[FAKE_OF[invoke]].open();
        expect(open, `${at}: exactly one ${invoke} call is waiting`).toHaveLength(1);
        const [call] = open;
        if (invoke === 'load') expect((call?.input as { taskKey: string }).taskKey, at).toBe(view.task?.key);
        // A submission carries what was typed as the step's draft (Back to it shows the answers).
        if (invoke === 'submit') expect((call?.input as { submission: { draft?: unknown } }).submission.draft, at).toEqual(view.values ?? undefined);
        if (invoke === 'return') expect(call?.input, at).toEqual({ externalId: view.externalId, taskDefinitionKey: view.task?.key, version: expect.any(Number) });
        if (invoke === 'change') {
          expect(call?.input, at).toEqual({ externalId: view.externalId, taskDefinitionKey: CHANGED_TASK, fromTaskDefinitionKey: view.task?.key, version: expect.any(Number) });
        }
        if ('error' in event) call?.reject(event.error);
        else if ('output' in event) call?.resolve(event.output as never);
      } else if (event.type === 'draft.settled') {
        const open = run.fakes.saveDraft.open();
        expect(open, `${at}: the draft write Back waits for is open`).toHaveLength(1);
        open[0]?.resolve({ version: view.draftVersion + 1 });
      } else {
        run.actor.send(event as ApplicationEvent);
      }
      await settle();
      view = applyEvent(view, event, input);
    }
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.value, `${at}: the machine agrees with the model`).toEqual(state.value);
    expect(screenFor(snapshot), `${at}: what the applicant sees`).toEqual(expectedScreen(view));

    // The applicant pauses: the draft's debounce elapses (timers only; no model event waits on it).
    run.clock.increment(DRAFT_DEBOUNCE_MS);
    await settle();
    view = afterDebounce(view);
    expect(run.fakes.saveDraft.calls.map((call) => call.input), `${at}: the draft writes the server received`).toEqual(view.draftWrites);
    expect(run.actor.getSnapshot().value, `${at}: the pause changes no state`).toEqual(state.value);
  }
  // Nothing the model did not ask for is left running: at most one create or submit, and at most
  // the current step's own draft save (which the fake server never answers).
  expect(run.fakes.submitStep.open().length + run.fakes.createApplication.open().length).toBeLessThanOrEqual(1);
  expect(run.fakes.saveDraft.open().length).toBeLessThanOrEqual(1);
  run.actor.stop();
}

const SCENARIOS: Array<{ name: string; input: ApplicationInput; minPaths: number }> = [
  // Product initialisation is walked by its own tests (application.machine.test.ts): here it is off.
  { name: 'retail, opened at /', input: { businessDomain: 'retail-banking-ee', start: {}, locale: 'et', firstTask: 'createApplicationStep', initialiseProducts: false }, minPaths: 20 },
  { name: 'corporate, opened at /', input: { businessDomain: 'corporate-banking', start: {}, locale: 'en', firstTask: 'businessData', initialiseProducts: false }, minPaths: 20 },
  {
    name: 'retail, opened with ?externalId',
    input: { businessDomain: 'retail-banking-lv', start: { externalId: 'ext-link' }, locale: 'lv', firstTask: 'createApplicationStep', initialiseProducts: false },
    minPaths: 10,
  },
];

function pathsFor(input: ApplicationInput) {
  return getShortestPaths(applicationMachine, {
    input,
    events: (snapshot) => eventsIn(snapshot) as unknown as ApplicationEvent[],
    serializeState: (snapshot) => serializeState(snapshot),
    limit: 5000,
  });
}

describe('application machine: model-based paths', () => {
  let total = 0;
  for (const scenario of SCENARIOS) {
    const paths = pathsFor(scenario.input);
    total += paths.length;

    describe(`${scenario.name}: ${paths.length} paths`, () => {
      it(`the graph has at least ${scenario.minPaths} paths and reaches every kind of screen`, () => {
        expect(paths.length).toBeGreaterThanOrEqual(scenario.minPaths);
        const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
        for (const value of ['"failed"', '"redirecting"', '{"loadingStep":{"view":"loading","products":"ready"}}', '{"step":"finished"}', '{"step":"submitting"}', '{"step":{"returning":"savingDraft"}}', '{"step":{"returning":"asking"}}', '{"step":"changing"}']) {
          expect(reached, value).toContain(value);
        }
      });

      for (const path of paths) {
        const events = path.steps.slice(1).map((step) => step.event.type.replace(/^xstate\.(done|error)\.actor\.0\.application\./, '$1:'));
        it(`${events.join(' > ') || '(start)'} → ${JSON.stringify(path.state.value)}`, async () => {
          await replay(scenario.input, path.steps as unknown as Array<{ event: ModelEvent; state: Snapshot }>);
        });
      }
    });
  }

  it('generates more than 10 paths in all', () => {
    console.info(`application model: ${total} paths`);
    expect(total).toBeGreaterThan(10);
  });
});
