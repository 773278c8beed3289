/**
 * Which figures the calculator shows and remembers (section 7): none for values it cannot calculate,
 * even after figures for others were shown; and the answers of the last 40 requests, so going back to
 * values calculated before costs no call while a long session does not keep every answer.
 */
import { describe, expect, it } from 'vitest';
import { CALCULATOR_DEBOUNCE_MS } from '../../machines/calculator/calculator.machine';
import { stepFiguresView } from '../../machines/calculator/calculator-view';
import { settle } from './actor.fakes';
import { SMALL, startCalculator } from './calculator.run';

describe('calculator: values it cannot calculate', () => {
  it('after figures were shown, values outside the product’s bounds show none and call nothing', async () => {
    const run = startCalculator();
    await run.calculated(SMALL);
    expect(run.view().figures).toMatchObject({ status: 'shown', request: { amount: 3000 } });
    run.stepTo({ ...SMALL, amount: 100_000 });
    expect(run.view().figures).toEqual({ status: 'none' });
    expect(stepFiguresView(run.actor.getSnapshot())).toEqual({ status: 'none' });
    run.clock.increment(CALCULATOR_DEBOUNCE_MS * 3);
    await settle();
    expect(run.calculate.calls).toHaveLength(1);
    expect(run.view().figures).toEqual({ status: 'none' });
  });

  it('while a calculation is under way, values without a period cancel it and call nothing', async () => {
    const run = startCalculator();
    run.stepTo(SMALL);
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    const call = run.calculate.last();
    run.stepTo({ ...SMALL, period: null });
    expect(call.signal.aborted).toBe(true);
    run.clock.increment(CALCULATOR_DEBOUNCE_MS * 3);
    await settle();
    expect(run.calculate.calls).toHaveLength(1);
    expect(run.view().figures).toEqual({ status: 'none' });
  });
});

describe('calculator: the answers it remembers', () => {
  /** 41 amounts the small loan allows: 1,000 to 5,000 euros by 100. */
  const AMOUNTS = Array.from({ length: 41 }, (_, index) => 1000 + index * 100);

  it('going back to any of the last 40 answers costs no call; the 41st before is asked again', async () => {
    const run = startCalculator();
    for (const amount of AMOUNTS) await run.calculated({ ...SMALL, amount });
    expect(run.calculate.calls).toHaveLength(41);

    // The second to the 41st are remembered: shown at once, nothing asked.
    for (const amount of [AMOUNTS[1], AMOUNTS[20], AMOUNTS[40]]) {
      run.stepTo({ ...SMALL, amount: amount! });
      expect(run.view().figures).toMatchObject({ status: 'shown', request: { amount } });
    }
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    expect(run.calculate.calls).toHaveLength(41);

    // The first was forgotten: its figures are asked for again.
    run.stepTo({ ...SMALL, amount: AMOUNTS[0]! });
    expect(run.view().figures).toEqual({ status: 'calculating' });
    run.clock.increment(CALCULATOR_DEBOUNCE_MS);
    expect(run.calculate.calls).toHaveLength(42);
    expect(run.calculate.last().input.amount).toBe(1000);
  });

  it('an answer asked again is remembered as the newest: the oldest left goes instead', async () => {
    const run = startCalculator();
    for (const amount of AMOUNTS) await run.calculated({ ...SMALL, amount });
    await run.calculated({ ...SMALL, amount: AMOUNTS[0]! });
    expect(run.calculate.calls).toHaveLength(42);

    run.stepTo({ ...SMALL, amount: AMOUNTS[0]! });
    expect(run.view().figures).toMatchObject({ status: 'shown', request: { amount: 1000 } });
    run.stepTo({ ...SMALL, amount: AMOUNTS[2]! });
    expect(run.view().figures).toMatchObject({ status: 'shown', request: { amount: 1200 } });
    run.stepTo({ ...SMALL, amount: AMOUNTS[1]! });
    expect(run.view().figures).toEqual({ status: 'calculating' });
  });
});
