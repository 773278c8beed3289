import { assertEvent, assign, enqueueActions, fromPromise, sendTo, setup, type AnyActorLogic } from 'xstate';
import { applicantOf } from '../../core/domain/applicant';
import { asAppError } from '../../core/domain/app-error';
import { countryOfDomain, type BusinessDomain, type CountryCode } from '../../core/domain/business-domains';
import { localeFromLanguageCode, type Locale } from '../../core/domain/languages';
import type { StepRole } from '../../core/domain/persons';
import { isWebProduct, productsOf, type ProductName } from '../../core/domain/products';
import { draftMachine } from '../draft/draft.machine';
import type { DraftParentEvent } from '../draft/draft.machine';
import type {
  AppError,
  ContinueApplicationInput,
  CreateApplicationInput,
  Draft,
  ChangeTaskInput,
  FindPreviousApplicationInput,
  LoadProductsInput,
  LoadProductsOutput,
  ProductTable,
  LoadStepInput,
  ReturnToTaskInput,
  StartParameters,
  StepLogic,
  StepLogicInput,
  StepCalculatorMeta,
  StepSubmission,
  StepViewLoadResult,
  SubmitStepInput,
  TaskResponse,
} from './application.actors';

/**
 * The application machine (section 4): app start with or without an externalId, continue, create,
 * load the step's screen, keep a draft, submit a step and receive the next task. It decides; the
 * app provides the I/O as actors (`application.actors.ts`), so it runs in tests with no browser
 * and no network.
 *
 * An application is created when the applicant first changes something on the first step (or
 * submits it), not on page load: visits that type nothing leave nothing behind, and from then on
 * the draft of the first step is kept on the server like any other (docs/decisions/001).
 */
export interface ApplicationInput {
  businessDomain: BusinessDomain;
  /** The country served (corporate banking's comes from configuration). */
  country?: CountryCode;
  start: StartParameters;
  locale: Locale;
  /** The first task of a new application, as the server's process says (runtime configuration). */
  firstTask: string;
  /**
   * Whose steps these are: the applicant by default; a co-borrower who joined by invitation
   * (`?role=coborrower`), or the parent page's role in embedded mode (section 6).
   */
  role?: StepRole;
  /** Section 2: embedded in a parent page. */
  embedded?: boolean;
  /** Section 6: products are not initialised for an embedded customer administrator. */
  initialiseProducts?: boolean;
  /**
   * Section 4: continuing an application at app start sets the interface language from its person
   * (not a reload under a step already shown, decision 223); section 6: not for an embedded customer
   * administrator, whose interface language is their own (decision 191).
   */
  followPersonLanguage?: boolean;
  /**
   * When the application is created: on the first change (docs/decisions/001), or, for product
   * selection outside a process (`/choose-product`), as an upsale application when the choice is
   * submitted (section 2), after which the new application is continued at `/?externalId=`.
   */
  creation?: 'first-change' | 'upsale';
}

/**
 * How the step shown came to be shown (decision 212): a new page life or a reload of the
 * application (`load`), the server's next task after a submit or a change link (`forward`), or a
 * return to the previous task (`back`). The app keeps browser history in step with it.
 */
export interface StepMove {
  seq: number;
  by: 'load' | 'forward' | 'back';
}

/** Why Back did not leave the current step (the view says so). */
export type BackRefusal = 'sent' | 'locked';

export type RedirectTarget = { kind: 'route'; to: string } | { kind: 'external'; to: string };

export interface ApplicationContext {
  businessDomain: BusinessDomain;
  country: CountryCode;
  firstTask: string;
  role: StepRole;
  start: StartParameters;
  locale: Locale;
  externalId: string | null;
  taskKey: string | null;
  /** Application version; every write carries it. */
  version: number;
  stepCount: number;
  application: TaskResponse['application'] | null;
  /** The draft of the current step as last loaded from the server (restores typed data). */
  draft: Draft | null;
  draftVersion: number;
  /** The latest typed data of the current step, whether or not it is saved yet. */
  typed: Record<string, unknown> | null;
  /** The data the server last confirmed for this step's draft (identity tells unsaved typing). */
  saved: Record<string, unknown> | null;
  /** A submission waiting for the application to be created first. */
  queued: { submission: Omit<StepSubmission, 'version'> } | null;
  /** Why the page cannot show a step (shown by the error view and reported to the error handler). */
  error: AppError | null;
  /** Why the last submission failed (shown on the submit button; typed data is kept). */
  submitError: AppError | null;
  /** Another tab changed this application: typed data here can no longer be saved. */
  draftConflict: boolean;
  redirect: RedirectTarget | null;
  /** The loaded step ends the flow (its meta says so). */
  stepTerminal: boolean;
  /** Which of the loaded step's views is shown. */
  stepVariant: string;
  /** The loaded step's own machines, run as children while it is shown. */
  stepLogic: StepLogic | null;
  /** The task Back returns to, when the process allows it. */
  previousTask: string | null;
  /**
   * The bank's own work the current task waits for (decisions 172, 173): its page says what the bank
   * does now, and the page's task poll (its step logic, machines/task-poll: loaded with the page, not
   * with the first one) looks again until the back office answers; null when it waits for nothing.
   */
  awaitingCheck: string | null;
  /** Back was pressed where it cannot go back: the reason, until the next step. */
  backRefusal: BackRefusal | null;
  /** The last move between steps (decision 212: browser history follows it). */
  stepMove: StepMove;
  /** The loaded step is a page of answers whose Continue the browser's Forward may press (its meta). */
  stepResubmits: boolean;
  /** Counts the browser's Forwards taken: the step's form answers each by pressing its Continue. */
  forwardRequest: number;
  /** A Forward asked the step's form to continue and it has not answered yet. */
  forwarding: boolean;
  embedded: boolean;
  initialiseProducts: boolean;
  followPersonLanguage: boolean;
  creation: 'first-change' | 'upsale';
  /** The product data initialised so far (section 4), by product name. */
  products: ProductTable;
  /** What was asked for already, so a later step asks only for what it lacks. */
  productsAsked: readonly string[];
  /**
   * What the failure that shows stopped: the application, its product data, the link it came with, or
   * what the step's own machine needed (`step.failed`).
   */
  failedWhile: 'application' | 'products' | 'link' | 'step' | null;
  /** The loaded step's calculator settings (its meta, section 2). */
  stepCalculator: StepCalculatorMeta;
}

export type ApplicationEvent =
  | { type: 'form.changed'; data: Record<string, unknown> }
  | { type: 'step.submitted'; submission: Omit<StepSubmission, 'version'> }
  /** The browser's Back button, in the middle of the flow. */
  | { type: 'history.back' }
  /** The step's signing machine: every contract is signed, so the step is sent (issue 26: one contract-signed page; decision 211). */
  | { type: 'step.signed' }
  /** The page's own Back link (issue 26): offered only where the process allows a return, so never refused. */
  | { type: 'step.back' }
  /**
   * The browser's Forward after a Back (decision 212): on a page of answers, the step's form is asked
   * to press Continue with what it shows (the normal submit: the server's process picks the next task).
   */
  | { type: 'history.forward' }
  /** The step's form did not continue after a Forward (its answers no longer pass): it stays, with its errors. */
  | { type: 'step.forwardStopped' }
  /** A change link on the check-answers page: back to that answered task, then back to the summary (issue 11). */
  | { type: 'step.change'; taskKey: string }
  | { type: 'page.hidden' }
  | { type: 'language.changed'; locale: Locale }
  | { type: 'application.reloaded' }
  /**
   * The step's logic gave this application up for another of the applicant's (ChooseContinueOption,
   * decision 121): the app goes to that application's route, which starts the flow there afresh.
   */
  | { type: 'application.switched'; to: string }
  | { type: 'app.retried' }
  /**
   * A step's own machine (or its view) could not do what the step needs (section 8: the open-banking
   * bank list failed): the common error handler takes over, as for the app's own failed calls, with
   * its way to try again (decision 153). Generic: any step may report one.
   */
  | { type: 'step.failed'; error: AppError }
  | DraftParentEvent;

/** What a task reply sets. The language is left alone: only a continue takes the applicant's. */
function fromTaskResponse(task: TaskResponse): Partial<ApplicationContext> {
  const draft = task.draft?.taskDefinitionKey === task.taskDefinitionKey ? task.draft : null;
  return {
    externalId: task.externalId,
    taskKey: task.taskDefinitionKey,
    version: task.version,
    stepCount: task.stepCount,
    application: task.application,
    draft,
    draftVersion: draft?.version ?? 0,
    previousTask: task.previousTaskDefinitionKey ?? null,
    awaitingCheck: task.awaitingCheck ?? null,
    // Fresh data from the server: a conflict or a refused Back on the previous task no longer applies.
    draftConflict: false,
    backRefusal: null,
  };
}

/** The partner's goods a link or the application names (section 3: reg_code and goods_name). */
function partnerGoodsOf(context: ApplicationContext): { regCode: string; goodsName: string } | null {
  const regCode = context.application?.source?.partner?.regCode ?? context.start.partner?.regCode;
  const goodsName = context.application?.goodsName ?? context.start.partner?.goodsName;
  return regCode && goodsName ? { regCode, goodsName } : null;
}

/**
 * Section 4, products are initialised: what the bank's own pages offer in this domain, and the
 * product the application (or the link) is about. A partner's goods come with the partner's terms.
 */
function productsToLoad(context: ApplicationContext): LoadProductsInput {
  const offered = productsOf(context.businessDomain, context.country);
  const wanted: ProductName[] = offered.filter((item) => isWebProduct(item.productName)).map((item) => item.productName);
  const own = context.application?.creditConditions.productName ?? context.start.productName;
  const extra = offered.find((item) => item.productName === own);
  if (extra && !wanted.includes(extra.productName)) wanted.push(extra.productName);
  const partner = partnerGoodsOf(context);
  return {
    productNames: wanted.filter((name) => !context.productsAsked.includes(name)),
    partner: partner && !context.productsAsked.includes(partnerKeyOf(partner)) ? partner : null,
  };
}

/** How a partner's goods are kept among what was asked for (`productsAsked`). */
function partnerKeyOf(partner: { regCode: string; goodsName: string }): string {
  return `partner:${partner.regCode}:${partner.goodsName}`;
}

/**
 * The link's partner set the amount: a partner-hosted flow with a registration code and an amount
 * above 0 (section 2). Not the partner short flow: there the partner set the amount too, and the
 * spec opens the modal with the amount disabled instead (decision 097).
 */
function partnerAmountFixed(context: ApplicationContext): boolean {
  if (context.application?.source?.channel === 'PARTNER_SHORT') return false;
  const regCode = context.application?.source?.partner?.regCode ?? context.start.partner?.regCode;
  const amount = context.application?.goodsPrice ?? context.start.partner?.goodsPrice;
  return Boolean(regCode) && (amount ?? 0) > 0;
}

/** The choice a product-selection submission carries (section 2: loanAmount, loanPeriod, loanPurpose, productName). */
function choiceOf(submission: Omit<StepSubmission, 'version'> | undefined): NonNullable<CreateApplicationInput['upsale']> {
  const conditions = (submission?.application.applicationUpdates['creditConditions'] ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const choice = {
    productName: text(conditions['productName']),
    loanAmount: number(conditions['loanAmount']),
    loanPeriod: number(conditions['loanPeriod']),
    loanPurpose: text(conditions['loanPurpose']),
  };
  return Object.fromEntries(Object.entries(choice).filter(([, value]) => value !== undefined));
}

/** A creation refused because of the link's partner parameters (section 3), not anything typed. */
function refusesTheLink(error: unknown): boolean {
  const appError = asAppError(error);
  return appError.kind === 'validation' && Object.keys(appError.fieldErrors).some((path) => path.startsWith('application.partner'));
}

/**
 * How long Back waits for the step's draft write before asking the return anyway (decision 231): long
 * enough for a save and one quick retry on a slow network, short enough that a hanging write does not
 * hold the applicant on the page.
 */
export const DRAFT_SETTLE_WAIT_MS = 4_000;

/** An actor the app provides (`machine.provide`): unprovided, it fails naming itself. */
function providedByTheApp<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The ${name} actor is provided by the app`);
  });
}

export const applicationMachine = setup({
  types: {
    context: {} as ApplicationContext,
    events: {} as ApplicationEvent,
    input: {} as ApplicationInput,
  },
  actors: {
    findPreviousApplication: providedByTheApp<string | null, FindPreviousApplicationInput>('findPreviousApplication'),
    continueApplication: providedByTheApp<TaskResponse, ContinueApplicationInput>('continueApplication'),
    createApplication: providedByTheApp<TaskResponse, CreateApplicationInput>('createApplication'),
    loadStepView: providedByTheApp<StepViewLoadResult, LoadStepInput>('loadStepView'),
    submitStep: providedByTheApp<TaskResponse, SubmitStepInput>('submitStep'),
    returnToTask: providedByTheApp<TaskResponse, ReturnToTaskInput>('returnToTask'),
    changeTask: providedByTheApp<TaskResponse, ChangeTaskInput>('changeTask'),
    loadProducts: providedByTheApp<LoadProductsOutput, LoadProductsInput>('loadProducts'),
    draftSync: draftMachine,
  },
  delays: {
    draftSettleWait: DRAFT_SETTLE_WAIT_MS,
  },
  guards: {
    isUpsale: ({ context }) => context.creation === 'upsale',
    // Decision 233: a partner's link (section 3: reg_code) is an application for the shop's goods, not a
    // reload of `/`: continuing the session's unfinished one would drop the goods and the shop.
    comesFromAPartnersLink: ({ context }) => context.start.partner?.regCode !== undefined,
    createsOnFirstChange: ({ context }) => context.creation === 'first-change',
    needsProducts: ({ context }) => {
      if (!context.initialiseProducts) return false;
      const wanted = productsToLoad(context);
      return wanted.productNames.length > 0 || wanted.partner !== null;
    },
    refusesTheLink: ({ event }) => 'error' in event && refusesTheLink(event.error),
    hasExternalId: ({ context }) => context.externalId !== null,
    hasNoExternalId: ({ context }) => context.externalId === null,
    hasQueuedSubmission: ({ context }) => context.queued !== null,
    isFinished: ({ context }) => context.stepTerminal,
    canGoBack: ({ context }) => !context.stepTerminal && context.previousTask !== null,
    canGoForward: ({ context }) => context.stepResubmits && !context.stepTerminal && !context.forwarding,
    draftWritable: ({ context }) => !context.draftConflict,
    /** Only a path of this app (`/...`), never another origin (`//host`, `/\\host`). */
    isAppRoute: ({ event }) => {
      assertEvent(event, 'application.switched');
      return /^\/(?![/\\])/.test(event.to);
    },
    /** Typed data the server does not hold yet, and may still be written. */
    hasUnsavedTyping: ({ context }) => !context.draftConflict && context.typed !== context.saved,
  },
  actions: {
    rememberTyped: assign({
      typed: ({ event }) => {
        assertEvent(event, 'form.changed');
        return event.data;
      },
    }),
    forwardToDraft: sendTo('draft', ({ context }) => ({ type: 'draft.changed' as const, data: context.typed ?? {} })),
    flushDraft: sendTo('draft', { type: 'draft.flush' as const }),
    settleDraft: sendTo('draft', { type: 'draft.settle' as const }),
    storeTask: assign((_, task: TaskResponse) => fromTaskResponse(task)),
    attachDraft: sendTo('draft', ({ context }) => ({
      type: 'draft.attached' as const,
      // Stryker disable next-line StringLiteral: equivalent (decision 249), run only after storeTask, which set the task's externalId (a string by its schema).
      externalId: context.externalId ?? '',
      version: context.draftVersion,
    })),
    /** A signing step asks nothing: once signed, its submission is the empty one of its contract (the API checks the signature). */
    queueSignedStep: assign({
      queued: ({ context }) => ({
        submission: {
          taskDefinitionKey: context.taskKey ?? '',
          application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
          variables: {},
        } as Omit<StepSubmission, 'version'>,
      }),
      submitError: null,
    }),
    queueSubmission: assign({
      queued: ({ event }) => {
        assertEvent(event, 'step.submitted');
        return { submission: event.submission };
      },
      submitError: null,
      forwarding: false,
    }),
    moved: assign({ stepMove: ({ context }, by: StepMove['by']): StepMove => ({ seq: context.stepMove.seq + 1, by }) }),
    /** Starts the step's own machines with the app's actors (they stop when the step is left). */
    startStepLogic: enqueueActions(({ context, enqueue }) => {
      const input: StepLogicInput = {
        businessDomain: context.businessDomain,
        country: context.country,
        locale: context.locale,
        externalId: context.externalId,
        role: context.role,
        products: context.products,
        embedded: context.embedded,
        partnerAmountFixed: partnerAmountFixed(context),
        interestRateHint: context.start.interestRate ?? null,
        productName: context.application?.creditConditions.productName ?? null,
        taskKey: context.taskKey,
        awaitingCheck: context.awaitingCheck,
        ...context.stepCalculator,
      };
      // The step's machines are not among this machine's own actors, so spawning them by logic is
      // typed loosely here: their ids and inputs are the step contract of StepLogic.
      const spawn = enqueue.spawnChild as unknown as (logic: AnyActorLogic, options: { id: string; input: StepLogicInput }) => void;
      for (const [id, logic] of Object.entries(context.stepLogic ?? {})) spawn(logic, { id, input });
    }),
    stopStepLogic: enqueueActions(({ context, enqueue }) => {
      for (const id of Object.keys(context.stepLogic ?? {})) enqueue.stopChild(id);
    }),
    refuseBack: assign({ backRefusal: ({ context }): BackRefusal => (context.stepTerminal ? 'sent' : 'locked') }),
  },
}).createMachine({
  id: 'application',
  context: ({ input }) => ({
    businessDomain: input.businessDomain,
    country: input.country ?? countryOfDomain(input.businessDomain),
    firstTask: input.firstTask,
    role: input.role ?? 'APPLICANT',
    start: input.start,
    locale: input.locale,
    externalId: input.start.externalId ?? null,
    taskKey: null,
    version: 0,
    stepCount: 0,
    application: null,
    draft: null,
    draftVersion: 0,
    typed: null,
    saved: null,
    queued: null,
    error: null,
    submitError: null,
    draftConflict: false,
    redirect: null,
    stepTerminal: false,
    stepVariant: 'default',
    stepLogic: null,
    previousTask: null,
    awaitingCheck: null,
    backRefusal: null,
    stepMove: { seq: 0, by: 'load' },
    stepResubmits: false,
    forwardRequest: 0,
    forwarding: false,
    embedded: input.embedded ?? false,
    initialiseProducts: input.initialiseProducts ?? true,
    followPersonLanguage: input.followPersonLanguage ?? true,
    creation: input.creation ?? 'first-change',
    products: {},
    productsAsked: [],
    failedWhile: null,
    stepCalculator: { opensOnStart: false, amountEditable: true },
  }),
  on: {
    'language.changed': { actions: assign({ locale: ({ event }) => event.locale }) },
  },
  initial: 'booting',
  states: {
    booting: {
      // Product selection (`/choose-product`) and a partner's link are not a continuation: they always start afresh.
      always: [
        { guard: 'hasExternalId', target: 'continuing' },
        { guard: 'isUpsale', target: 'startingNew' },
        { guard: 'comesFromAPartnersLink', target: 'startingNew' },
        { target: 'lookingUpPrevious' },
      ],
    },
    /**
     * A reload of `/` without the query continues the session's unfinished application. A link that
     * names a product (the bank's product page, a landing page) continues only an unfinished one of
     * that product: the customer asked for it, so another product's is never where they land (decision
     * 239; that one is offered on ChooseContinueOption once they give their personal code, decision 121).
     */
    lookingUpPrevious: {
      invoke: {
        src: 'findPreviousApplication',
        input: ({ context }): FindPreviousApplicationInput => ({ productName: context.start.namedProduct ?? null }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'continuing',
            actions: assign({ externalId: ({ event }) => event.output }),
          },
          { target: 'startingNew' },
        ],
        // Best effort: without the answer the applicant simply starts a new application.
        onError: { target: 'startingNew' },
      },
    },
    startingNew: {
      entry: assign({
        taskKey: ({ context }) => context.firstTask,
        stepCount: 1,
        externalId: null,
        version: 0,
        draft: null,
        draftVersion: 0,
        previousTask: null,
        // awaitingCheck stays as it was: only the pages that wait read it, and the first task is none of them.
      }),
      exit: { type: 'moved', params: 'load' },
      always: { target: 'loadingStep' },
    },
    continuing: {
      invoke: {
        src: 'continueApplication',
        input: ({ context }): ContinueApplicationInput => {
          const redirect = context.start.partner?.processData?.webShopRedirectUri;
          // Stryker disable next-line StringLiteral: unreachable, every way into continuing needs an externalId (hasExternalId)
          return { externalId: context.externalId ?? '', role: context.role, ...(redirect ? { webShopRedirectUri: redirect } : {}) };
        },
        onDone: {
          target: 'loadingStep',
          actions: [
            assign(({ context, event }) => ({
              ...fromTaskResponse(event.output),
              // Section 4: at app start only (no step shown yet). The application loaded again under a
              // step the applicant is reading (`application.reloaded`: the signing refused for good, the
              // upload's limit, "load it again") keeps the language she reads in (decision 223).
              locale:
                (context.followPersonLanguage && context.taskKey === null ? localeFromLanguageCode(applicantOf(event.output.application)?.languageCode) : undefined) ??
                context.locale,
            })),
            { type: 'moved', params: 'load' },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => asAppError(event.error), failedWhile: 'application' }),
        },
      },
    },
    /**
     * The step's screen (and its machines) load while the product data it needs is initialised
     * (section 4); the step shows when both are there. A failure of either shows an error page with
     * a way to try again, never a blank page.
     */
    loadingStep: {
      type: 'parallel',
      onDone: { target: 'step' },
      states: {
        view: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadStepView',
                input: ({ context }): LoadStepInput => ({
                  taskKey: shownTaskOf(context),
                  externalId: context.externalId,
                  role: context.role,
                  channel: context.application?.source?.channel ?? null,
                }),
                onDone: [
                  {
                    guard: ({ event }) => event.output.outcome === 'loaded',
                    target: 'loaded',
                    actions: assign(({ context, event }) => ({
                      typed: context.draft?.data ?? null,
                      saved: context.draft?.data ?? null,
                      submitError: null,
                      ...fromStepView(event.output),
                      forwarding: false,
                    })),
                  },
                  // No screen for the key: where the app goes instead (section 4's fallback rules).
                  { target: '#application.redirecting', actions: assign(({ event }) => fromStepView(event.output)) },
                ],
                onError: {
                  target: '#application.failed',
                  actions: assign({ error: ({ event }) => asAppError(event.error), failedWhile: 'application' }),
                },
              },
            },
            loaded: { type: 'final' },
          },
        },
        products: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'needsProducts', target: 'loading' }, { target: 'ready' }],
            },
            loading: {
              invoke: {
                src: 'loadProducts',
                input: ({ context }) => productsToLoad(context),
                onDone: {
                  target: 'ready',
                  actions: assign(({ context, event }) => {
                    const asked = productsToLoad(context);
                    const { partnerProduct } = event.output;
                    // Before the application exists, the partner's goods decide the product (section 3),
                    // and the price of the goods is the amount.
                    const goodsPrice = context.start.partner?.goodsPrice ?? 0;
                    const start =
                      partnerProduct && !context.application
                        ? { ...context.start, productName: partnerProduct, ...(goodsPrice > 0 ? { loanAmount: goodsPrice } : {}) }
                        : context.start;
                    return {
                      start,
                      products: { ...context.products, ...event.output.products },
                      productsAsked: [
                        ...context.productsAsked,
                        ...asked.productNames,
                        ...(asked.partner ? [partnerKeyOf(asked.partner)] : []),
                      ],
                    };
                  }),
                },
                onError: {
                  target: '#application.failed',
                  actions: assign({ error: ({ event }) => asAppError(event.error), failedWhile: 'products' }),
                },
              },
            },
            ready: { type: 'final' },
          },
        },
      },
    },
    /** A step's screen is shown. Its sub-states say what happens behind it. */
    step: {
      initial: 'editing',
      entry: 'startStepLogic',
      exit: 'stopStepLogic',
      /**
       * The draft actor lives as long as the step is shown, so a save answered while a submission
       * is under way is not lost (its version is needed if the submission fails). Before the
       * application exists it only remembers; `draft.attached` lets it save.
       */
      invoke: {
        id: 'draft',
        src: 'draftSync',
        input: ({ context }) => ({
          externalId: applicationIdOf(context),
          taskDefinitionKey: shownTaskOf(context),
          version: context.draftVersion,
        }),
      },
      on: {
        'draft.saved': {
          actions: assign({ draftVersion: ({ event }) => event.version, saved: ({ event }) => event.data }),
        },
        'draft.conflicted': { actions: assign({ draftConflict: true }) },
        'draft.failed': {},
        // Only an application that exists can be loaded again: on the first step nothing is saved yet.
        'application.reloaded': { guard: 'hasExternalId', target: 'continuing', actions: assign({ draftConflict: false, submitError: null }) },
        'application.switched': {
          guard: 'isAppRoute',
          target: '#application.redirecting',
          actions: assign({ redirect: ({ event }): RedirectTarget => ({ kind: 'route', to: event.to }) }),
        },
        // Back where the process allows it goes to the previous task; elsewhere the applicant stays
        // and is told why (issue 8: Back never leaves the flow in the middle, never repeats a submit).
        'history.back': [{ guard: 'canGoBack', target: '.returning' }, { actions: 'refuseBack' }],
        // The Back link shows only while this can be taken (`state.can`), so it needs no refusal.
        'step.back': { guard: 'canGoBack', target: '.returning' },
        'step.forwardStopped': { actions: assign({ forwarding: false }) },
        // Decision 153: a step's machine hands its failure to the common error handler. Leaving the
        // step stops its machines; trying again there continues the application and shows the step afresh.
        'step.failed': {
          target: '#application.failed',
          actions: assign({ error: ({ event }) => event.error, failedWhile: 'step' }),
        },
      },
      states: {
        editing: {
          initial: 'checking',
          states: {
            checking: {
              always: [
                { guard: 'isFinished', target: '#application.step.finished' },
                { guard: 'hasNoExternalId', target: 'unsaved' },
                { target: 'synced' },
              ],
            },
            /** No application exists yet: the first change creates it. */
            unsaved: {
              on: {
                'form.changed': [
                  { guard: 'createsOnFirstChange', target: '#application.step.creating', actions: 'rememberTyped' },
                  { actions: 'rememberTyped' },
                ],
              },
            },
            synced: {
              // Typing the server does not hold yet (e.g. typed while the application was being
              // created) is saved now; a step entered with nothing new writes nothing.
              entry: enqueueActions(({ check, enqueue }) => {
                if (check('hasUnsavedTyping')) enqueue('forwardToDraft');
              }),
              on: {
                'form.changed': [
                  { guard: 'draftWritable', actions: ['rememberTyped', 'forwardToDraft'] },
                  { actions: 'rememberTyped' },
                ],
                'page.hidden': { actions: 'flushDraft' },
                'step.change': { target: '#application.step.changing' },
                // Decision 212: Forward presses Continue on a page of answers, nothing else. Elsewhere
                // (an action step, or while something is under way) it is not taken: the app puts the
                // history entry back.
                'history.forward': {
                  guard: 'canGoForward',
                  actions: assign({ forwarding: true, forwardRequest: ({ context }) => context.forwardRequest + 1 }),
                },
              },
            },
          },
          on: {
            'step.submitted': { target: 'submitting', actions: 'queueSubmission' },
            'step.signed': { target: 'submitting', actions: 'queueSignedStep' },
          },
        },
        creating: {
          invoke: {
            src: 'createApplication',
            input: ({ context }): CreateApplicationInput => ({
              start: context.start,
              languageCode: context.locale,
              // Stryker disable next-line OptionalChaining: equivalent (decision 250), an upsale application is created only from `submitting`, with the choice queued (`queueSubmission` on `step.submitted`).
              ...(context.creation === 'upsale' ? { upsale: choiceOf(context.queued?.submission) } : {}),
            }),
            onDone: [
              {
                // Product selection made the upsale application with its choice: continue it at `/`.
                guard: 'isUpsale',
                target: '#application.redirecting',
                actions: assign({ redirect: ({ event }): RedirectTarget => ({ kind: 'route', to: `/?externalId=${encodeURIComponent(event.output.externalId)}` }) }),
              },
              {
                guard: 'hasQueuedSubmission',
                target: 'submitting',
                actions: [{ type: 'storeTask', params: ({ event }) => event.output }, 'attachDraft'],
              },
              {
                target: 'editing',
                actions: [{ type: 'storeTask', params: ({ event }) => event.output }, 'attachDraft'],
              },
            ],
            onError: [
              // The link's partner parameters were refused (section 3): nothing typed can change that.
              {
                guard: 'refusesTheLink',
                target: '#application.failed',
                actions: assign({ error: ({ event }) => asAppError(event.error), failedWhile: 'link', queued: null }),
              },
              {
                guard: 'hasQueuedSubmission',
                target: 'editing',
                actions: assign({ submitError: ({ event }) => asAppError(event.error), queued: null }),
              },
              // Creation on first change is best effort: the next change or the submit tries again.
              { target: 'editing' },
            ],
          },
          on: {
            'form.changed': { actions: 'rememberTyped' },
            'step.submitted': { actions: 'queueSubmission' },
            'history.back': {},
            'step.back': {},
          },
        },
        submitting: {
          always: { guard: 'hasNoExternalId', target: 'creating' },
          // Back while a submission is under way neither cancels nor repeats it.
          on: { 'history.back': {}, 'step.back': {} },
          invoke: {
            src: 'submitStep',
            input: ({ context }) => ({
              externalId: applicationIdOf(context),
              submission: {
                ...(context.queued?.submission as Omit<StepSubmission, 'version'>),
                version: context.version,
                ...(context.typed ? { draft: context.typed } : {}),
              },
            }),
            onDone: {
              target: '#application.loadingStep',
              actions: [
                assign(({ event }) => ({
                  ...fromTaskResponse(event.output),
                  queued: null,
                  typed: null,
                  submitError: null,
                })),
                { type: 'moved', params: 'forward' },
              ],
            },
            onError: {
              target: 'editing',
              actions: assign({ submitError: ({ event }) => asAppError(event.error), queued: null }),
            },
          },
        },
        /**
         * Back to the previous task (the process allowed it); what was typed here stays in its draft.
         * The draft's write is answered before the return is asked (decision 231): the server takes a
         * step's draft only while the process is at that step, so a return that overtook the write
         * would lose the last answer typed before Back.
         */
        returning: {
          initial: 'checkingDraft',
          on: { 'history.back': {}, 'step.back': {} },
          states: {
            // Nothing typed here that the server does not hold: nothing to wait for.
            checkingDraft: { always: [{ guard: 'hasUnsavedTyping', target: 'savingDraft' }, { target: 'asking' }] },
            savingDraft: {
              entry: 'settleDraft',
              on: { 'draft.settled': 'asking' },
              // A write that hangs does not hold the applicant: the return goes ahead without it.
              after: { draftSettleWait: 'asking' },
            },
            asking: {
              invoke: {
                src: 'returnToTask',
                input: ({ context }) => ({ externalId: applicationIdOf(context), taskDefinitionKey: shownTaskOf(context), version: context.version }),
                onDone: {
                  target: '#application.loadingStep',
                  actions: [assign(({ event }) => ({ ...fromTaskResponse(event.output), typed: null, submitError: null })), { type: 'moved', params: 'back' }],
                },
                onError: { target: '#application.step.editing', actions: assign({ submitError: ({ event }) => asAppError(event.error) }) },
              },
            },
          },
        },
        /**
         * A change link of the check-answers page (issue 11): the server takes the process back to
         * that task; once it is submitted again the process returns to the summary.
         */
        changing: {
          on: { 'history.back': {}, 'step.back': {}, 'step.change': {} },
          invoke: {
            src: 'changeTask',
            // Entered by a change link only (`synced`'s `step.change`): the event is that link's.
            input: ({ context, event }): ChangeTaskInput => ({
              externalId: applicationIdOf(context),
              taskDefinitionKey: (event as Extract<ApplicationEvent, { type: 'step.change' }>).taskKey,
              fromTaskDefinitionKey: shownTaskOf(context),
              version: context.version,
            }),
            onDone: {
              target: '#application.loadingStep',
              actions: [assign(({ event }) => ({ ...fromTaskResponse(event.output), typed: null, submitError: null })), { type: 'moved', params: 'forward' }],
            },
            onError: { target: 'editing', actions: assign({ submitError: ({ event }) => asAppError(event.error) }) },
          },
        },
        /** A terminal task (thank-you, decision): nothing more to type or save. */
        finished: {},
      },
    },
    /** The step is served by a route or another application (section 4 fallback rules). */
    redirecting: { type: 'final' },
    failed: {
      on: { 'app.retried': { target: 'booting', actions: assign({ error: null, failedWhile: null }) } },
    },
  },
});

/**
 * What loading a step's view sets: the loaded view's settings, or where the app goes instead when there
 * is no screen for the key (a route of the same name, or the fallback loan application URL).
 */
function fromStepView(view: StepViewLoadResult): Partial<ApplicationContext> {
  switch (view.outcome) {
    case 'loaded':
      return {
        stepTerminal: view.terminal,
        stepVariant: view.variant,
        stepLogic: view.logic,
        stepCalculator: view.calculator,
        stepResubmits: view.resubmitsOnForward === true,
      };
    case 'route':
      return { redirect: { kind: 'route', to: view.path } };
    case 'fallback':
      return { redirect: { kind: 'external', to: view.url } };
  }
}

/**
 * The application's id in the calls of a step: '' until the application exists, which the draft actor
 * reads as not attached yet (it saves nothing until `draft.attached` names the new application).
 */
function applicationIdOf(context: ApplicationContext): string {
  return context.externalId ?? '';
}

/** The task a step's calls name: set by every way into `loadingStep` (the first task, or a task reply). */
function shownTaskOf(context: ApplicationContext): string {
  // Stryker disable next-line StringLiteral: equivalent (decision 250), `taskKey` is null only before the first task is known (booting, looking up, continuing), and no call of a step is made then.
  return context.taskKey ?? '';
}

export type ApplicationMachine = typeof applicationMachine;
