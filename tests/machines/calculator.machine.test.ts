import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { CALCULATOR_DEBOUNCE_MS, calculatorMachine, type CalculationRequest } from '../../machines/calculator/calculator.machine';
import { appError, controllable, settle } from './actor.fakes';

const SMALL: CalculationRequest = { productName: 'SMALL_LOAN', amount: 3000, periodMonths: 36, interestRate: 15.9 };
const LARGER: CalculationRequest = { ...SMALL, amount: 5000 };

function startCalculator(request: CalculationRequest | null = null) {
  const calculate = controllable<{ monthlyPayment: number }, CalculationRequest>();
  const clock = new SimulatedClock();
  const actor = createActor(calculatorMachine.provide({ actors: { calculate: calculate.logic } }), { clock, input: { request } });
  actor.start();
  return { actor, clock, calculate };
}

describe('calculator machine', () => {
  it('calculates the initial request after the debounce and shows the payment', async () => {
    const run = startCalculator(SMALL);
    run.clock.increment(CALCULATOR_DEBOUNCE_MS - 1);
    expect(run.calculate.calls).toHaveLength(0);
    run.clock.increment(1);
    expect(run.calculate.calls).toHaveLength(1);
    expect(run.calculate.last().input).toEqual(SMALL);
    run.calculate.last().resolve({ monthlyPayment: 104.93 });
    await settle();
    expect(run.actor.getSnapshot().context).toEqual({ request: SMALL, monthlyPayment: 104.93, error: null });
    expect(run.actor.getSnapshot().value).toBe('idle');
  });

  it('changes within the debounce make one calculation of the newest request', async () => {
    const run = startCalculator();
    run.actor.send({ type: 'calculator.changed', request: SMALL });
    run.clock.increment(CALCULATOR_DEBOUNCE_MS - 1);
    run.actor.send({ type: 'calculator.changed', request: LARGER });
    run.clock.increment(CALCULATOR_DEBOUNCE_MS - 1);
    expect(run.calculate.calls).toHaveLength(0);
    run.clock.increment(1);
    expect(run.calculate.calls.map((call) => call.input)).toEqual([LARGER]);
  });

  it('a newer change cancels the calculation under way: the old answer is never shown', async () => {
    const run = startCalculator(SMALL);
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    const older = run.calculate.last();
    run.actor.send({ type: 'calculator.changed', request: LARGER });
    expect(older.signal.aborted).toBe(true);

    older.resolve({ monthlyPayment: 104.93 });
    await settle();
    expect(run.actor.getSnapshot().context.monthlyPayment).toBeNull();

    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    expect(run.calculate.last().input).toEqual(LARGER);
    run.calculate.last().resolve({ monthlyPayment: 174.88 });
    await settle();
    expect(run.actor.getSnapshot().context.monthlyPayment).toBe(174.88);
  });

  it('an old answer arriving after a newer one has been shown does not replace it', async () => {
    const run = startCalculator(SMALL);
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    const older = run.calculate.last();
    run.actor.send({ type: 'calculator.changed', request: LARGER });
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    run.calculate.last().resolve({ monthlyPayment: 174.88 });
    await settle();
    older.resolve({ monthlyPayment: 104.93 });
    await settle();
    expect(run.actor.getSnapshot().context.monthlyPayment).toBe(174.88);
  });

  it('no request (incomplete amount or period) shows no payment and calculates nothing', async () => {
    const run = startCalculator(SMALL);
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    run.calculate.last().resolve({ monthlyPayment: 104.93 });
    await settle();

    run.actor.send({ type: 'calculator.changed', request: null });
    expect(run.actor.getSnapshot().value).toBe('idle');
    expect(run.actor.getSnapshot().context.monthlyPayment).toBeNull();
    run.clock.increment(60_000);
    expect(run.calculate.calls).toHaveLength(1);
  });

  it('a failed calculation keeps the error and shows no payment until a calculation succeeds', async () => {
    const run = startCalculator(SMALL);
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    run.calculate.last().resolve({ monthlyPayment: 104.93 });
    await settle();
    run.actor.send({ type: 'calculator.changed', request: LARGER });
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    run.calculate.last().reject(appError('server', { status: 500 }));
    await settle();
    expect(run.actor.getSnapshot().value).toBe('idle');
    expect(run.actor.getSnapshot().context).toMatchObject({ monthlyPayment: null, error: appError('server', { status: 500 }) });

    run.actor.send({ type: 'calculator.changed', request: SMALL });
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    expect(run.actor.getSnapshot().context.error).toEqual(appError('server', { status: 500 }));
    run.calculate.last().resolve({ monthlyPayment: 104.93 });
    await settle();
    expect(run.actor.getSnapshot().context).toMatchObject({ monthlyPayment: 104.93, error: null });
  });
});
