import { assign, emit, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { asAppError, type AppError } from '../../core/domain/app-error';
import type { Locale } from '../../core/domain/languages';
import type { ProductData, ProductTable } from '../../core/domain/product-data';
import { hasInstalments } from '../../core/domain/products';
import {
  draftProblems,
  draftRequest,
  productIn,
  requestKey,
  slide,
  startDraft,
  stepRequest,
  typeText,
  type CalculatedFigures,
  type CalculationRequest,
  type Draft,
  type DraftField,
  type StepValues,
} from './calculator-values';

export type { CalculatedFigures, CalculationRequest, Draft, DraftField, StepValues };

/**
 * The loan calculator (sections 2 and 7) as step logic: the figures of the step's product, amount
 * and period, and the calculator modal with sliders and typed inputs side by side. Two regions:
 *
 * - `dialog`: waits for the step's values, then is hidden (a product it is not for, embedded mode,
 *   a partner-hosted flow whose partner set the amount), opens on its own where the step says so, or
 *   stays closed until asked. Open, it edits a working copy; only submitting applies amount and
 *   period to the step (emitted as `calculator.applied`); dismissing drops the copy.
 * - `figures`: whatever is current (the copy while open, else the step's values) is calculated after
 *   a debounce; a change cancels the request under way (its signal aborts), so a late answer is
 *   never shown, and a figure is only shown for the values it was calculated for.
 */
export interface CalculatorInput {
  /** Product data the app initialised (section 4); none: nothing to calculate. */
  products?: ProductTable;
  /** The step opens the modal when it is shown (step meta, section 2). */
  opensOnStart?: boolean;
  /** The step lets the amount be changed in the modal (step meta). */
  amountEditable?: boolean;
  /** Section 2: embedded mode hides the calculator. */
  embedded?: boolean;
  /** Section 2: a partner-hosted flow with a registration code and an amount above 0. */
  partnerAmountFixed?: boolean;
  /** A rate from the link, a display hint (section 3). */
  interestRateHint?: number | null;
}

export interface CalculatorContext {
  products: ProductTable;
  opensOnStart: boolean;
  amountEditable: boolean;
  embedded: boolean;
  partnerAmountFixed: boolean;
  interestRateHint: number | null;
  /** The step's values; null until the step told them. */
  step: StepValues | null;
  /** The modal's working copy; null while it is closed. */
  draft: Draft | null;
  /** What is being (or was last) calculated: null when the current values make no calculation. */
  request: CalculationRequest | null;
  /** Answers by request key: going back to values calculated before costs no call. */
  results: Readonly<Record<string, CalculatedFigures>>;
  error: AppError | null;
}

export type CalculatorEvent =
  /** The step's values changed (and once when it is shown). */
  | { type: 'calculator.stepChanged'; values: StepValues }
  | { type: 'calculator.opened' }
  | { type: 'calculator.dismissed' }
  /** "Use these figures": applies the copy to the step. */
  | { type: 'calculator.submitted' }
  /** A slider moved. */
  | { type: 'calculator.slid'; field: DraftField; value: number }
  /** An input's text changed, read in `locale`. */
  | { type: 'calculator.typed'; field: DraftField; text: string; locale: Locale }
  /** An input was left: its problems show from now on. */
  | { type: 'calculator.left'; field: DraftField }
  | { type: 'calculator.retried' }
  /** Internal: the values to calculate may have changed. */
  | { type: 'calculator.valuesChanged' };

/** What the step receives when the modal is submitted (amount and period; housing: price and own contribution too). */
export interface CalculatorApplied {
  type: 'calculator.applied';
  productName: string;
  amount: number;
  period: number;
  price: number | null;
  ownContribution: number | null;
}

export const CALCULATOR_DEBOUNCE_MS = 300;
/** Answers kept per calculator: enough to go back and forth without calls, small enough to forget. */
const RESULTS_KEPT = 40;

function currentRequest(context: CalculatorContext): CalculationRequest | null {
  if (context.draft) return draftRequest(productIn(context.products, context.draft.productName), context.draft, context.interestRateHint);
  return stepRequest(context.products, context.step, context.interestRateHint);
}

/**
 * The open modal's step and its product. The modal opens only once the step has told its values, for
 * a product `isHidden` lets through, and closes when the step's product becomes one it hides.
 */
function openStep(context: CalculatorContext): { step: StepValues; product: ProductData } {
  const step = context.step as StepValues;
  return { step, product: productIn(context.products, step.productName) as ProductData };
}

/** The open modal's copy (started on entering `open`) and the product it is of. */
function openCopy(context: CalculatorContext): { draft: Draft; product: ProductData } {
  const draft = context.draft as Draft;
  return { draft, product: productIn(context.products, draft.productName) as ProductData };
}

type DraftChange = Extract<CalculatorEvent, { type: 'calculator.slid' | 'calculator.typed' }>;

/** Every change of the step's values: stored, and the figures reconsidered. */
const STEP_STORED = [{ type: 'storeStep', params: ({ event }: { event: { values: StepValues } }) => event.values }, 'valuesChanged'] as const;
/** The step's new values are for a product the calculator is not shown for. */
const HIDDEN_STEP = { type: 'isHidden', params: ({ event }: { event: { values: StepValues } }) => event.values } as const;

const AMOUNT_FIELDS: readonly DraftField[] = ['amount', 'price', 'ownContribution'];

export const calculatorMachine = setup({
  types: {
    context: {} as CalculatorContext,
    events: {} as CalculatorEvent,
    input: {} as CalculatorInput,
    emitted: {} as CalculatorApplied,
  },
  actors: {
    calculate: fromPromise<CalculatedFigures, CalculationRequest>(async () => {
      throw new Error('The calculate actor is provided by the app');
    }),
  },
  delays: { debounce: CALCULATOR_DEBOUNCE_MS },
  guards: {
    /**
     * Section 2: hidden embedded, in a partner-hosted flow whose partner set the amount, and for a
     * product without instalments or without product data. Asked of the step's new values.
     */
    isHidden: ({ context }, values: StepValues) =>
      context.embedded || context.partnerAmountFixed || !hasInstalments(values.productName) || !productIn(context.products, values.productName),
    opensOnStart: ({ context }) => context.opensOnStart,
    hasNoRequest: ({ context }) => context.request === null,
    /** The values to calculate are others than the ones under way or shown (typing a name changes nothing here). */
    requestChanged: ({ context }) => requestKey(currentRequest(context)) !== requestKey(context.request),
    isCalculated: ({ context }) => requestKey(context.request) in context.results,
    draftIsValid: ({ context }) => draftProblems(openCopy(context).draft).length === 0,
    mayChange: ({ context }, field: DraftField) => context.amountEditable || !AMOUNT_FIELDS.includes(field),
  },
  actions: {
    storeStep: assign((_, values: StepValues) => ({ step: values })),
    valuesChanged: raise({ type: 'calculator.valuesChanged' }),
    startDraft: assign({
      draft: ({ context }) => {
        const { step, product } = openStep(context);
        return startDraft(product, step);
      },
    }),
    dropDraft: assign({ draft: null }),
    changeDraft: assign({
      draft: ({ context }, change: DraftChange) => {
        const { draft, product } = openCopy(context);
        return change.type === 'calculator.slid'
          ? slide(product, draft, change.field, change.value)
          : typeText(product, draft, change.field, change.text, change.locale);
      },
    }),
    showProblems: assign({ draft: ({ context }) => ({ ...openCopy(context).draft, showProblems: true }) }),
    emitApplied: emit(({ context }): CalculatorApplied => {
      const { draft } = openCopy(context);
      return {
        type: 'calculator.applied',
        productName: draft.productName,
        amount: draft.amount.value,
        period: draft.period.value,
        price: draft.price?.value ?? null,
        ownContribution: draft.ownContribution?.value ?? null,
      };
    }),
    takeRequest: assign({ request: ({ context }) => currentRequest(context) }),
    // `calculating` is entered only with a request (`deciding`).
    keepResult: assign(({ context }, figures: CalculatedFigures) => {
      const kept = Object.entries(context.results).slice(-(RESULTS_KEPT - 1));
      return { results: { ...Object.fromEntries(kept), [requestKey(context.request)]: figures }, error: null };
    }),
  },
}).createMachine({
  id: 'calculator',
  type: 'parallel',
  context: ({ input }) => ({
    products: input.products ?? {},
    opensOnStart: input.opensOnStart ?? false,
    amountEditable: input.amountEditable ?? true,
    embedded: input.embedded ?? false,
    partnerAmountFixed: input.partnerAmountFixed ?? false,
    interestRateHint: input.interestRateHint ?? null,
    step: null,
    draft: null,
    request: null,
    results: {},
    error: null,
  }),
  states: {
    dialog: {
      initial: 'waiting',
      states: {
        /** Until the step has told its values, nothing is decided. */
        waiting: {
          on: {
            'calculator.stepChanged': [
              { guard: HIDDEN_STEP, target: 'hidden', actions: STEP_STORED },
              { guard: 'opensOnStart', target: 'open', actions: STEP_STORED },
              { target: 'closed', actions: STEP_STORED },
            ],
          },
        },
        // Another product, or the values change: hidden or closed again, never opened by itself.
        hidden: {
          entry: 'dropDraft',
          on: {
            'calculator.stepChanged': [
              { guard: HIDDEN_STEP, target: 'hidden', actions: STEP_STORED },
              { target: 'closed', actions: STEP_STORED },
            ],
          },
        },
        closed: {
          // The copy goes when the modal closes (after a submit has applied it).
          entry: 'dropDraft',
          on: {
            'calculator.opened': { target: 'open' },
            'calculator.stepChanged': [
              { guard: HIDDEN_STEP, target: 'hidden', actions: STEP_STORED },
              { target: 'closed', actions: STEP_STORED },
            ],
          },
        },
        open: {
          tags: ['open'],
          entry: ['startDraft', 'valuesChanged'],
          exit: 'valuesChanged',
          on: {
            // The step cannot change behind a modal; should its product become one the calculator
            // is not for (a reload of the application), the modal goes.
            'calculator.stepChanged': [{ guard: HIDDEN_STEP, target: 'hidden', actions: STEP_STORED }, { actions: STEP_STORED }],
            'calculator.slid': {
              guard: { type: 'mayChange', params: ({ event }) => event.field },
              actions: [{ type: 'changeDraft', params: ({ event }) => event }, 'valuesChanged'],
            },
            'calculator.typed': {
              guard: { type: 'mayChange', params: ({ event }) => event.field },
              actions: [{ type: 'changeDraft', params: ({ event }) => event }, 'valuesChanged'],
            },
            'calculator.left': { actions: 'showProblems' },
            'calculator.dismissed': { target: 'closed' },
            'calculator.submitted': [{ guard: 'draftIsValid', target: 'closed', actions: 'emitApplied' }, { actions: 'showProblems' }],
          },
        },
      },
    },
    figures: {
      initial: 'idle',
      on: {
        // Not `reenter`: that would re-enter the whole machine (both regions), closing the modal.
        'calculator.valuesChanged': { guard: 'requestChanged', target: '.deciding' },
      },
      states: {
        deciding: {
          entry: 'takeRequest',
          always: [{ guard: 'hasNoRequest', target: 'idle' }, { guard: 'isCalculated', target: 'shown' }, { target: 'debouncing' }],
        },
        idle: {},
        debouncing: {
          tags: ['busy'],
          after: { debounce: 'calculating' },
        },
        calculating: {
          tags: ['busy'],
          invoke: {
            src: 'calculate',
            input: ({ context }) => context.request as CalculationRequest,
            onDone: { target: 'shown', actions: { type: 'keepResult', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => asAppError(event.error) }) },
          },
        },
        shown: {},
        failed: {
          on: { 'calculator.retried': { target: 'deciding' } },
        },
      },
    },
  },
});

export type CalculatorSnapshot = SnapshotFrom<typeof calculatorMachine>;

// The view models live in their own module, so a screen that only shows the figures does not load
// the machine's definition with them.
export { calculatorView, stepFiguresView, type CalculatorView, type FiguresView } from './calculator-view';
