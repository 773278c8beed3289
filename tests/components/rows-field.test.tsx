import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { choice, money, rows } from '../../core/contract/fields';
import type { FormValues, WireValues } from '../../core/contract/fields';
import { defineStepContract } from '../../core/contract/step-contract';
import { MoneyField, SelectField, StepForm } from '../../src/components/form/form-fields';
import { RowsField } from '../../src/components/form/rows-field';
import { useStepForm } from '../../src/components/form/use-step-form';
import type { StepForm as StepFormApi } from '../../src/components/form/use-step-form';
import { expectNoAxeViolations } from '../support/axe';
import { renderWithI18n } from './render-with-i18n';

const contract = defineStepContract({
  fields: () => ({
    items: rows('declaredData.items', { kind: choice('kind', ['A', 'B']), amount: money('amount') }, { min: 1, max: 3 }),
  }),
});
type Fields = ReturnType<typeof contract.fields>;
type Values = FormValues<Fields>;
const table = contract.fields({ domain: 'retail-banking-ee' });
const emptyItem = { kind: '', amount: '' };

interface DemoProps {
  start?: Values['items'];
  fixedFirst?: boolean;
  onSent?: (values: WireValues<Fields>) => void;
  onForm?: (stepForm: StepFormApi<Values, WireValues<Fields>>) => void;
}

function Demo({ start = [emptyItem], fixedFirst = false, onSent = vi.fn(), onForm }: DemoProps) {
  const stepForm = useStepForm<Values, WireValues<Fields>>({
    schema: contract.formSchema({ domain: 'retail-banking-ee', locale: 'en' }),
    defaultValues: { items: start },
    requiredMessages: { 'items.*.kind': (row) => `Choose the kind of item ${row + 1}`, 'items.*.amount': (row) => `Enter the amount of item ${row + 1}` },
    fieldNameFromPath: (path) => contract.fieldOfPath(path, { domain: 'retail-banking-ee' }) as never,
  });
  onForm?.(stepForm);
  const { form } = stepForm;
  return (
    <StepForm stepForm={stepForm} onSubmit={onSent}>
      <h1 id="items-heading">Your items</h1>
      <RowsField
        form={form}
        name="items"
        labelledBy="items-heading"
        field={table.items}
        {...(fixedFirst ? { fixed: (row: number) => row === 0 } : {})}
        texts={{
          legend: (row) => `Item ${row + 1}`,
          add: 'Add another item',
          remove: (row) => `Remove item ${row + 1}`,
          added: (row, max) => `Item ${row + 1} of ${max} added`,
          removed: (row) => `Item ${row + 1} removed`,
          atLimit: (max) => `You have added the most items you can (${max}).`,
        }}
      >
        {(row) => (
          <>
            <SelectField
              form={form}
              name={`items.${row}.kind`}
              label="Kind"
              placeholder="Choose"
              options={[
                { value: 'A', label: 'Kind A' },
                { value: 'B', label: 'Kind B' },
              ]}
              autoComplete="off"
            />
            <MoneyField form={form} name={`items.${row}.amount`} label="Amount" autoComplete="off" />
          </>
        )}
      </RowsField>
      <button type="submit">Continue</button>
    </StepForm>
  );
}

const status = () => screen.getByRole('status');
const legends = () =>
  screen
    .getAllByRole('group')
    .filter((group) => group.tagName === 'FIELDSET')
    .map((group) => group.querySelector('legend')?.textContent);

describe('RowsField: a repeating block', () => {
  it('is a fieldset per row, named by its legend, and passes axe with and without rows to remove', async () => {
    const { container } = renderWithI18n(<Demo />);
    expect(within(screen.getByRole('group', { name: 'Item 1' })).getByRole('combobox', { name: 'Kind' })).toBeTruthy();
    // At the minimum (1) the only row cannot be removed.
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    await expectNoAxeViolations(container);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add another item' }));
    expect(screen.getByRole('button', { name: 'Remove item 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove item 2' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('adds a row with the keyboard alone, moves focus to its first field and announces it', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Demo />);
    const add = screen.getByRole('button', { name: 'Add another item' });
    add.focus();
    await user.keyboard('{Enter}');
    const second = screen.getByRole('group', { name: 'Item 2' });
    await waitFor(() => expect(document.activeElement).toBe(within(second).getByRole('combobox', { name: 'Kind' })));
    expect(status().textContent).toBe('Item 2 of 3 added');
    // Type into the new row and go on with Tab, as a keyboard user does.
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Kind' }), 'B');
    await user.tab();
    expect(document.activeElement).toBe(within(second).getByRole('textbox', { name: 'Amount' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove item 2' }));
  });

  it('removes a row with the keyboard, moves focus to the add button, announces it and renumbers the rest', async () => {
    const user = userEvent.setup();
    renderWithI18n(
      <Demo
        start={[
          { kind: 'A', amount: '1' },
          { kind: 'B', amount: '2' },
          { kind: 'A', amount: '3' },
        ]}
      />,
    );
    screen.getByRole('button', { name: 'Remove item 2' }).focus();
    await user.keyboard(' ');
    expect(legends()).toEqual(['Item 1', 'Item 2']);
    expect((within(screen.getByRole('group', { name: 'Item 2' })).getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('3');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add another item' })));
    expect(status().textContent).toBe('Item 2 removed');
    // The same words again are announced again (a new node in the live region).
    screen.getByRole('button', { name: 'Remove item 2' }).focus();
    await user.keyboard('{Enter}');
    expect(status().textContent).toBe('Item 2 removed');
    expect(legends()).toEqual(['Item 1']);
  });

  it('replaces the add button with the reason at the limit, and brings it back after a removal', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Add another item' }));
    await user.click(screen.getByRole('button', { name: 'Add another item' }));
    expect(legends()).toEqual(['Item 1', 'Item 2', 'Item 3']);
    expect(screen.queryByRole('button', { name: 'Add another item' })).toBeNull();
    expect(screen.getByText('You have added the most items you can (3).')).toBeTruthy();
    expect(status().textContent).toBe('Item 3 of 3 added');
    await user.click(screen.getByRole('button', { name: 'Remove item 3' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add another item' })));
  });

  it('keeps a fixed row: it has no remove button', async () => {
    renderWithI18n(
      <Demo
        fixedFirst
        start={[
          { kind: 'A', amount: '1' },
          { kind: 'B', amount: '2' },
        ]}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Remove item 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove item 2' })).toBeTruthy();
  });

  it('names the row of each problem in the summary and sends the rows as wire objects', async () => {
    const user = userEvent.setup();
    const onSent = vi.fn();
    renderWithI18n(<Demo onSent={onSent} />);
    await user.click(screen.getByRole('button', { name: 'Add another item' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = (await screen.findByRole('heading', { name: 'There is a problem' })).closest('.solis-error-summary') as HTMLElement;
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Choose the kind of item 1',
      'Enter the amount of item 1',
      'Choose the kind of item 2',
      'Enter the amount of item 2',
    ]);
    await user.click(within(summary).getByRole('link', { name: 'Enter the amount of item 2' }));
    expect(document.activeElement).toBe(within(screen.getByRole('group', { name: 'Item 2' })).getByRole('textbox', { name: 'Amount' }));
    for (const [legend, kind, amount] of [
      ['Item 1', 'A', '10'],
      ['Item 2', 'B', '20,5'],
    ] as const) {
      const group = screen.getByRole('group', { name: legend });
      await user.selectOptions(within(group).getByRole('combobox', { name: 'Kind' }), kind);
      await user.type(within(group).getByRole('textbox', { name: 'Amount' }), amount);
    }
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(onSent.mock.calls[0]?.[0]).toEqual({
      items: [
        { kind: 'A', amount: 10 },
        { kind: 'B', amount: 20.5 },
      ],
    });
  });

  it('shows a problem with the whole block above its rows, linked from the summary, and a row’s server error on its field', async () => {
    let api: StepFormApi<Values, WireValues<Fields>> | undefined;
    renderWithI18n(
      <Demo
        onForm={(stepForm) => (api = stepForm)}
        start={[
          { kind: 'A', amount: '1' },
          { kind: 'B', amount: '2' },
        ]}
      />,
    );
    await act(async () => {
      api?.applyServerErrors({
        'declaredData.items': ['validation.messages.rowsTooMany?max=3'],
        'declaredData.items.1.amount': ['validation.messages.moneyAboveMaximum?maxEur=999999'],
      });
    });
    const summary = (await screen.findByRole('heading', { name: 'There is a problem' })).closest('.solis-error-summary') as HTMLElement;
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['#field-items', '#field-items-1-amount']);
    expect(document.getElementById('field-items-error')?.textContent).toBe('Error: You can add no more than 3. Remove one to go on');
    const amount = within(screen.getByRole('group', { name: 'Item 2' })).getByRole('textbox', { name: 'Amount' });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await userEvent.setup().click(links[0] as HTMLElement);
    // The block takes focus: a group named by its question, described by its problem.
    const block = screen.getByRole('group', { name: 'Your items' });
    expect(document.activeElement).toBe(block);
    expect(block.getAttribute('aria-describedby')).toBe('field-items-error');
  });
});
