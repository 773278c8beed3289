/**
 * Fakes for the machines' provided actors. Each fake records its calls and leaves them pending, so a
 * test decides when and how every request ends (resolve, reject, or never), and delays run on a
 * `SimulatedClock`: no real time, no network.
 */
import { SimulatedClock, createActor, fromPromise, setup, type Actor } from 'xstate';
import { applicationMachine, type ApplicationInput } from '../../machines/application/application.machine';
import type {
  ChangeTaskInput,
  AppError,
  ContinueApplicationInput,
  FindPreviousApplicationInput,
  CreateApplicationInput,
  LoadProductsInput,
  LoadProductsOutput,
  LoadStepInput,
  StepLogicInput,
  ReturnToTaskInput,
  StepLogic,
  StepViewLoadResult,
  SubmitStepInput,
  TaskResponse,
} from '../../machines/application/application.actors';
import { draftMachine, type DraftInput, type DraftParentEvent, type SaveDraftActorInput } from '../../machines/draft/draft.machine';
import { type CurrentTask, type CurrentTaskInput } from '../../machines/task-poll/task-poll.machine';
import type { BusinessDomain } from '../../core/domain/business-domains';

export interface PendingCall<TInput, TOutput> {
  readonly input: TInput;
  readonly signal: AbortSignal;
  resolve(output: TOutput): void;
  reject(error: unknown): void;
}

export interface Controllable<TOutput, TInput> {
  readonly logic: ReturnType<typeof fromPromise<TOutput, TInput>>;
  readonly calls: PendingCall<TInput, TOutput>[];
  /** The newest call; fails the test when there is none. */
  last(): PendingCall<TInput, TOutput>;
  /** Calls neither settled nor aborted by the machine leaving the invoking state. */
  open(): PendingCall<TInput, TOutput>[];
}

/** A promise actor whose every call waits until the test settles it. */
export function controllable<TOutput, TInput>(): Controllable<TOutput, TInput> {
  const calls: PendingCall<TInput, TOutput>[] = [];
  const settled = new WeakSet<PendingCall<TInput, TOutput>>();
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        const call: PendingCall<TInput, TOutput> = {
          input,
          signal,
          resolve: (output) => {
            settled.add(call);
            resolve(output);
          },
          reject: (error) => {
            settled.add(call);
            reject(error);
          },
        };
        calls.push(call);
      }),
  );
  return {
    logic,
    calls,
    last() {
      const call = calls[calls.length - 1];
      if (!call) throw new Error('Expected the actor to have been called');
      return call;
    },
    open: () => calls.filter((call) => !settled.has(call) && !call.signal.aborted),
  };
}

/** Lets promise callbacks and the events they send run to completion. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

export function appError<K extends AppError['kind']>(kind: K, extra: Partial<Extract<AppError, { kind: K }>> = {}): AppError {
  return { kind, message: `${kind} failure`, ...extra } as AppError;
}

export interface TaskOptions {
  externalId?: string;
  taskDefinitionKey?: string;
  version?: number;
  stepCount?: number;
  languageCode?: string | null;
  businessDomain?: BusinessDomain;
  draft?: TaskResponse['draft'];
  previousTaskDefinitionKey?: string | null;
}

/** A `TaskResponse` as the API returns it, with an applicant person. */
export function taskResponse(options: TaskOptions = {}): TaskResponse {
  const externalId = options.externalId ?? 'ext-1';
  return {
    externalId,
    taskDefinitionKey: options.taskDefinitionKey ?? 'createApplicationStep',
    version: options.version ?? 1,
    stepCount: options.stepCount ?? 1,
    draft: options.draft ?? null,
    previousTaskDefinitionKey: options.previousTaskDefinitionKey ?? null,
    application: {
      externalId,
      businessDomain: options.businessDomain ?? 'retail-banking-ee',
      currency: 'EUR',
      creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 },
      relatedPersons: {
        persons: [
          { id: 'p-1', role: 'APPLICANT', languageCode: options.languageCode === undefined ? 'est' : options.languageCode },
        ],
        relations: [],
      },
    },
  };
}

export function submission(taskDefinitionKey = 'createApplicationStep') {
  return {
    taskDefinitionKey,
    application: { applicationUpdates: { loanAmount: 3000 }, personUpdates: [], addRelations: [], customData: {} },
    variables: {},
  };
}

export interface ApplicationFakes {
  findPreviousApplication: Controllable<string | null, FindPreviousApplicationInput>;
  continueApplication: Controllable<TaskResponse, ContinueApplicationInput>;
  createApplication: Controllable<TaskResponse, CreateApplicationInput>;
  loadStepView: Controllable<StepViewLoadResult, LoadStepInput>;
  submitStep: Controllable<TaskResponse, SubmitStepInput>;
  returnToTask: Controllable<TaskResponse, ReturnToTaskInput>;
  changeTask: Controllable<TaskResponse, ChangeTaskInput>;
  saveDraft: Controllable<{ version: number }, SaveDraftActorInput>;
  loadProducts: Controllable<LoadProductsOutput, LoadProductsInput>;
  /** The task poll's look, while a task waits for the bank (decision 172). */
  currentTask: Controllable<CurrentTask, CurrentTaskInput>;
}

/** A step screen loaded: an ordinary data step unless told otherwise. */
export function loaded(
  options: { terminal?: boolean; logic?: StepLogic | null; variant?: string; opensCalculator?: boolean; resubmitsOnForward?: boolean } = {},
): StepViewLoadResult {
  return {
    outcome: 'loaded',
    variant: options.variant ?? 'default',
    terminal: options.terminal ?? false,
    logic: options.logic ?? null,
    calculator: { opensOnStart: options.opensCalculator ?? false, amountEditable: true },
    ...(options.resubmitsOnForward ? { resubmitsOnForward: true } : {}),
  };
}

export function applicationFakes(): ApplicationFakes {
  return {
    findPreviousApplication: controllable(),
    continueApplication: controllable(),
    createApplication: controllable(),
    loadStepView: controllable(),
    submitStep: controllable(),
    returnToTask: controllable(),
    changeTask: controllable(),
    saveDraft: controllable(),
    loadProducts: controllable(),
    currentTask: controllable(),
  };
}

/** The application machine's actors the app provides (besides the draft's), each faked. */
export type ProvidedActor =
  | 'findPreviousApplication'
  | 'continueApplication'
  | 'createApplication'
  | 'loadStepView'
  | 'submitStep'
  | 'returnToTask'
  | 'changeTask'
  | 'loadProducts';

/** The machine with the fakes' actors, all of them or every one except `without` (an app that forgot one). */
export function provideApplication(fakes: ApplicationFakes, without?: ProvidedActor) {
  const actors = {
    findPreviousApplication: fakes.findPreviousApplication.logic,
    continueApplication: fakes.continueApplication.logic,
    createApplication: fakes.createApplication.logic,
    loadStepView: fakes.loadStepView.logic,
    submitStep: fakes.submitStep.logic,
    returnToTask: fakes.returnToTask.logic,
    changeTask: fakes.changeTask.logic,
    loadProducts: fakes.loadProducts.logic,
  };
  if (without) delete (actors as Partial<typeof actors>)[without];
  return applicationMachine.provide({
    actors: { ...actors, draftSync: draftMachine.provide({ actors: { saveDraft: fakes.saveDraft.logic } }) },
  });
}

export interface RunningApplication {
  actor: Actor<ReturnType<typeof provideApplication>>;
  clock: SimulatedClock;
  fakes: ApplicationFakes;
}

export function startApplication(input: Partial<ApplicationInput> = {}, options: { without?: ProvidedActor } = {}): RunningApplication {
  const fakes = applicationFakes();
  const clock = new SimulatedClock();
  const actor = createActor(provideApplication(fakes, options.without), {
    clock,
    // Products are initialised only where a test asks for it (their loading is tested on its own).
    input: { businessDomain: 'retail-banking-ee', start: {}, locale: 'en', firstTask: 'createApplicationStep', initialiseProducts: false, ...input },
  });
  actor.start();
  return { actor, clock, fakes };
}

/**
 * Starts without an externalId and no previous application: the first step, nothing created. The
 * look-up of a previous application is answered where the machine made one (a partner's link or an
 * upsale makes none).
 */
export async function newOnFirstStep(input: Partial<ApplicationInput> = {}): Promise<RunningApplication> {
  const run = startApplication(input);
  run.fakes.findPreviousApplication.calls.at(-1)?.resolve(null);
  await settle();
  run.fakes.loadStepView.last().resolve(loaded());
  await settle();
  return run;
}

/**
 * Runs the draft machine under a parent, as the application machine does, recording what it tells
 * its parent (`draft.saved`, `draft.conflicted`, `draft.failed`, `draft.settled`).
 */
export function startDraft(input: DraftInput = { externalId: 'ext-1', taskDefinitionKey: 'createApplicationStep', version: 0 }) {
  const saveDraft = controllable<{ version: number }, SaveDraftActorInput>();
  const toParent: DraftParentEvent[] = [];
  const host = setup({
    types: { events: {} as DraftParentEvent },
    actors: { draftSync: draftMachine.provide({ actors: { saveDraft: saveDraft.logic } }) },
  }).createMachine({
    invoke: { id: 'draft', src: 'draftSync', input },
    on: {
      'draft.saved': { actions: ({ event }) => toParent.push(event) },
      'draft.conflicted': { actions: ({ event }) => toParent.push(event) },
      'draft.failed': { actions: ({ event }) => toParent.push(event) },
      'draft.settled': { actions: ({ event }) => toParent.push(event) },
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(host, { clock });
  actor.start();
  const draft = actor.getSnapshot().children.draft;
  if (!draft) throw new Error('The draft actor did not start');
  return { host: actor, draft, clock, saveDraft, toParent };
}

/** A step machine's input (the application machine's StepLogicInput) for an Estonian applicant's step. */
export function stepLogicInput(overrides: Partial<StepLogicInput> = {}): StepLogicInput {
  return {
    businessDomain: 'retail-banking-ee',
    country: 'EE',
    locale: 'et',
    externalId: 'ext-1',
    role: 'APPLICANT',
    products: {},
    embedded: false,
    partnerAmountFixed: false,
    interestRateHint: null,
    opensOnStart: false,
    amountEditable: true,
    taskKey: 'viewWaitingPage',
    awaitingCheck: null,
    ...overrides,
  };
}
