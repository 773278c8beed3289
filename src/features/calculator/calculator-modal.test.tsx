/**
 * The calculator modal where the step's configuration disables editing the amount (section 2: "the
 * edit-amount control is disabled where the step config says so", a step meta's
 * `calculatorAmountEditable: false`): the amount's slider and typed input are disabled, the period
 * is still the applicant's to choose, and the figures are still shown and announced.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { calculatorMachine, type CalculatedFigures, type CalculationRequest } from '../../../machines/calculator/calculator.machine';
import { CalculatorModal } from './calculator-modal';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { calculateLikeTheServer, productTableOf } from '../../../tests/support/product-data';
import { renderWithI18n } from '../../../tests/components/render-with-i18n';

function openCalculator(amountEditable: boolean) {
  const calculate = fromPromise<CalculatedFigures, CalculationRequest>(async ({ input }) => calculateLikeTheServer(input));
  const actor = createActor(calculatorMachine.provide({ actors: { calculate } }), {
    input: { products: productTableOf('retail-banking-ee'), opensOnStart: true, amountEditable },
  });
  actor.start();
  actor.send({ type: 'calculator.stepChanged', values: { productName: 'SMALL_LOAN', amount: 3000, period: 36 } });
  const view = renderWithI18n(<CalculatorModal calculator={actor} />);
  return { actor, view };
}

describe('calculator modal: the amount fixed by the step', () => {
  it('disables the amount’s slider and typed input, and leaves the period editable', async () => {
    const { view } = openCalculator(false);
    const modal = await screen.findByRole('dialog', { name: 'Loan calculator' });
    expect((within(modal).getByRole('slider', { name: 'Loan amount' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(modal).getByRole('textbox', { name: 'Loan amount' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(modal).getByRole('slider', { name: 'Loan period (months)' }) as HTMLInputElement).disabled).toBe(false);
    const period = within(modal).getByRole('textbox', { name: 'Loan period (months)' }) as HTMLInputElement;
    expect(period.disabled).toBe(false);
    const user = userEvent.setup();
    await user.clear(period);
    await user.type(period, '24');
    await waitFor(() => expect(within(modal).getByRole('status').textContent).toMatch(/a month/));
    await expectNoAxeViolations(view.container.ownerDocument.body);
  });

  it('offers both to edit where the step does not fix the amount', async () => {
    openCalculator(true);
    const modal = await screen.findByRole('dialog', { name: 'Loan calculator' });
    expect((within(modal).getByRole('slider', { name: 'Loan amount' }) as HTMLInputElement).disabled).toBe(false);
    expect((within(modal).getByRole('textbox', { name: 'Loan amount' }) as HTMLInputElement).disabled).toBe(false);
  });
});
