import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import {
  CALCULATOR_DEBOUNCE_MS,
  calculatorMachine,
  type CalculatedFigures,
  type CalculatorEvent,
  type CalculatorInput,
  type StepValues,
} from '../../machines/calculator/calculator.machine';
import { stepFiguresView } from '../../machines/calculator/calculator-view';
import { appError, settle } from './actor.fakes';
import { PRODUCTS, SMALL, figuresFor, startCalculator, step } from './calculator.run';

const LARGER: StepValues = { ...SMALL, amount: 5000 };
const CARD: StepValues = { productName: 'CREDIT_CARD_VISA_CLASSIC', amount: 1500, period: null };
const TOO_MUCH: StepValues = { ...SMALL, amount: 100_000 };

describe('calculator machine: figures', () => {
  it('calculates the step’s values after the debounce, with the product data’s rate and fees', async () => {
    const run = startCalculator();
    run.send(step(SMALL));
    run.clock.increment(CALCULATOR_DEBOUNCE_MS - 1);
    expect(run.calculate.calls).toHaveLength(0);
    expect(run.view().figures).toEqual({ status: 'calculating' });
    run.clock.increment(1);
    expect(run.calculate.last().input).toEqual({
      productName: 'SMALL_LOAN',
      productType: 'CONSUMER_LOAN',
      amount: 3000,
      periodMonths: 36,
      interestRate: 13.9,
      monthlyFee: 3.5,
      conclusionFee: { fixed: null, rate: 2, min: 35, max: 200, fromAmount: true },
    });
    run.calculate.last().resolve(figuresFor(run.calculate.last().input));
    await settle();
    expect(run.view().figures).toMatchObject({ status: 'shown', figures: { monthlyPayment: 83.33 } });
  });

  it('changes within the debounce make one calculation of the newest values', () => {
    const run = startCalculator();
    run.send(step(SMALL));
    run.clock.increment(CALCULATOR_DEBOUNCE_MS - 1);
    run.send(step(LARGER));
    run.clock.increment(CALCULATOR_DEBOUNCE_MS - 1);
    expect(run.calculate.calls).toHaveLength(0);
    run.clock.increment(1);
    expect(run.calculate.calls.map((call) => call.input.amount)).toEqual([5000]);
  });

  it('a change cancels the calculation under way; its late answer is never shown', async () => {
    const run = startCalculator();
    run.send(step(SMALL));
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    const older = run.calculate.last();
    run.send(step(LARGER));
    expect(older.signal.aborted).toBe(true);
    older.resolve(figuresFor(older.input));
    await settle();
    expect(run.view().figures).toEqual({ status: 'calculating' });
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    run.calculate.last().resolve(figuresFor(run.calculate.last().input));
    await settle();
    expect(run.view().figures).toMatchObject({ status: 'shown', request: { amount: 5000 } });
  });

  it('typing a name (the same values again) neither cancels nor repeats a calculation', () => {
    const run = startCalculator();
    run.send(step(SMALL));
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    const call = run.calculate.last();
    run.send(step({ ...SMALL }));
    run.clock.increment(CALCULATOR_DEBOUNCE_MS * 3);
    expect(call.signal.aborted).toBe(false);
    expect(run.calculate.calls).toHaveLength(1);
  });

  it('going back to values calculated before shows their figures at once, with no call', async () => {
    const run = startCalculator();
    run.send(step(SMALL));
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    run.calculate.last().resolve(figuresFor(run.calculate.last().input));
    await settle();
    run.send(step(LARGER));
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    run.calculate.last().resolve(figuresFor(run.calculate.last().input));
    await settle();
    run.send(step(SMALL));
    expect(run.view().figures).toMatchObject({ status: 'shown', request: { amount: 3000 } });
    expect(run.calculate.calls).toHaveLength(2);
  });

  it('values outside the product’s bounds calculate nothing', () => {
    const run = startCalculator();
    run.send(step(TOO_MUCH));
    run.clock.increment(60_000);
    expect(run.calculate.calls).toHaveLength(0);
    expect(run.view().figures).toEqual({ status: 'none' });
  });

  it('a failure says so, keeps no figure, and calculates again when asked', async () => {
    const run = startCalculator();
    run.send(step(SMALL));
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    run.calculate.last().reject(appError('server', { status: 500 }));
    await settle();
    expect(run.view().figures).toEqual({ status: 'failed' });
    run.send({ type: 'calculator.retried' });
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    expect(run.calculate.calls).toHaveLength(2);
  });

  it('shows a rate from the link only where an offer could have it (a display hint)', () => {
    const within = startCalculator({ interestRateHint: 10.5 });
    within.send(step(SMALL));
    within.clock.increment(CALCULATOR_DEBOUNCE_MS);
    expect(within.calculate.last().input.interestRate).toBe(10.5);
    const outside = startCalculator({ interestRateHint: 1 });
    outside.send(step(SMALL));
    outside.clock.increment(CALCULATOR_DEBOUNCE_MS);
    expect(outside.calculate.last().input.interestRate).toBe(13.9);
  });

  it('calculates a card over its 12 months though the step has no period', () => {
    const run = startCalculator();
    run.send(step(CARD));
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    expect(run.calculate.last().input).toMatchObject({ productType: 'CREDIT_CARD', amount: 1500, periodMonths: 12, monthlyFee: 2 });
  });
});

describe('calculator machine: the modal (section 2)', () => {
  it('waits for the step’s values, then opens by itself where the step says so', () => {
    const run = startCalculator({ opensOnStart: true });
    expect(run.view().dialog).toBe('waiting');
    run.send(step(SMALL));
    expect(run.view()).toMatchObject({ dialog: 'open', draft: { amount: { value: 3000 }, period: { value: 36 } } });
  });

  it('stays closed until asked where the step does not open it', () => {
    const run = startCalculator();
    run.send(step(SMALL));
    expect(run.view()).toMatchObject({ dialog: 'closed', canOpen: true });
    run.send({ type: 'calculator.opened' });
    expect(run.view().dialog).toBe('open');
  });

  it.each([
    ['embedded', { embedded: true }, SMALL],
    ['a partner-hosted flow whose partner set the amount', { partnerAmountFixed: true }, SMALL],
    ['a credit card', {}, CARD],
    ['a current account', {}, { productName: 'CURRENT_ACCOUNT', amount: null, period: null }],
    ['no product data (not initialised)', { products: {} }, SMALL],
  ] as const)('is hidden for %s', (_, input, values) => {
    const run = startCalculator({ opensOnStart: true, ...input });
    run.send(step(values));
    expect(run.view()).toMatchObject({ dialog: 'hidden', canOpen: false });
    run.send({ type: 'calculator.opened' });
    expect(run.view().dialog).toBe('hidden');
  });

  it('a product it is for brings the button back, without opening by itself', () => {
    const run = startCalculator({ opensOnStart: true });
    run.send(step(CARD));
    expect(run.view().dialog).toBe('hidden');
    run.send(step(SMALL));
    expect(run.view().dialog).toBe('closed');
  });

  it('sliding and typing change only the copy; the figures follow the copy; submitting applies it', async () => {
    const run = startCalculator({ opensOnStart: true });
    run.send(step(SMALL));
    run.send({ type: 'calculator.slid', field: 'amount', value: 4960 });
    expect(run.view().draft?.amount).toEqual({ value: 5000, text: null, problem: null });
    run.send({ type: 'calculator.typed', field: 'period', text: '48', locale: 'et' });
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    expect(run.calculate.last().input).toMatchObject({ amount: 5000, periodMonths: 48 });
    run.calculate.last().resolve(figuresFor(run.calculate.last().input));
    await settle();
    expect(stepFiguresView(run.actor.getSnapshot())).toEqual({ status: 'calculating' });
    expect(run.applied).toEqual([]);
    run.send({ type: 'calculator.submitted' });
    expect(run.applied).toEqual([{ type: 'calculator.applied', productName: 'SMALL_LOAN', amount: 5000, period: 48, price: null, ownContribution: null }]);
    expect(run.view().dialog).toBe('closed');
  });

  it('dismissing drops the copy: nothing is applied and the step’s figures are current again', () => {
    const run = startCalculator({ opensOnStart: true });
    run.send(step(SMALL));
    run.send({ type: 'calculator.slid', field: 'amount', value: 9000 });
    run.send({ type: 'calculator.dismissed' });
    expect(run.applied).toEqual([]);
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    expect(run.calculate.last().input.amount).toBe(3000);
  });

  it('reads typed money in the applicant’s language and refuses to apply a problem', () => {
    const run = startCalculator({ opensOnStart: true });
    run.send(step(SMALL));
    run.send({ type: 'calculator.typed', field: 'amount', text: '4 500,50', locale: 'et' });
    expect(run.view().draft?.amount).toMatchObject({ value: 4500.5, problem: null });
    run.send({ type: 'calculator.typed', field: 'amount', text: '20 000', locale: 'et' });
    expect(run.view().draft?.amount.problem).toBe('validation.messages.amountOutOfRange?minEur=500&maxEur=15000');
    run.send({ type: 'calculator.typed', field: 'amount', text: 'abc', locale: 'et' });
    expect(run.view().draft?.amount).toMatchObject({ value: 20000, text: 'abc', problem: 'validation.messages.moneyInvalid' });
    expect(run.view().draft?.showProblems).toBe(false);
    run.send({ type: 'calculator.submitted' });
    expect(run.applied).toEqual([]);
    expect(run.view()).toMatchObject({ dialog: 'open', draft: { showProblems: true } });
  });

  it('keeps the amount where the step says it may not be changed (the edit-amount control disabled)', () => {
    const run = startCalculator({ opensOnStart: true, amountEditable: false });
    run.send(step(SMALL));
    run.send({ type: 'calculator.slid', field: 'amount', value: 9000 });
    run.send({ type: 'calculator.slid', field: 'period', value: 24 });
    expect(run.view().draft).toMatchObject({ amount: { value: 3000 }, period: { value: 24 } });
  });

  it('a housing loan is a price less the own contribution, which is at most 90% of the price (section 5)', () => {
    const run = startCalculator({ opensOnStart: true });
    run.send(step({ productName: 'HOUSING_LOAN', amount: 120_000, period: 300 }));
    expect(run.view().draft).toMatchObject({ price: { value: 150_000 }, ownContribution: { value: 30_000 }, amount: { value: 120_000 } });
    run.send({ type: 'calculator.typed', field: 'ownContribution', text: '50000', locale: 'en' });
    expect(run.view().draft?.amount.value).toBe(100_000);
    run.send({ type: 'calculator.typed', field: 'ownContribution', text: '140000', locale: 'en' });
    expect(run.view().draft?.ownContribution?.problem).toBe('validation.messages.ownContributionTooHigh');
    run.send({ type: 'calculator.slid', field: 'ownContribution', value: 40_000 });
    run.send({ type: 'calculator.submitted' });
    expect(run.applied).toEqual([{ type: 'calculator.applied', productName: 'HOUSING_LOAN', amount: 110_000, period: 300, price: 150_000, ownContribution: 40_000 }]);
  });

  it('a housing loan: raising the price clears a contribution too high for the price before it', () => {
    const run = startCalculator({ opensOnStart: true });
    run.send(step({ productName: 'HOUSING_LOAN', amount: 120_000, period: 300 }));
    // Typed digit by digit: on its way to 160,000 the price is 1, and €30,000 is too much for it.
    run.send({ type: 'calculator.typed', field: 'price', text: '1', locale: 'en' });
    expect(run.view().draft?.ownContribution?.problem).toBe('validation.messages.ownContributionTooHigh');
    run.send({ type: 'calculator.typed', field: 'price', text: '160000', locale: 'en' });
    expect(run.view().draft?.ownContribution?.problem).toBeNull();
    run.send({ type: 'calculator.submitted' });
    expect(run.applied).toEqual([{ type: 'calculator.applied', productName: 'HOUSING_LOAN', amount: 130_000, period: 300, price: 160_000, ownContribution: 30_000 }]);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based paths: drag, type, debounce, late answers, submit, hidden cases
// ---------------------------------------------------------------------------------------------

const DONE = 'xstate.done.actor.0.calculator.figures.calculating';
const ERROR = 'xstate.error.actor.0.calculator.figures.calculating';
const AFTER = 'xstate.after.debounce.calculator.figures.debouncing';
type Outcome = { type: typeof DONE; output: CalculatedFigures } | { type: typeof ERROR; error: unknown } | { type: typeof AFTER };
type ModelEvent = CalculatorEvent | Outcome | { type: 'xstate.init' };
type Snapshot = ReturnType<typeof calculatorMachine.getInitialSnapshot>;

const APPLICANT: CalculatorEvent[] = [
  step(SMALL),
  step(CARD),
  step(TOO_MUCH),
  { type: 'calculator.opened' },
  { type: 'calculator.dismissed' },
  { type: 'calculator.submitted' },
  { type: 'calculator.slid', field: 'amount', value: 5000 },
  { type: 'calculator.typed', field: 'amount', text: '6000', locale: 'en' },
  { type: 'calculator.typed', field: 'amount', text: 'x', locale: 'en' },
  { type: 'calculator.retried' },
];

function eventsIn(snapshot: Snapshot): ModelEvent[] {
  const outcomes: Outcome[] = [];
  if (snapshot.matches({ figures: 'debouncing' })) outcomes.push({ type: AFTER });
  if (snapshot.matches({ figures: 'calculating' }) && snapshot.context.request) {
    outcomes.push({ type: DONE, output: figuresFor(snapshot.context.request) }, { type: ERROR, error: appError('network') });
  }
  return [...APPLICANT.filter((event) => snapshot.can(event)), ...outcomes];
}

/** What the applicant expects along a path: the values that are current, and how often figures were applied. */
interface Expected {
  step: StepValues | null;
  open: boolean;
  draftAmount: number | null;
  draftValid: boolean;
  applied: number;
}

function isHidden(input: CalculatorInput, values: StepValues | null): boolean {
  return Boolean(input.embedded || input.partnerAmountFixed) || values?.productName === 'CREDIT_CARD_VISA_CLASSIC';
}

function apply(input: CalculatorInput, view: Expected, event: ModelEvent): Expected {
  switch (event.type) {
    case 'calculator.stepChanged': {
      const first = view.step === null;
      const next = { ...view, step: event.values };
      if (isHidden(input, event.values)) return { ...next, open: false };
      if (first && input.opensOnStart) {
        const amount = event.values.amount !== null && event.values.amount <= 15000 ? event.values.amount : 3000;
        return { ...next, open: true, draftAmount: amount, draftValid: true };
      }
      return next;
    }
    case 'calculator.opened':
      return { ...view, open: true, draftAmount: view.step?.amount !== null && (view.step?.amount ?? 0) <= 15000 ? (view.step?.amount ?? 3000) : 3000, draftValid: true };
    case 'calculator.dismissed':
      return { ...view, open: false };
    case 'calculator.submitted':
      return view.open && view.draftValid ? { ...view, open: false, applied: view.applied + 1 } : view;
    case 'calculator.slid':
      return view.open ? { ...view, draftAmount: event.value, draftValid: true } : view;
    case 'calculator.typed':
      if (!view.open) return view;
      return event.text === 'x' ? { ...view, draftValid: false } : { ...view, draftAmount: Number(event.text), draftValid: true };
    default:
      return view;
  }
}

/** The amount whose figures may be shown as current, or null when none may. */
function currentAmount(view: Expected): number | null {
  if (view.open) return view.draftValid ? view.draftAmount : null;
  if (!view.step || view.step.amount === null || view.step.amount > 15000) return null;
  // A card's limit is calculated too (over its 12 months); only its modal is hidden.
  return view.step.amount;
}

const CONFIGURATIONS: Array<[string, CalculatorInput]> = [
  ['the create step (opens by itself)', { opensOnStart: true }],
  ['product selection (never opens by itself)', {}],
  ['embedded', { embedded: true, opensOnStart: true }],
  ['a partner-hosted flow with its amount', { partnerAmountFixed: true, opensOnStart: true }],
];

describe.each(CONFIGURATIONS)('calculator machine, model-based paths: %s', (_, input) => {
  const paths = getShortestPaths(calculatorMachine, {
    input: { products: PRODUCTS, ...input },
    events: (snapshot) => eventsIn(snapshot as Snapshot) as unknown as CalculatorEvent[],
    serializeState: (snapshot) => {
      const { context } = snapshot as Snapshot;
      return JSON.stringify({ value: snapshot.value, step: context.step, draft: context.draft, request: context.request, results: Object.keys(context.results).length });
    },
    limit: 3000,
  });

  it('walks enough paths through every reachable state', () => {
    expect(paths.length).toBeGreaterThanOrEqual(10);
    const dialogs = new Set(paths.map((path) => (path.state.value as { dialog: string }).dialog));
    expect(dialogs).toContain(isHidden(input, null) ? 'hidden' : 'closed');
  });

  for (const path of paths) {
    const names = path.steps.slice(1).map((s) => {
      const event = s.event as unknown as ModelEvent;
      const detail = event.type === 'calculator.stepChanged' ? `(${event.values.productName}:${event.values.amount})` : event.type === 'calculator.typed' ? `(${event.text})` : '';
      return `${event.type.replace('xstate.', '').replace(/\.actor\.0\.calculator\.figures\.calculating|\.debounce\.calculator\.figures\.debouncing/, '')}${detail}`;
    });
    it(`${names.join(' > ') || '(start)'}`, async () => {
      const run = startCalculator(input);
      let view: Expected = { step: null, open: false, draftAmount: null, draftValid: true, applied: 0 };
      for (const s of path.steps.slice(1)) {
        const event = s.event as unknown as ModelEvent;
        if (event.type === AFTER) run.clock.increment(CALCULATOR_DEBOUNCE_MS);
        else if (event.type === DONE) run.calculate.last().resolve(figuresFor(run.calculate.last().input));
        else if (event.type === ERROR) run.calculate.last().reject(appError('network'));
        else run.send(event as CalculatorEvent);
        await settle();
        view = apply(input, view, event);

        const actual = run.view();
        expect(actual.dialog === 'open', 'the modal is open').toBe(view.open);
        if (view.step && isHidden(input, view.step)) expect(actual.dialog).toBe('hidden');
        expect(run.applied, 'applied only by a valid submit').toHaveLength(view.applied);
        expect(run.calculate.open().length, 'at most one calculation under way').toBeLessThanOrEqual(1);
        // A figure shown as current belongs to the values that are current: never a stale one.
        if (actual.figures.status === 'shown') expect(actual.figures.request.amount).toBe(currentAmount(view));
        if (currentAmount(view) === null) expect(['none', 'failed', 'calculating']).toContain(actual.figures.status);
      }
      run.actor.stop();
    });
  }
});
