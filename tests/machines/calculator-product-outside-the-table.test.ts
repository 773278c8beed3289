/**
 * The calculator is for a product with instalments whose product data the app has (section 2). Should
 * the step's product become one without product data while the modal is open (a reload of the
 * application), the modal goes, as it does when closed: it never applies the figures of the product
 * it was opened for to a step that has another.
 */
import { describe, expect, it } from 'vitest';
import { hasInstalments } from '../../core/domain/products';
import { CALCULATOR_DEBOUNCE_MS, type StepValues } from '../../machines/calculator/calculator.machine';
import { PRODUCTS, SMALL, startCalculator, step } from './calculator.run';

/** A corporate loan: instalments, but no product data in Estonian retail's table. */
const CORPORATE: StepValues = { productName: 'OPERATING_LOAN', amount: 3000, period: 36 };

describe('calculator: a step product without product data', () => {
  it('has instalments and no product data here (the premise of these tests)', () => {
    expect(hasInstalments(CORPORATE.productName)).toBe(true);
    expect(PRODUCTS).not.toHaveProperty('OPERATING_LOAN');
  });

  it('hides the calculator when it comes while the modal is closed', () => {
    const run = startCalculator();
    run.send(step(SMALL));
    run.send(step(CORPORATE));
    expect(run.view()).toMatchObject({ dialog: 'hidden', canOpen: false, draft: null });
  });

  it('closes the open modal and hides the calculator, dropping the copy', () => {
    const run = startCalculator({ opensOnStart: true });
    run.send(step(SMALL));
    expect(run.view().dialog).toBe('open');
    run.send(step(CORPORATE));
    expect(run.view()).toMatchObject({ dialog: 'hidden', canOpen: false, draft: null });
  });

  it('applies nothing of the product it was opened for', () => {
    const run = startCalculator({ opensOnStart: true });
    run.send(step(SMALL));
    run.send({ type: 'calculator.slid', field: 'amount', value: 5000 });
    run.send(step(CORPORATE));
    run.send({ type: 'calculator.submitted' });
    run.send({ type: 'calculator.opened' });
    run.send({ type: 'calculator.submitted' });
    expect(run.applied).toEqual([]);
    expect(run.view().dialog).toBe('hidden');
  });

  it('calculates nothing for it, and forgets the copy’s request', () => {
    const run = startCalculator({ opensOnStart: true });
    run.send(step(SMALL));
    run.send(step(CORPORATE));
    run.clock.increment(CALCULATOR_DEBOUNCE_MS * 3);
    expect(run.calculate.calls).toHaveLength(0);
    expect(run.view().figures).toEqual({ status: 'none' });
  });

  it('stays hidden when one product it is not for follows another', () => {
    const run = startCalculator({ opensOnStart: true });
    run.send(step({ productName: 'CREDIT_CARD_VISA_CLASSIC', amount: 1500, period: null }));
    expect(run.view().dialog).toBe('hidden');
    run.send(step(CORPORATE));
    expect(run.view()).toMatchObject({ dialog: 'hidden', canOpen: false });
  });

  it('a product with data brings the button back, closed, with a copy of the new values when opened', () => {
    const run = startCalculator({ opensOnStart: true });
    run.send(step(SMALL));
    run.send(step(CORPORATE));
    run.send(step({ ...SMALL, amount: 4000 }));
    expect(run.view()).toMatchObject({ dialog: 'closed', canOpen: true });
    run.send({ type: 'calculator.opened' });
    expect(run.view()).toMatchObject({ dialog: 'open', draft: { productName: 'SMALL_LOAN', amount: { value: 4000 } } });
  });
});
