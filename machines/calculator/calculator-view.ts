/**
 * The calculator's view models (views and tests call the same selectors), apart from the machine's
 * definition: a screen that shows the figures only (the personal-info step) loads these, not the
 * machine.
 */
import type { ProductData, ProductTable } from '../../core/domain/product-data';
import { productIn, requestKey, stepRequest, type CalculatedFigures, type CalculationRequest, type Draft, type StepValues } from './calculator-values';

/** What the selectors read of the calculator's snapshot (its own type would tie them to the machine). */
export interface CalculatorSnapshot {
  value: unknown;
  context: {
    products: ProductTable;
    amountEditable: boolean;
    interestRateHint: number | null;
    step: StepValues | null;
    draft: Draft | null;
    request: CalculationRequest | null;
    results: Readonly<Record<string, CalculatedFigures>>;
  };
  hasTag(tag: 'busy'): boolean;
  matches(value: { figures: 'failed' }): boolean;
  can(event: { type: 'calculator.opened' }): boolean;
}

export type FiguresView =
  /** Nothing to calculate: the values are missing or outside the bounds. */
  | { status: 'none' }
  /** The values changed: the figures for them are on their way (never the old ones). */
  | { status: 'calculating' }
  | { status: 'failed' }
  | { status: 'shown'; request: CalculationRequest; figures: CalculatedFigures };

export interface CalculatorView {
  dialog: 'waiting' | 'hidden' | 'closed' | 'open';
  /** The modal may be opened now (the button is enabled). */
  canOpen: boolean;
  amountEditable: boolean;
  draft: Draft | null;
  /** The product data the modal's bounds come from. */
  product: ProductData | undefined;
  figures: FiguresView;
}

function figuresOf(snapshot: CalculatorSnapshot): FiguresView {
  const { request, results } = snapshot.context;
  if (snapshot.hasTag('busy')) return { status: 'calculating' };
  if (snapshot.matches({ figures: 'failed' })) return { status: 'failed' };
  if (!request) return { status: 'none' };
  const figures = results[requestKey(request)];
  return figures ? { status: 'shown', request, figures } : { status: 'calculating' };
}

/** The view model (views and tests call the same selector). */
export function calculatorView(snapshot: CalculatorSnapshot): CalculatorView {
  const value = snapshot.value as { dialog: string };
  const dialog = value.dialog === 'open' || value.dialog === 'hidden' || value.dialog === 'closed' ? value.dialog : 'waiting';
  const draft = snapshot.context.draft;
  return {
    dialog,
    canOpen: snapshot.can({ type: 'calculator.opened' }),
    amountEditable: snapshot.context.amountEditable,
    draft,
    product: productIn(snapshot.context.products, draft?.productName ?? snapshot.context.step?.productName ?? null),
    figures: figuresOf(snapshot),
  };
}

/** The figures of the step's own values, whatever the modal shows (the step's summary line). */
export function stepFiguresView(snapshot: CalculatorSnapshot): FiguresView {
  const { step, products, interestRateHint, results } = snapshot.context;
  const request = stepRequest(products, step, interestRateHint);
  if (!request) return { status: 'none' };
  const figures = results[requestKey(request)];
  if (figures) return { status: 'shown', request, figures };
  return snapshot.matches({ figures: 'failed' }) && !snapshot.context.draft ? { status: 'failed' } : { status: 'calculating' };
}


/**
 * The figures' arithmetic, for the offer page's calculator (src/steps/reviewApproved/offer.machine.ts) through this module: one
 * import path keeps the two modules in one chunk (decision 041's step budget).
 */
export { draftProblems, draftRequest, requestFor, requestKey, slide, startDraft, typeText } from './calculator-values';
export type { CalculatedFigures, CalculationRequest, Draft } from './calculator-values';
