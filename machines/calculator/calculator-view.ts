/**
 * The calculator's view models (decision 095): what its snapshot shows, selected by the views and the
 * tests alike. Apart from the machine, so a screen that shows the calculator does not load the
 * machine's definition with its chunk (decision 097): the step's logic brings that.
 */
import type { SnapshotFrom } from 'xstate';
import type { ProductData } from '../../src/domain/product-data';
import type { calculatorMachine } from './calculator.machine';
import { productIn, requestFor, requestKey, type CalculatedFigures, type CalculationRequest, type Draft } from './calculator-values';

export type CalculatorSnapshot = SnapshotFrom<typeof calculatorMachine>;

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
  const request = step ? requestFor(productIn(products, step.productName), step.amount, step.period, interestRateHint) : null;
  if (!request) return { status: 'none' };
  const figures = results[requestKey(request)];
  if (figures) return { status: 'shown', request, figures };
  return snapshot.matches({ figures: 'failed' }) && !snapshot.context.draft ? { status: 'failed' } : { status: 'calculating' };
}

