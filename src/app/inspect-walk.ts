/**
 * Development only (imported from the `import.meta.env.DEV` branch of ./inspector.ts, so never in a
 * production bundle; the bundle test looks for it): `/?inspect&path=<id>` walks the application
 * along a generated path (issue 27 item 3, decision 225). The walker sends the running application
 * machine the events its views send on Continue, with the path's answers (the plan the dev server
 * answers, tests/paths/path-session.ts), one step at a time, so the Stately inspector shows every
 * transition. The bank's side is set first through the sandbox controls the replay uses (the
 * decision, `sandbox/outcomes`); a step that needs a person (signing at a provider, an upload, a
 * login, a co-borrower's browser) stops the walk saying what to do by hand. Its texts are for the
 * developer, in English, like the inspector's console output: not the applicant's, not in Lingui.
 */
import * as v from 'valibot';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { StepContract } from '../../core/contract/step-contract';
import type { StepSubmission } from '../../core/wire/process.schema';
import type { ApplicationActorRef } from '../steps/_kit/application-actor';
import type { CalculatorSnapshot } from '../../machines/calculator/calculator.machine';
import { clientContractContext } from '../steps/_kit/contract-context';
import type { RuntimeConfig } from '../../core/wire/config.schema';
import type { PathPlan } from './inspect-path';

type Submission = Omit<StepSubmission, 'version'>;

/** What the walker does at one step of the path. */
export type WalkAction =
  /**
   * Continue pressed with the path's answers: `step.submitted` with the contract's payload, to the
   * application machine or, where the view sends it there, to the step's own machine that gates it
   * (`gate.child`), with the values the view adds (`gate.values`: event field -> form field).
   */
  | { kind: 'submit'; task: string; values: Record<string, unknown>; gate?: { child: string; values: Record<string, string> } }
  /**
   * An event the view sends to one of the step's own machines (the offer's Accept; statements to be
   * uploaded by hand, which carries the step's empty submission: `emptySubmission`).
   */
  | { kind: 'send'; task: string; child: string; event: { type: string }; emptySubmission?: true }
  /** The page moves on by itself (its task poll): the walker waits for the next task. */
  | { kind: 'wait'; task: string; reason: string }
  /** A person must do this step: the walk stops and says what to do. */
  | { kind: 'manual'; task: string; reason: string }
  /** The path ends on this page. */
  | { kind: 'end'; task: string };

/** A call to a sandbox control (test mode) before the first step. */
export interface SandboxCall {
  path: string;
  body: Record<string, unknown>;
}

const has = (plan: PathPlan, condition: string) => plan.conditions.includes(condition);

/** The steps whose view sends Continue to a machine of its own that checks first (the personal code, the other application). */
const GATES: Partial<Record<string, { child: string; values: Record<string, string> }>> = {
  createApplicationStep: { child: 'personalCode', values: { personalCode: 'personalCode' } },
  submitPersonalInfo: { child: 'personalCode', values: { personalCode: 'personalCode' } },
  chooseContinueOption: { child: 'continueOption', values: { option: 'continueOption' } },
};

/** Pages whose own task poll moves on once the bank has answered (machines/task-poll). */
const POLLED = new Set(['viewAdditionalDataSubmitted', 'viewWaitingPage', 'viewBankStatementsBeingProcessed', 'viewProcessingTakesTime', 'readUndecidedDecision']);

/** The steps a person does at a provider or with a file: what the developer does by hand. */
const BY_HAND: Partial<Record<string, (plan: PathPlan) => string>> = {
  viewContractConditions: (plan) =>
    has(plan, 'signingRefused')
      ? 'sign by hand: set the Smart-ID simulator to answer another person (POST /api/sandbox/signing/smart-id {"result":"NAMES_DONT_MATCH"}), then press the sign button'
      : 'sign by hand: press the sign button and confirm on the Smart-ID simulator’s phone page',
  signCurrentAccountContract: () => 'sign by hand: choose Smart-ID and sign (the walker set the simulator to sign after one poll), then Continue',
  identifyCustomer: () => 'log in by hand at the login service’s simulator (Smart-ID, then "Log in"), then Continue',
  provideBasViaOpenBanking: () => 'share the statements by hand: choose a bank, approve on the PSD2 simulator’s page, then Continue',
  uploadBankAccountStatementDocuments: (plan) =>
    has(plan, 'uploadSkipped')
      ? 'skip the upload by hand: "Continue without statements", then confirm in the dialog'
      : has(plan, 'uploadRetriesExceeded')
        ? 'upload by hand files the bank refuses (an executable named .pdf) until the limit ends the upload'
        : 'upload a PDF statement by hand, then Continue',
  uploadCampaignDocuments: () => 'upload the seller’s offer (a PDF) by hand, then Continue',
  uploadLeasingDocuments: () => 'upload the documents by hand, then Continue',
  chooseProduct: () => 'choose the product by hand (a card of the path’s kind), then Continue',
};

/** What the walker does at step `index` of the plan (pure: the unit tests read it). */
export function walkAction(plan: PathPlan, index: number): WalkAction {
  const step = plan.steps[index];
  if (!step) return { kind: 'end', task: plan.steps.at(-1)?.task ?? '' };
  const task = step.task;
  if (step.final) return { kind: 'end', task };
  if (step.role === 'COBORROWER') {
    return { kind: 'manual', task, reason: 'the co-borrower answers in a browser of his own: open the invitation link from the sandbox outbox (GET /api/sandbox/outbox/<externalId>) in a private window and answer his steps there' };
  }
  if (POLLED.has(task)) return { kind: 'wait', task, reason: 'the page asks the bank again by itself until its check is done' };
  if (task === 'provideBasViaOpenBanking' && has(plan, 'manualUpload')) {
    return { kind: 'send', task, child: 'openBanking', event: { type: 'manualUpload.chosen' }, emptySubmission: true };
  }
  const byHand = BY_HAND[task];
  if (byHand) return { kind: 'manual', task, reason: byHand(plan) };
  // The offer is accepted through its own calculator (the amount and period shown); declining is the form's answer.
  if (task === 'reviewApproved' && !has(plan, 'offerDeclined')) return { kind: 'send', task, child: 'offer', event: { type: 'offer.accepted' } };
  const gate = GATES[task];
  return { kind: 'submit', task, values: step.data ?? {}, ...(gate ? { gate } : {}) };
}

/**
 * Where the walk cannot start by itself (the replay seeds it, or it starts from another page): what
 * the developer must set up first; undefined when it starts at the page opened.
 */
export function startProblem(plan: PathPlan, pathname: string): string | undefined {
  if (plan.restart) return `this is a path of ${plan.domain}: restart the dev server with \`${plan.restart}\``;
  if (plan.process === 'retailUpsale') return 'an upsale starts at the product choice of an application seeded by the sandbox (POST /api/sandbox/applications {"taskDefinitionKey":"chooseProduct"}); open /?externalId=<its id>&inspect&path=… and walk from there by hand';
  if (/_HIRE_PURCHASE$/.test(plan.productName)) return 'a hire purchase starts from a partner’s link (a sandbox partner, POST /api/sandbox/partners, and /?reg_code=…&goods_name=…): the walker does not make one';
  if (has(plan, 'otherApplication') || has(plan, 'personalCodeChanged')) {
    return 'the path needs an earlier open application of this session (POST /api/sandbox/applications, as e2e/paths/replay.paths.ts seeds it): seed it first, then walk';
  }
  if (pathname !== plan.start) return `the path starts at ${plan.start}: open ${plan.start}?inspect&path=${encodeURIComponent(plan.id)}`;
  return undefined;
}

/** The sandbox controls the replay sets before the first step (decision 215): the decision and the outcomes no screen brings about. */
export function sandboxCalls(plan: PathPlan): SandboxCall[] {
  const decision = plan.conditions.find((condition) => condition.startsWith('decision='))?.slice('decision='.length) ?? 'POSITIVE';
  const calls: SandboxCall[] = [{ path: '/api/sandbox/decision', body: { outcome: decision } }];
  if (has(plan, 'crossSell=NOT_OFFERED') || has(plan, 'duplicateApplication') || has(plan, 'shortApplication')) {
    calls.push({
      path: '/api/sandbox/outcomes',
      body: { crossSell: has(plan, 'crossSell=NOT_OFFERED') ? 'NOT_OFFERED' : null, duplicateApplication: has(plan, 'duplicateApplication'), shortApplication: has(plan, 'shortApplication') },
    });
  }
  if (plan.process === 'currentAccount') calls.push({ path: '/api/sandbox/signing/smart-id', body: { result: 'SIGNED_CONTRACT', runningPolls: 1 } });
  return calls;
}

export type WalkStatus = 'ready' | 'walking' | 'playing' | 'stopped' | 'done';

export interface WalkState {
  /** The path step the walk is at (0-based). */
  index: number;
  status: WalkStatus;
  /** What happened last, or why the walk stopped. */
  message: string;
}

export interface WalkerDeps {
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  /** The contract of a task (in the browser: the generated contracts index, loaded in development only). */
  contractOf: (task: string) => Promise<StepContract | undefined>;
  /** The runtime configuration the step's form reads (the features, the languages, the country). */
  config: () => Promise<Pick<RuntimeConfig, 'features' | 'allowedLocales' | 'countryCode'>>;
  /** The page's path, where the walk must start (plan.start). */
  pathname: string;
  /** How long a step may take to answer before the walk stops (ms). */
  stepTimeout?: number;
  /** The pause between steps while playing (ms), so each transition can be watched. */
  playPause?: number;
}

type Snapshot = ReturnType<ApplicationActorRef['getSnapshot']>;

/** The application machine settled on a step: nothing under way. */
function settled(snapshot: Snapshot): boolean {
  return snapshot.matches({ step: 'editing' }) || snapshot.matches({ step: 'finished' });
}

/** The task of a path step (`co:` marks the co-borrower's). */
const taskOf = (name: string) => name.replace(/^co:/, '');

/** Whether an inspected actor is the application machine (src/app/step-page.tsx runs it as a root actor). */
export function isApplicationActor(actor: AnyActorRef): boolean {
  const logic = (actor as { logic?: { id?: unknown } }).logic;
  return logic?.id === 'application' && (actor as { _parent?: unknown })._parent === undefined;
}

/** Whether an inspected actor is a step's loan calculator (machines/calculator, run by the application machine as `calculator`). */
export function isCalculatorActor(actor: AnyActorRef): boolean {
  const logic = (actor as { logic?: { id?: unknown } }).logic;
  const parent = (actor as { _parent?: AnyActorRef })._parent;
  return logic?.id === 'calculator' && parent !== undefined && isApplicationActor(parent);
}

/**
 * Walks the application machine along the plan, a step at a time (`next`) or one after the other
 * (`play`, paused between steps), and tells its listeners (the dev panel) where it is.
 */
export class PathWalker {
  private actors: ApplicationActorRef[] = [];
  /** The calculators whose modal is open now (each is closed once, when it opened by itself). */
  private readonly calculatorsOpen = new WeakSet<AnyActorRef>();
  private started = false;
  private busy = false;
  private listeners = new Set<() => void>();
  private current: WalkState = { index: 0, status: 'ready', message: 'Press "Next step" or "Play" to walk the path.' };

  constructor(
    readonly plan: PathPlan,
    private readonly deps: WalkerDeps,
  ) {}

  get state(): WalkState {
    return this.current;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The inspector's observer: keeps the live application machine (a remount starts a new one). The
   * page's machine is the one whose snapshot changed last: in development React's strict mode also
   * creates a second application actor that stays active in its first state and never renders
   * (seen in Chromium: the page's actor on the first step, the other in `lookingUpPrevious`).
   */
  readonly observe = (event: InspectionEvent): void => {
    if ((event.type === '@xstate.actor' || event.type === '@xstate.snapshot') && isApplicationActor(event.actorRef as AnyActorRef)) {
      this.attach(event.actorRef as unknown as ApplicationActorRef);
    }
    if (event.type === '@xstate.snapshot' && isCalculatorActor(event.actorRef as AnyActorRef)) {
      this.closeCalculatorOpenedByItself(event.actorRef as AnyActorRef, event.snapshot as CalculatorSnapshot, event.event);
    }
  };

  /**
   * Decision 234: a step that opens the loan calculator by itself (the first page on a first visit)
   * shows it as a modal dialog, and a modal dialog makes the rest of the page inert, this panel too:
   * "Next step" could not be pressed until the developer closed it. The walker closes it as a person
   * does, `calculator.dismissed` to the calculator's machine (so the inspector shows it too), once
   * for each calculator that opened by itself. One the developer opens (`calculator.opened`, its
   * button) stays open; so does every calculator once the walk has stopped or ended. The modal
   * itself is unchanged (its focus trap and inert page are the applicant's, decision 234).
   */
  private closeCalculatorOpenedByItself(calculator: AnyActorRef, snapshot: CalculatorSnapshot, cause: { type: string }): void {
    if (snapshot.status !== 'active' || !snapshot.hasTag('open')) {
      this.calculatorsOpen.delete(calculator);
      return;
    }
    if (this.calculatorsOpen.has(calculator)) return;
    this.calculatorsOpen.add(calculator);
    if (cause.type === 'calculator.opened' || this.current.status === 'stopped' || this.current.status === 'done') return;
    // After the snapshot this observer was told of: the calculator's own step is over by then.
    queueMicrotask(() => calculator.send({ type: 'calculator.dismissed' }));
    this.set({ message: `The loan calculator opened by itself: the walker closed it (calculator.dismissed), as a person would, so this panel can be used. ${this.current.message}` });
  }

  /** Uses this application actor, as the latest (tests; the browser finds it through `observe`). */
  attach(actor: ApplicationActorRef): void {
    this.actors = [...this.actors.filter((each) => each !== actor && each.getSnapshot().status === 'active'), actor];
  }

  /** The live application machine: the one not stopped whose snapshot changed last. */
  private get actor(): ApplicationActorRef | undefined {
    return this.actors.filter((each) => each.getSnapshot().status === 'active').at(-1);
  }

  private set(next: Partial<WalkState>): void {
    this.current = { ...this.current, ...next };
    for (const listener of this.listeners) listener();
  }

  private stop(message: string): false {
    this.set({ status: 'stopped', message });
    return false;
  }

  /** Walks one step; false when the walk stopped or ended (or a step is under way already). */
  async next(): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    try {
      return await this.step();
    } finally {
      this.busy = false;
      for (const listener of this.listeners) listener();
    }
  }

  /** A step is under way (the panel's buttons wait). */
  get stepping(): boolean {
    return this.busy;
  }

  private async step(): Promise<boolean> {
    if (this.current.status === 'stopped' || this.current.status === 'done') return false;
    if (this.current.status === 'ready') this.set({ status: 'walking' });
    const actor = this.actor;
    if (!actor) return this.stop('no application is running on this page yet: wait until the first page shows, then press again');
    const snapshot = await this.until(actor, settled, 'the page to settle on a step');
    if (!snapshot) return false;
    const shown = snapshot.context.taskKey ?? '';
    if (!this.started) {
      // A page opened part-way along the path (reloaded after steps done by hand): the walk goes on from the applicant's step it shows.
      const resumed = resumeIndex(this.plan, shown);
      const problem = resumed > 0 ? (this.plan.restart ? startProblem(this.plan, this.plan.start) : undefined) : startProblem(this.plan, this.deps.pathname);
      if (problem) return this.stop(`The walker cannot start: ${problem}.`);
      for (const call of sandboxCalls(this.plan)) {
        const response = await this.deps.fetch(call.path, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(call.body) });
        if (!response.ok) return this.stop(`the sandbox control ${call.path} answered ${response.status} (is the API in test mode? \`npm run dev\` runs it so): ${await response.text()}`);
      }
      this.started = true;
      if (resumed > 0) this.set({ index: resumed, message: `the page shows ${shown}: the walk goes on from step ${resumed + 1}` });
    }
    const index = this.current.index;
    const step = this.plan.steps[index];
    if (!step) return this.done();
    if (step.role === 'COBORROWER') {
      const action = walkAction(this.plan, index);
      return this.stop(`step ${index + 1} (${step.task}) is the co-borrower’s: ${action.kind === 'manual' ? action.reason : ''}. Then reload this page (with ?inspect&path=) to go on from the applicant’s next step.`);
    }
    if (shown !== taskOf(step.task)) return this.stop(`step ${index + 1}: the path expects ${step.task}, the page shows ${shown}. The walk stops here.`);
    const action = walkAction(this.plan, index);
    switch (action.kind) {
      case 'end':
        return this.done();
      case 'manual':
        return this.stop(`step ${index + 1} (${step.task}) needs a person: ${action.reason}. Then reload this page (with ?inspect&path=) to go on from the next step.`);
      case 'wait': {
        this.set({ message: `step ${index + 1} (${step.task}): waiting, ${action.reason}` });
        const moved = await this.until(actor, (s) => settled(s) && s.context.taskKey !== shown, `the page to leave ${shown}`, 10 * this.timeout);
        return moved ? this.advance(index, `step ${index + 1} (${step.task}): the page went on to ${moved.context.taskKey ?? ''}`) : false;
      }
      case 'send': {
        const child = snapshot.children[action.child] as AnyActorRef | undefined;
        if (!child) return this.stop(`step ${index + 1} (${step.task}): the step’s machine "${action.child}" is not running`);
        const event = action.emptySubmission ? { ...action.event, submission: emptySubmission(action.task) } : action.event;
        return this.moveOn(actor, index, shown, () => child.send(event), `${action.event.type} to ${action.child}`);
      }
      case 'submit': {
        const submission = await this.submission(snapshot, action.task, action.values);
        if (typeof submission === 'string') return this.stop(`step ${index + 1} (${step.task}): ${submission}`);
        const gate = action.gate;
        const gateActor = gate ? (snapshot.children[gate.child] as AnyActorRef | undefined) : undefined;
        if (gate && gateActor) {
          const extra = Object.fromEntries(Object.entries(gate.values).map(([key, field]) => [key, String(action.values[field] ?? '')]));
          return this.moveOn(actor, index, shown, () => gateActor.send({ type: 'step.submitted', submission, ...extra }), `step.submitted to ${gate.child}`);
        }
        return this.moveOn(actor, index, shown, () => actor.send({ type: 'step.submitted', submission }), 'step.submitted');
      }
    }
  }

  /** Walks step after step, pausing between them, until the walk stops, ends or is paused. */
  async play(): Promise<void> {
    if (this.current.status === 'stopped' || this.current.status === 'done' || this.current.status === 'playing') return;
    this.set({ status: 'playing' });
    const playing = () => this.current.status === 'playing';
    while (playing()) {
      if (!(await this.next()) || !playing()) return;
      await new Promise((resolve) => setTimeout(resolve, this.deps.playPause ?? 1500));
    }
  }

  pause(): void {
    if (this.current.status === 'playing') this.set({ status: 'walking', message: `paused before step ${this.current.index + 1}` });
  }

  private get timeout(): number {
    return this.deps.stepTimeout ?? 30_000;
  }

  private done(): false {
    this.set({ status: 'done', message: `The path ends here: ${this.plan.steps.at(-1)?.task ?? ''}.` });
    return false;
  }

  private advance(index: number, message: string): boolean {
    if (index + 1 >= this.plan.steps.length) return this.done();
    this.set({ index: index + 1, message });
    return true;
  }

  /** Sends, then waits for the next step (or for the refusal, which stops the walk naming it). */
  private async moveOn(actor: ApplicationActorRef, index: number, shown: string, send: () => void, sent: string): Promise<boolean> {
    const seq = actor.getSnapshot().context.stepMove.seq;
    send();
    const after = await this.until(
      actor,
      (s) => (settled(s) && s.context.stepMove.seq !== seq) || (s.matches({ step: 'editing' }) && s.context.submitError !== null) || s.matches('failed') || s.matches('redirecting'),
      `${shown} to be answered (a step's own check may have refused the answers: see the page)`,
    );
    if (!after) return false;
    if (after.matches('failed')) return this.stop(`step ${index + 1} (${shown}): the page shows its error page (${after.context.error?.kind ?? 'error'})`);
    if (after.matches('redirecting')) return this.stop(`step ${index + 1} (${shown}): the app left for ${after.context.redirect?.to ?? 'another page'}`);
    if (after.context.submitError) return this.stop(`step ${index + 1} (${shown}): the server refused the answers: ${JSON.stringify(after.context.submitError)}`);
    return this.advance(index, `step ${index + 1} (${shown}): sent ${sent}; the page shows ${after.context.taskKey ?? ''}`);
  }

  /** The submission the step's form makes of these answers: read as typed, then its contract's payload. */
  private async submission(snapshot: Snapshot, task: string, values: Record<string, unknown>): Promise<Submission | string> {
    const contract = await this.deps.contractOf(task);
    if (!contract) return `no contract for ${task}`;
    const config = await this.deps.config();
    const { businessDomain, locale, role, start, application, products } = snapshot.context;
    const context = clientContractContext({
      domain: businessDomain,
      locale,
      role,
      start: start as Record<string, unknown>,
      application,
      products,
      features: config.features,
      allowedLocales: config.allowedLocales,
      configuredCountry: config.countryCode,
    });
    const typed = task === 'createApplicationStep' ? withinBounds(values, products, has(this.plan, 'additionalChecksAsked')) : values;
    // The path's answers are typed as in English (the contracts' examples): read them so, send them in the page's language.
    const parsed = v.safeParse(contract.formSchema({ ...context, locale: 'en' }) as v.GenericSchema, typed);
    if (!parsed.success) return `the path’s answers do not pass the form’s rules: ${parsed.issues.map((issue) => `${v.getDotPath(issue) ?? ''} ${issue.message}`).join('; ')}`;
    return { taskDefinitionKey: task, application: contract.toPayload(parsed.output as never, context), variables: {} };
  }

  /** Resolves with the first snapshot that passes `test`; stops the walk after the timeout. */
  private until(actor: ApplicationActorRef, test: (snapshot: Snapshot) => boolean, what: string, timeout = this.timeout): Promise<Snapshot | undefined> {
    const now = actor.getSnapshot();
    if (test(now)) return Promise.resolve(now);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        subscription.unsubscribe();
        this.stop(`waited ${Math.round(timeout / 1000)} s for ${what}`);
        resolve(undefined);
      }, timeout);
      const subscription = actor.subscribe((snapshot) => {
        if (!test(snapshot)) return;
        clearTimeout(timer);
        subscription.unsubscribe();
        resolve(snapshot);
      });
    });
  }
}

/**
 * Where a walk starts on a page that shows `shown`: the path's first step, or, on a page opened
 * part-way along the path, the first applicant's step that shows it (0 when none does: the walk
 * then stops at the first step, naming what the page shows).
 */
export function resumeIndex(plan: PathPlan, shown: string): number {
  if (plan.steps[0]?.task === shown) return 0;
  return Math.max(0, plan.steps.findIndex((step) => step.role === 'APPLICANT' && step.task === shown));
}

/** The submission of a step that asks nothing (as the views build it). */
function emptySubmission(task: string): Submission {
  return { taskDefinitionKey: task, application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} }, variables: {} };
}

/**
 * The first page's amount and period brought within the product's bounds from the product data the
 * page loaded (the contracts' example is one small loan, decision 215), as the replay does.
 */
function withinBounds(values: Record<string, unknown>, products: Snapshot['context']['products'], keepAmount: boolean): Record<string, unknown> {
  const product = products[values['productName'] as keyof typeof products];
  if (!product) return values;
  const clamp = (text: unknown, min: number, max: number) => (text === '' || text === undefined ? text : String(Math.min(max, Math.max(min, Number(text)))));
  // A path that asks for the additional checks (above 15 000 euros, decision 173) keeps its amount: the form refuses it where the product cannot.
  return {
    ...values,
    ...('loanAmount' in values && !keepAmount ? { loanAmount: clamp(values['loanAmount'], product.minAmount, product.maxAmount) } : {}),
    ...('loanPeriod' in values ? { loanPeriod: clamp(values['loanPeriod'], product.minPeriod, product.maxPeriod) } : {}),
  };
}
