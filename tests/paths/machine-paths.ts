/**
 * Issue 27, item 1 (docs/decisions/217): the paths of the client machines that drive a screen,
 * generated with `xstate/graph` from the machines themselves, for `npm run test:paths` beside the
 * process paths (flow-paths.ts). A machine's loops are driven by the actors it invokes (the
 * providers' answers) and by its timers; the graph walks them because each actor's completion is an
 * event of the model (`xstate.done.actor.<id>` with the answer, `xstate.error.actor.<id>`), named as
 * the provider's outcome ("start: OK", "poll: RUNNING", "poll: WRONG_VC"). The answers offered are
 * the ones the reference API and its simulators can give, so every path can be replayed in a browser
 * (e2e/paths/machines.paths.ts). Per machine: the shortest path to every state (xstate's
 * `getShortestPaths`), plus the simple paths through its loop to its final states (`getSimplePaths`).
 * Pure: vitest, playwright and the command import it.
 */
import { assign, type AnyStateMachine, type EventObject, type Snapshot } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { smartIdMachine, type SmartIdSnapshot } from '../../machines/signing/smart-id.machine';
import { remoteIdentificationMachine, type RemoteIdentificationSnapshot } from '../../src/steps/identifyCustomer/remote-identification.machine';
import { openBankingMachine, type OpenBankingSnapshot } from '../../src/steps/provideBasViaOpenBanking/open-banking.machine';
import type { BusinessDomain } from '../../core/domain/business-domains';
import { MOBILE_ID_RESULTS, SMART_ID_RESULTS } from '../../server/signing/sandbox-signing-scripts';
import { uploadsModel } from './uploads-paths';
import { crossSellModel } from './cross-sell-paths';
import { esignModel, paymentModel } from './machine-paths-redirect';

/** An event of a model: a person's action (`type` as the screen sends it) or a provider's answer. */
export interface ModelEvent extends EventObject {
  /** How the path line names it; empty for a step nobody sees (a timer between two polls). */
  label: string;
  output?: unknown;
  error?: unknown;
}

/** One step of a machine path: the event, and the state value it leads to (`a.b` for a nested one). */
export interface MachineStep {
  label: string;
  type: string;
  /** What the provider answers (a poll's status), or what failed, as the replay sets it up. */
  answer?: string;
  /** The answer as the machine's done event carries it (`output`) or its error event (`error`). */
  output?: unknown;
  error?: unknown;
  state: string;
  /** The rest of the event, beside its type and answer (the bank chosen: `institutionId`). */
  data?: Record<string, unknown>;
  /** What the screen shows there when the state alone does not say (the model's `screen`: `consent:REFUSED`). */
  screen?: string;
}

/** A generated path of a client machine. */
export interface MachinePath {
  /** Stable: `machine/smartId/SMART_ID/<the labels joined by "+">` (ids of equal lines get a counter). */
  id: string;
  kind: 'machine';
  /** The machine's id (`smartId`). */
  machine: string;
  /** The provider or variant the machine is run with (`SMART_ID`, `MOBILE_SIGNATURE`). */
  variant: string;
  /** Where the replay seeds the application: the machine's step, domain and product. */
  domain: BusinessDomain;
  productName: string;
  taskKey: string;
  /** The reference server's settings the replay needs (a feature flag), beside its domain. */
  serverEnv?: Record<string, string>;
  /** The input's condition, when the path starts from a particular one (`disabled=RESTRICTED_HOURS`). */
  condition?: string;
  /** `shortest` (to a state) or `loop` (a simple path through the machine's loop to a final state). */
  origin: 'shortest' | 'loop';
  initial: string;
  steps: MachineStep[];
}

/** A machine as a model: its logic, inputs, and the events a person or a provider can send in each state. */
export interface MachineModel {
  machine: string;
  variant: string;
  domain: BusinessDomain;
  productName: string;
  taskKey: string;
  serverEnv?: Record<string, string>;
  logic: AnyStateMachine;
  /** The inputs walked: the ordinary one, and any that start the machine elsewhere (a disabled method). */
  inputs: { condition?: string; input: unknown }[];
  /** The events offered in a snapshot; `condition` is the input's (a path starting back from the bank). */
  events(snapshot: Snapshot<unknown>, condition?: string): ModelEvent[];
  /** What the screen shows in a snapshot, beside its state (a message the context picks), if the replay needs it. */
  screen?(snapshot: Snapshot<unknown>): string | undefined;
  /** What makes two snapshots one state of the model (counts bounded, so loops close). */
  serialize(snapshot: Snapshot<unknown>): string;
  /**
   * States of the machine no path of this variant can reach, each with the reason (the rest of the
   * machine's states, `machineStates`, must each be on a path: the vitest test checks it).
   */
  notReached?: Readonly<Record<string, string>>;
  /** The states a path may end in: the final ones and those that wait for the person (a path never ends mid-poll). */
  resting: readonly string[];
  /** Of those, whether a path may end in this snapshot (not halfway through the person's action: a bank chosen, not yet paid). */
  rests?(snapshot: Snapshot<unknown>): boolean;
  /** The final states the simple paths through the loop end in. */
  finals: readonly string[];
  /** The event label that goes round the machine's loop (`try again`). */
  retry: string;
  /**
   * The finals name what the screen shows at the end (the model's `screen`: the next page the person
   * was sent to), not the state: a machine that hands the step on from the state it rests in (decision 221).
   */
  finalsAreScreens?: boolean;
}

/** Where a snapshot ends as the model's `finals` name it: its state, or what its screen shows. */
function finalOf(model: MachineModel, snapshot: Snapshot<unknown> & { value: unknown }): string {
  return model.finalsAreScreens ? (model.screen?.(snapshot) ?? '') : valueName(snapshot.value);
}

/** Where a path ends as its model's `finals` name it (decision 221). */
export function pathFinal(model: MachineModel, path: MachinePath): string {
  return model.finalsAreScreens ? (path.steps.at(-1)?.screen ?? '') : endState(path);
}

/**
 * A state value as one name: `polling.fetching`; a parallel state's regions each by their path,
 * joined by commas (`ready.sending.idle,ready.removing.idle`: decision 221).
 */
export function valueName(value: unknown): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .flatMap(([key, inner]) => valueName(inner).split(',').map((leaf) => `${key}.${leaf}`))
    .join(',');
}

/** The atomic states a state name stands for (one, or a parallel state's regions). */
export function stateLeaves(name: string): string[] {
  return name.split(',');
}

// ---------------------------------------------------------------------------------------------
// Smart-ID and Mobile-ID signing (machines/signing/smart-id.machine.ts)
// ---------------------------------------------------------------------------------------------

/**
 * The results each simulator can be scripted to end a signing with (sandbox `signing/smart-id`,
 * `signing/mobile-id`: server/signing/sandbox-signing-scripts.ts), so a path asks only what the
 * replay can make the provider answer.
 */
export const SIGNING_RESULTS = { SMART_ID: SMART_ID_RESULTS, MOBILE_SIGNATURE: MOBILE_ID_RESULTS } as const;
/** The answer after which the bank ends the signing (decision 175: the certificate names another person). */
export const SIGNING_ENDING_RESULT = 'NAMES_DONT_MATCH';
/** Smart-ID refuses a person without an account when the signing starts (HTTP 404), not at a poll. */
const REFUSED_AT_START = 'NOT_CLIENT';

const smartIdDone = (state: string) => `xstate.done.actor.0.smartId.${state}`;
const smartIdError = (state: string) => `xstate.error.actor.0.smartId.${state}`;
const providerError = { kind: 'server', status: 503, code: 'PROVIDER_UNAVAILABLE', message: 'The provider had a problem.' };

function smartIdEvents(snapshot: Snapshot<unknown>): ModelEvent[] {
  const state = snapshot as SmartIdSnapshot;
  const { context } = state;
  const results: readonly string[] = SIGNING_RESULTS[context.method];
  const atStart = context.method === 'SMART_ID' ? [REFUSED_AT_START] : [];
  const started = { method: context.method, status: 'RUNNING', verificationCode: '4821', redirectUrl: null };
  const polled = (status: string, signingEnded = false) => ({ method: context.method, status, verificationCode: '4821', ...(signingEnded ? { signingEnded } : {}) });
  if (state.matches('ready')) return [{ type: 'smartId.started', label: 'start' }, { type: 'smartId.otherMethodChosen', label: 'other method' }];
  if (state.matches('starting')) {
    return [
      { type: smartIdDone('starting'), label: 'start: OK', output: started },
      ...atStart.map((result) => ({ type: smartIdDone('starting'), label: `start: ${result}`, output: { ...started, status: result } })),
      { type: smartIdError('starting'), label: 'start: PROVIDER_UNAVAILABLE', error: providerError },
    ];
  }
  if (state.matches({ polling: 'waiting' })) {
    // The person may cancel while the provider still answers RUNNING (the replay keeps it running).
    const events: ModelEvent[] = [{ type: 'xstate.after.pollDelay.smartId.polling.waiting', label: '' }];
    if (context.result === 'RUNNING' && context.consecutiveErrors === 0) events.push({ type: 'smartId.cancelled', label: 'cancel' });
    return events;
  }
  if (state.matches({ polling: 'fetching' })) {
    const events: ModelEvent[] = [];
    // Bounded: one RUNNING answer a start at most, lost polls only before any answer (they count in a row).
    if (context.attempt === 0 || context.consecutiveErrors > 0) events.push({ type: smartIdError('polling.fetching'), label: 'poll: lost', error: providerError });
    if (context.attempt === 0 && context.consecutiveErrors === 0) events.push({ type: smartIdDone('polling.fetching'), label: 'poll: RUNNING', output: polled('RUNNING') });
    for (const result of results) {
      if (atStart.includes(result)) continue;
      events.push({ type: smartIdDone('polling.fetching'), label: `poll: ${result}`, output: polled(result, result === SIGNING_ENDING_RESULT) });
    }
    return events;
  }
  const events: ModelEvent[] = [];
  if (state.can({ type: 'smartId.retried' })) events.push({ type: 'smartId.retried', label: 'try again' });
  if (state.can({ type: 'smartId.otherMethodChosen' })) events.push({ type: 'smartId.otherMethodChosen', label: 'other method' });
  return events;
}

function smartIdSerialize(snapshot: Snapshot<unknown>): string {
  const { context, value } = snapshot as SmartIdSnapshot;
  // The result names the state for a person (which message); attempts and errors are bounded by the events.
  return JSON.stringify({ value, result: context.result, first: context.attempt === 0, errors: context.consecutiveErrors });
}

const SMART_ID_RESTING = ['ready', 'disabled', 'startFailed', 'pollFailed', 'failed', 'needsOtherMethod', 'signed', 'otherMethod', 'ended'];

function smartIdModel(variant: 'SMART_ID' | 'MOBILE_SIGNATURE'): MachineModel {
  const input = { externalId: 'path', method: variant, fileServiceId: 'contract' };
  return {
    machine: 'smartId',
    variant,
    domain: 'retail-banking-ee',
    productName: 'SMALL_LOAN',
    taskKey: 'viewContractConditions',
    logic: smartIdMachine,
    inputs: [{ input }, { condition: 'disabled=RESTRICTED_HOURS', input: { ...input, disabledReason: 'RESTRICTED_HOURS' } }],
    events: smartIdEvents,
    serialize: smartIdSerialize,
    ...(variant === 'MOBILE_SIGNATURE'
      ? {
          notReached: {
            ended:
              "Mobile-ID's simulator has no answer that ends the signing at once (no certificate naming another person); the server ends it after five failed attempts, which the machine does not count",
          },
        }
      : {}),
    resting: SMART_ID_RESTING,
    finals: ['signed', 'otherMethod', 'ended'],
    retry: 'try again',
  };
}

// ---------------------------------------------------------------------------------------------
// Remote identification (src/steps/identifyCustomer/remote-identification.machine.ts)
// ---------------------------------------------------------------------------------------------

/**
 * What the identity-verification provider's page decides (its simulator's buttons), as the status
 * the step reads when the person is back: the label names the answer, the replay clicks the button.
 */
export const IDENTITY_DECISIONS = { COMPLETED_OK: 'Approve', COMPLETED_FAILURE: 'Decline', TECHNICAL_ERROR: 'Technical error' } as const;

/**
 * How many times the API client sends a GET that fails with a 5xx, its first attempt and its retries
 * (`maxAttempts` of src/api/client.ts's DEFAULT_CONFIG, which Node cannot import for its
 * `import.meta.env`; machine-paths.test.ts checks the two agree). A lost read of a path fails every
 * attempt, or the client's retry hides it from the machine (decision 219).
 */
export const CLIENT_GET_ATTEMPTS = 3;

const identificationDone = (state: string) => `xstate.done.actor.0.remoteIdentification.${state}`;
const identificationError = (state: string) => `xstate.error.actor.0.remoteIdentification.${state}`;
const serverError = { kind: 'server', status: 503, message: 'The server had a problem.' };

function identificationEvents(snapshot: Snapshot<unknown>): ModelEvent[] {
  const state = snapshot as RemoteIdentificationSnapshot;
  const { context } = state;
  const read = (status: string) => ({ status, enabled: true, identified: false, available: true });
  if (state.matches('loading')) {
    if (context.completionAsked) {
      return Object.keys(IDENTITY_DECISIONS).map((status) => ({ type: identificationDone('loading'), label: `status: ${status}`, output: read(status) }));
    }
    return [
      { type: identificationDone('loading'), label: 'status: NO_STATUS', output: read('NO_STATUS') },
      { type: identificationError('loading'), label: 'status: lost', error: serverError },
    ];
  }
  if (state.matches('loadFailed')) return [{ type: 'remoteIdentification.reloaded', label: 'try again' }];
  if (state.matches({ required: 'idle' })) return [{ type: 'step.submitted', label: 'continue', submission: { variables: {} } } as ModelEvent];
  if (state.matches({ required: { modal: 'ready' } })) return [{ type: 'remoteIdentification.started', label: 'start' }, { type: 'remoteIdentification.closed', label: 'close' }];
  if (state.matches({ required: { modal: 'initiating' } })) {
    return [
      { type: identificationDone('required.modal.initiating'), label: 'start: OK', output: { redirectUrl: 'http://provider.invalid/verify' } },
      { type: identificationError('required.modal.initiating'), label: 'start: lost', error: serverError },
    ];
  }
  // At the provider's page: the person is sent back with the query action.
  if (state.matches({ required: { modal: 'redirecting' } })) return [{ type: 'remoteIdentification.completionAsked', label: 'back from the provider' }];
  if (state.matches({ required: { modal: 'failed' } })) return [{ type: 'remoteIdentification.retried', label: 'try again' }, { type: 'remoteIdentification.closed', label: 'close' }];
  return [];
}

function identificationSerialize(snapshot: Snapshot<unknown>): string {
  const { context, value } = snapshot as RemoteIdentificationSnapshot;
  return JSON.stringify({ value, status: context.status, asked: context.completionAsked, error: context.error !== null });
}

function identificationModel(): MachineModel {
  return {
    machine: 'remoteIdentification',
    variant: 'IDV',
    domain: 'retail-banking-ee',
    productName: 'CURRENT_ACCOUNT',
    taskKey: 'identifyCustomer',
    // The bank asks for remote identification on this application (section 6's flag).
    serverEnv: { FEATURE_FLAGS: 'remoteIdentification' },
    // Its parent is the application machine: here the step's sends go nowhere.
    logic: remoteIdentificationMachine.provide({ actions: { forward: () => undefined, signalCompleted: () => undefined } }),
    inputs: [{ input: { externalId: 'path', locale: 'en' } }],
    events: identificationEvents,
    serialize: identificationSerialize,
    resting: ['loadFailed', 'required.idle', 'required.modal.ready', 'required.modal.failed', 'completed'],
    finals: ['completed'],
    retry: 'try again',
    notReached: {
      notRequired: 'the replay runs with the flag on, so the bank asks for it (the flag off is identification.spec.ts\'s SSO tests)',
      unavailable: 'every server of the replay has the provider configured (none: production without one, decision 171)',
      'required.modal.running':
        "the provider's simulator decides on its page at once; a check still running is the sandbox's identity control (RUNNING), not replayed yet",
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Open banking (src/steps/provideBasViaOpenBanking/open-banking.machine.ts)
// ---------------------------------------------------------------------------------------------

/**
 * How a consent ended at the bank, as the PSD2 simulator's SCA page decides it (its buttons; a
 * timeout is the page's idle clock moved on, then Approve; PENDING is the person coming back without
 * answering). The machine sees it only when the browser is back and the list is read again: a path
 * that starts back from the bank names it as its condition (`[back=REFUSED]`).
 */
export const CONSENT_ENDINGS = ['APPROVED', 'REFUSED', 'CANCELLED', 'TIMED_OUT', 'PENDING'] as const;
export type ConsentEnding = (typeof CONSENT_ENDINGS)[number];

/** Where the person goes from the step, leaving its machine behind (the application's next screen). */
const LEFT = { continue: 'left:continue', manual: 'left:manualUpload' } as const;

const openBankingDone = (state: string) => `xstate.done.actor.0.openBanking.${state}`;
const openBankingError = (state: string) => `xstate.error.actor.0.openBanking.${state}`;
/** A 500: the API client does not retry it (e2e/open-banking.spec.ts's failed list). */
const openBankingServerError = { kind: 'server', status: 500, message: 'The server had a problem.' };
const BANK = { id: 'path-bank', name: 'Citadele', bic: 'PARXLV22', logoUrl: null };

function consentList(condition: string | undefined) {
  const back = condition?.startsWith('back=') ? (condition.slice('back='.length) as ConsentEnding) : null;
  return {
    enrolled: back === 'APPROVED' ? [BANK] : [],
    available: [BANK],
    lastConsent: back ? { institutionId: BANK.id, status: back } : null,
    failedAttempts: back && back !== 'APPROVED' && back !== 'PENDING' ? 1 : 0,
    maxFailedAttempts: 5,
  };
}

function openBankingEvents(snapshot: Snapshot<unknown>, condition?: string): ModelEvent[] {
  const state = snapshot as OpenBankingSnapshot;
  const { context } = state;
  if (state.matches('loading')) {
    return [
      { type: openBankingDone('loading'), label: 'list: OK', output: consentList(condition) },
      // Bounded: the list lost only on the first read and only on the first visit (how a consent ended does
      // not change how a lost list is handled); the error handler's Try again reads it afresh.
      ...(condition === undefined && context.problem === null && context.error === null ? [{ type: openBankingError('loading'), label: 'list: lost', error: openBankingServerError }] : []),
    ];
  }
  if (state.matches('failed')) return [{ type: 'institutions.reloaded', label: 'try again' }];
  if (state.matches('referencing')) return [{ type: openBankingDone('referencing'), label: 'reference: OK', output: { reference: 'CONSENT-path' } }];
  if (state.matches('ready')) {
    // Gone on to the next screen: the step's machine waits no more.
    if (context.selectedId?.startsWith('left:')) return [];
    const events: ModelEvent[] = [];
    if (state.can({ type: 'institution.selected', institutionId: BANK.id })) events.push({ type: 'institution.selected', label: 'choose bank', institutionId: BANK.id } as ModelEvent);
    if (state.can({ type: 'consent.resumed' })) events.push({ type: 'consent.resumed', label: 'return to bank' });
    events.push({ type: 'step.submitted', label: 'continue', submission: { variables: {} } } as ModelEvent);
    events.push({ type: 'manualUpload.chosen', label: 'upload manually', submission: { variables: {} } } as ModelEvent);
    return events;
  }
  if (state.matches('selecting')) {
    return [
      { type: openBankingDone('selecting'), label: 'select: OK', output: { redirectUrl: 'http://bank.invalid/psd2/sca/path' } },
      ...(condition === undefined && context.problem === null ? [{ type: openBankingError('selecting'), label: 'select: lost', error: openBankingServerError }] : []),
    ];
  }
  if (state.matches('resuming')) {
    return [
      { type: openBankingDone('resuming'), label: 'consent URL: OK', output: { consentUrl: 'http://bank.invalid/psd2/sca/path' } },
      ...(context.problem === null ? [{ type: openBankingError('resuming'), label: 'consent URL: lost', error: openBankingServerError }] : []),
    ];
  }
  return [];
}

/** The message the ready page shows (a problem, then how the last consent ended), or where the person went. */
function openBankingScreen(snapshot: Snapshot<unknown>): string | undefined {
  const state = snapshot as OpenBankingSnapshot;
  if (!state.matches('ready')) return undefined;
  const { context } = state;
  if (context.selectedId?.startsWith('left:')) return context.selectedId;
  if (context.problem) return `problem:${context.problem}`;
  return context.lastConsent ? `consent:${context.lastConsent.status}` : 'banks';
}

function openBankingSerialize(snapshot: Snapshot<unknown>): string {
  const { context, value } = snapshot as OpenBankingSnapshot;
  // Where the person went, the message shown and how the last consent ended name the state for a person;
  // a failure matters only while the list is read (it bounds the lost reads), the redirect by how it was reached.
  const left = context.selectedId?.startsWith('left:') ? context.selectedId : null;
  const reading = value === 'loading' || value === 'failed';
  return JSON.stringify({ value, problem: context.problem, left, consent: context.lastConsent?.status ?? null, ...(reading ? { error: context.error !== null } : {}), ...(value === 'redirecting' ? { resumed: context.selectedId === null } : {}) });
}

function openBankingModel(): MachineModel {
  const input = { externalId: 'path', locale: 'lv', businessDomain: 'retail-banking-lv', country: 'LV', role: 'APPLICANT' };
  return {
    machine: 'openBanking',
    variant: 'PSD2',
    domain: 'retail-banking-lv',
    productName: 'SMALL_LOAN',
    taskKey: 'provideBasViaOpenBanking',
    // The manual upload offered (section 4's flag), and Latvia's four banks (decision 191), as open-banking.spec.ts.
    serverEnv: { FEATURE_FLAGS: 'manualBankStatementUpload,luminorOpenBankingLogin' },
    // Its parent is the application machine: the step going on (or its failure) goes nowhere here, but
    // marks where the person went (the next screen), so a path ends there.
    logic: openBankingMachine.provide({
      actions: {
        forwardEnrolled: assign({ selectedId: LEFT.continue }),
        forwardManual: assign({ selectedId: LEFT.manual }),
        reportFailure: () => undefined,
      },
    }),
    inputs: [{ input }, ...CONSENT_ENDINGS.map((ending) => ({ condition: `back=${ending}`, input }))],
    events: openBankingEvents,
    screen: openBankingScreen,
    serialize: openBankingSerialize,
    resting: ['ready', 'failed', 'redirecting'],
    finals: ['ready', 'redirecting'],
    retry: 'try again',
  };
}

// ---------------------------------------------------------------------------------------------
// The catalogue
// ---------------------------------------------------------------------------------------------

/** Every machine model, in the order `--list` prints them. */
export function machineModels(): MachineModel[] {
  return [smartIdModel('SMART_ID'), smartIdModel('MOBILE_SIGNATURE'), identificationModel(), openBankingModel(), uploadsModel(), crossSellModel(), esignModel(), paymentModel()];
}

interface GraphPath {
  state: Snapshot<unknown> & { value: unknown };
  steps: { state: Snapshot<unknown> & { value: unknown }; event: EventObject }[];
}

function toSteps(path: GraphPath, model: MachineModel): MachineStep[] {
  return path.steps.slice(1).map((step) => {
    const screen = model.screen?.(step.state);
    const { type: _type, label: _label, output: _output, error: _error, ...data } = step.event as ModelEvent;
    const event = step.event as ModelEvent;
    const output = event.output as { status?: string; signingEnded?: boolean } | undefined;
    const answer = output?.status ?? (event.error ? (event.error as { code?: string }).code : undefined);
    return {
      label: event.label,
      type: event.type,
      ...(answer ? { answer } : {}),
      ...(event.output !== undefined ? { output: event.output } : {}),
      ...(event.error !== undefined ? { error: event.error } : {}),
      state: valueName(step.state.value),
      ...(Object.keys(data).length > 0 ? { data } : {}),
      ...(screen ? { screen } : {}),
    };
  });
}

/** A path's events as its line names them (the silent ones left out). */
export function machineStepNames(path: MachinePath): string[] {
  return path.steps.filter((step) => step.label !== '').map((step) => step.label);
}

/** The state a path ends in. */
export function endState(path: MachinePath): string {
  return path.steps.at(-1)?.state ?? path.initial;
}

/**
 * The line `--list` prints and `--grep` matches: `machine`, the machine and its variant, the domain
 * and product it is replayed with, then its events joined by " > " and the state it ends in (with what
 * the screen shows there, when the model says: `= ready (consent:REFUSED)`).
 */
export function machinePathLine(path: MachinePath): string {
  const when = path.condition ? ` [${path.condition}]` : '';
  const events = machineStepNames(path);
  const screen = path.steps.at(-1)?.screen;
  const end = `= ${endState(path)}${screen ? ` (${screen})` : ''}`;
  return `machine ${path.machine} ${path.variant} ${path.domain} ${path.productName}${when}: ${[...events, end].join(' > ')}`;
}

function pathsOf(model: MachineModel): MachinePath[] {
  const out: MachinePath[] = [];
  const seen = new Set<string>();
  for (const { condition, input } of model.inputs) {
    const options = {
      input,
      events: (snapshot: Snapshot<unknown>) => model.events(snapshot, condition) as never,
      serializeState: (snapshot: Snapshot<unknown>) => model.serialize(snapshot),
    };
    const named = (path: GraphPath) => toSteps(path, model).filter((step) => step.label !== '').length;
    const shortest = (getShortestPaths(model.logic, options) as unknown as GraphPath[]).filter((path) => model.resting.includes(valueName(path.state.value)) && (model.rests?.(path.state) ?? true));
    // The loop: a person tries again after a provider's answer. Trying again returns the machine to a
    // state it was in (its context reset), so no simple path from the start goes round; the loop's
    // paths start where a retry is offered (the shortest path there), and go on from it with the retry
    // along each simple path to a final state, the shortest per final state (so each goes round once).
    const looping: GraphPath[] = [];
    for (const prefix of shortest) {
      if (!model.events(prefix.state, condition).some((event) => event.label === model.retry)) continue;
      const onwards = (getSimplePaths(model.logic, { ...options, fromState: prefix.state as never, toState: (snapshot) => model.finals.includes(finalOf(model, snapshot)) }) as unknown as GraphPath[])
        .filter((path) => model.finals.includes(finalOf(model, path.state)) && (path.steps[1]?.event as ModelEvent | undefined)?.label === model.retry)
        .sort((a, b) => named(a) - named(b));
      for (const final of model.finals) {
        const best = onwards.find((path) => finalOf(model, path.state) === final);
        if (best) looping.push({ state: best.state, steps: [...prefix.steps, ...best.steps.slice(1)] });
      }
    }
    const first = shortest.find((path) => path.steps.length > 0);
    const initial = valueName(first?.steps[0]?.state.value ?? shortest[0]?.state.value ?? 'initial');
    for (const [origin, paths] of [['shortest', shortest], ['loop', looping]] as const) {
      for (const graphPath of paths) {
        const steps = toSteps(graphPath, model);
        const path: MachinePath = {
          id: '',
          kind: 'machine',
          machine: model.machine,
          variant: model.variant,
          domain: model.domain,
          productName: model.productName,
          taskKey: model.taskKey,
          ...(model.serverEnv ? { serverEnv: model.serverEnv } : {}),
          ...(condition ? { condition } : {}),
          origin,
          initial,
          steps,
        };
        const line = machinePathLine(path);
        if (seen.has(line)) continue;
        seen.add(line);
        const words = machineStepNames(path).map((name) => name.replace(/[^A-Za-z0-9_]+/g, '-'));
        path.id = ['machine', model.machine, model.variant, ...(condition ? [condition] : []), [...words, endState(path)].join('+')].join('/');
        out.push(path);
      }
    }
  }
  return out;
}

/**
 * The sample inside `npm test` (e2e/paths-sample.spec.ts), each choice the same as
 * `npm run test:paths -- --grep <grep> --sample <n>` makes: two signing paths (Smart-ID and
 * Mobile-ID), one remote identification path and one open-banking path (decision 222), among the
 * machines whose every path the replay walks today.
 */
export const NPM_TEST_SAMPLE = [
  { grep: 'machine smartId', sample: 2 },
  { grep: 'machine remoteIdentification', sample: 1 },
  { grep: 'machine openBanking', sample: 1 },
] as const;

let cached: MachinePath[] | undefined;

/** Every path of every client machine, in a stable order. */
export function allMachinePaths(): MachinePath[] {
  cached ??= machineModels().flatMap(pathsOf);
  return cached;
}

interface StateNodeLike {
  path: string[];
  states?: Record<string, StateNodeLike>;
  always?: { guard?: unknown }[];
}

/**
 * A machine's states, read from its definition: each atomic state by its path (`polling.fetching`),
 * without the transient ones (an `always` transition without a guard: a snapshot never rests there).
 * A state whose `always` transitions are all guarded rests when none applies (the uploads machine's
 * `sending.idle` with nothing to send: decision 221).
 */
export function machineStates(logic: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: StateNodeLike) => {
    const children = Object.values(node.states ?? {});
    if (children.length === 0 && !(node.always ?? []).some((transition) => transition.guard === undefined)) out.push(node.path.join('.'));
    for (const child of children) walk(child);
  };
  walk(logic.root as unknown as StateNodeLike);
  return out;
}

/** The states of each machine (and variant) that no path reaches, besides those its model says why (the vitest test demands none). */
export function unreachedStates(paths: readonly MachinePath[]): { machine: string; variant: string; state: string }[] {
  const missing: { machine: string; variant: string; state: string }[] = [];
  for (const model of machineModels()) {
    const own = paths.filter((path) => path.machine === model.machine && path.variant === model.variant);
    const reached = new Set(own.flatMap((path) => [path.initial, ...path.steps.map((step) => step.state)].flatMap(stateLeaves)));
    for (const state of machineStates(model.logic)) {
      if (!reached.has(state) && !model.notReached?.[state]) missing.push({ machine: model.machine, variant: model.variant, state });
    }
  }
  return missing;
}
