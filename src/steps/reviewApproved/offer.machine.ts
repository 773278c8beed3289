import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { asAppError, type AppError } from '../../../core/domain/app-error';
import type { Locale } from '../../../core/domain/languages';
import type { ApprovedOffer } from '../../../core/domain/offers';
import type { ProductData } from '../../../core/domain/product-data';
import {
  draftRequest,
  requestFor,
  requestKey,
  slide,
  startDraft,
  typeText,
  type CalculatedFigures,
  type CalculationRequest,
  type Draft,
} from '../../../machines/calculator/calculator-view';

/**
 * ReviewApproved's offer calculator (section 2; decision 131): the approved offer's amount and
 * period, changed with sliders and typed inputs side by side within the offer's bounds (never the
 * product's), and its figures recalculated through the loan calculation (section 7) after a
 * debounce, a change cancelling the request under way. The approved figures are the server's and
 * are shown without a call. Accepting is allowed only with valid values whose figures are shown: the
 * applicant accepts what they see; the server re-checks and computes the offer itself.
 */
export type OfferField = 'amount' | 'period';

export type OfferEvent =
  /** The page shows this approved offer of this product (once, when shown). */
  | { type: 'offer.shown'; offer: ApprovedOffer; product: ProductData }
  | { type: 'offer.slid'; field: OfferField; value: number }
  | { type: 'offer.typed'; field: OfferField; text: string; locale: Locale }
  /** An input was left: its problems show from now on. */
  | { type: 'offer.left'; field: OfferField }
  | { type: 'offer.retried' }
  /** "Accept the offer". */
  | { type: 'offer.accepted' };

/** Emitted when the offer is accepted with valid values: the page submits them. */
export interface OfferAccepted {
  type: 'offer.acceptedWith';
  amount: number;
  period: number;
}

export interface OfferContext {
  /** The product priced at the offer's rate and bounded by the offer (decision 131). */
  product: ProductData | null;
  offer: ApprovedOffer | null;
  draft: Draft | null;
  request: CalculationRequest | null;
  results: Readonly<Record<string, CalculatedFigures>>;
  error: AppError | null;
}

export const OFFER_DEBOUNCE_MS = 300;

/** The product as the offer may be taken: its bounds the offer's, its rate the offer's. */
export function offerProduct(product: ProductData, offer: ApprovedOffer): ProductData {
  return {
    ...product,
    ...offer.bounds,
    baseAmount: offer.amount,
    basePeriod: offer.period,
    interestRate: offer.interestRate,
    minInterestRate: Math.min(product.minInterestRate, offer.interestRate),
    maxInterestRate: Math.max(product.maxInterestRate, offer.interestRate),
  };
}

function approvedFigures(offer: ApprovedOffer): CalculatedFigures {
  return {
    monthlyPayment: offer.monthlyPayment,
    totalRepaymentAmount: offer.totalRepaymentAmount,
    totalAmountTransferredToAccount: offer.totalAmountTransferredToAccount,
    contractConclusionFee: offer.contractConclusionFee,
    monthlyFee: offer.monthlyFee,
    totalCostOfCredit: Math.round((offer.totalRepaymentAmount - offer.totalAmountTransferredToAccount) * 100) / 100,
    annualPercentageRate: offer.annualPercentageRate,
  };
}

export const offerMachine = setup({
  types: {
    context: {} as OfferContext,
    events: {} as OfferEvent,
    emitted: {} as OfferAccepted,
  },
  actors: {
    calculate: fromPromise<CalculatedFigures, CalculationRequest>(async () => {
      throw new Error('The calculate actor is provided by the app');
    }),
  },
  delays: { debounce: OFFER_DEBOUNCE_MS },
  guards: {
    hasNoRequest: ({ context }) => context.request === null,
    // Stryker disable next-line ConditionalExpression: equivalent (decision 252), `deciding` asks `hasNoRequest` first; the check narrows the type.
    isCalculated: ({ context }) => context.request !== null && requestKey(context.request) in context.results,
  },
  actions: {
    show: assign((_, { offer, product: shown }: { offer: ApprovedOffer; product: ProductData }) => {
      const product = offerProduct(shown, offer);
      // The offer's amount and period (the product's base values here are the offer's).
      const draft = startDraft(product, offer);
      const approved = requestFor(product, offer.amount, offer.period);
      return { product, offer, draft, results: approved ? { [requestKey(approved)]: approvedFigures(offer) } : {} };
    }),
    change: assign({
      draft: ({ context }, change: Extract<OfferEvent, { type: 'offer.slid' | 'offer.typed' }>) => {
        // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent (decision 252), every `editing` state has the product and draft `show` set; the check narrows the types.
        if (!context.product || !context.draft) return context.draft;
        return change.type === 'offer.slid'
          ? slide(context.product, context.draft, change.field, change.value)
          : typeText(context.product, context.draft, change.field, change.text, change.locale);
      },
    }),
    showProblems: assign({ draft: ({ context }) => (context.draft ? { ...context.draft, showProblems: true } : null) }),
    takeRequest: assign({ request: ({ context }) => draftRequest(context.product ?? undefined, context.draft, null) }),
    keepResult: assign(({ context }, figures: CalculatedFigures) =>
      context.request ? { results: { ...context.results, [requestKey(context.request)]: figures }, error: null } : {},
    ),
    emitAccepted: emit(({ context }): OfferAccepted => ({
      type: 'offer.acceptedWith',
      // Stryker disable next-line OptionalChaining: equivalent (decision 252), `shown` always has a draft (set by `show`, never emptied).
      amount: context.draft?.amount.value ?? 0,
      // Stryker disable next-line OptionalChaining: equivalent (decision 252), as above.
      period: context.draft?.period.value ?? 0,
    })),
  },
}).createMachine({
  id: 'offer',
  context: { product: null, offer: null, draft: null, request: null, results: {}, error: null },
  initial: 'waiting',
  states: {
    waiting: {
      on: { 'offer.shown': { target: 'editing', actions: { type: 'show', params: ({ event }) => event } } },
    },
    editing: {
      initial: 'deciding',
      on: {
        'offer.slid': { target: '.deciding', actions: { type: 'change', params: ({ event }) => event } },
        'offer.typed': { target: '.deciding', actions: { type: 'change', params: ({ event }) => event } },
        'offer.left': { actions: 'showProblems' },
      },
      states: {
        deciding: {
          entry: 'takeRequest',
          always: [{ guard: 'hasNoRequest', target: 'invalid' }, { guard: 'isCalculated', target: 'shown' }, { target: 'debouncing' }],
        },
        /** The values are outside the offer's bounds, or do not read: nothing to calculate. */
        invalid: {
          on: { 'offer.accepted': { actions: 'showProblems' } },
        },
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
        /** Reached only with a request, which a draft makes only without problems: the values are valid. */
        shown: {
          on: { 'offer.accepted': { actions: 'emitAccepted' } },
        },
        failed: {
          on: { 'offer.retried': { target: 'deciding' } },
        },
      },
    },
  },
});

export type OfferSnapshot = SnapshotFrom<typeof offerMachine>;

export type OfferFiguresView =
  | { status: 'none' }
  | { status: 'calculating' }
  | { status: 'failed' }
  | { status: 'shown'; request: CalculationRequest; figures: CalculatedFigures };

export interface OfferView {
  draft: Draft | null;
  product: ProductData | null;
  figures: OfferFiguresView;
  /** Accepting is possible now (valid values, their figures shown). */
  canAccept: boolean;
}

/** The view model (the page and its tests call the same selector). */
export function offerView(snapshot: OfferSnapshot): OfferView {
  const { draft, product, request, results } = snapshot.context;
  let figures: OfferFiguresView;
  if (snapshot.hasTag('busy')) figures = { status: 'calculating' };
  else if (snapshot.matches({ editing: 'failed' })) figures = { status: 'failed' };
  // Outside the busy and failed states a request always has its figures (`shown`): none without one.
  else if (!request) figures = { status: 'none' };
  else figures = { status: 'shown', request, figures: results[requestKey(request)] as CalculatedFigures };
  // `shown` has valid values only (see the state).
  return { draft, product, figures, canAccept: snapshot.matches({ editing: 'shown' }) };
}
