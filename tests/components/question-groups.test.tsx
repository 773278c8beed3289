import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { choices, date } from '../../core/contract/fields';
import { defineStepContract } from '../../core/contract/step-contract';
import { StepForm } from '../../src/components/form/form-fields';
import { CheckboxesField, DateField } from '../../src/components/form/question-fields';
import { useStepForm } from '../../src/components/form/use-step-form';
import type { FormValues, WireValues } from '../../core/contract/fields';
import { MESSAGES } from '../../core/validation/messages';
import { expectNoAxeViolations } from '../support/axe';
import { renderWithI18n } from './render-with-i18n';

const notInFuture = v.pipe(v.string(), v.check((iso) => iso <= '2025-06-15', MESSAGES.dateInFuture));
const contract = defineStepContract({
  fields: () => ({
    birthDate: date('personUpdates.0.declaredData.birthDate', notInFuture),
    purposes: choices('personUpdates.0.declaredData.purposeOfRelationship', ['LOAN', 'SAVING', 'DEPOSITS', 'LEASING'], { max: 3 }),
  }),
});
type Fields = ReturnType<typeof contract.fields>;

function Demo({ onSent }: { onSent: (values: WireValues<Fields>) => void }) {
  const stepForm = useStepForm<FormValues<Fields>, WireValues<Fields>>({
    schema: contract.formSchema({ domain: 'retail-banking-ee', locale: 'en' }),
    defaultValues: contract.initialValues({ domain: 'retail-banking-ee', locale: 'en' }) as never,
    requiredMessages: { 'birthDate.day': 'Enter your date of birth', purposes: 'Select why you want to bank with us' },
  });
  return (
    <StepForm stepForm={stepForm} onSubmit={onSent}>
      <h1>About you</h1>
      <DateField form={stepForm.form} name="birthDate" label="Date of birth" hint="For example, 27 3 1990" autoComplete="bday" />
      <CheckboxesField
        form={stepForm.form}
        name="purposes"
        label="Why do you want to bank with us?"
        hint="Select up to 3"
        options={[
          { value: 'LOAN', label: 'Loan' },
          { value: 'SAVING', label: 'Saving' },
          { value: 'DEPOSITS', label: 'Deposits' },
          { value: 'LEASING', label: 'Leasing' },
        ]}
      />
      <button type="submit">Continue</button>
    </StepForm>
  );
}

describe('a date input and a set of checkboxes (GOV.UK question groups)', () => {
  it('are fieldsets with a legend, labelled parts and autocomplete, and pass axe', async () => {
    const { container } = renderWithI18n(<Demo onSent={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(within(group).getByRole('textbox', { name: 'Day' }).getAttribute('autocomplete')).toBe('bday-day');
    expect(within(group).getByRole('textbox', { name: 'Year' }).getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('group', { name: 'Why do you want to bank with us?' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('send a date as yyyy-MM-dd and the ticked options in order', async () => {
    const user = userEvent.setup();
    const onSent = vi.fn();
    renderWithI18n(<Demo onSent={onSent} />);
    await user.type(screen.getByRole('textbox', { name: 'Day' }), '7');
    await user.type(screen.getByRole('textbox', { name: 'Month' }), '3');
    await user.type(screen.getByRole('textbox', { name: 'Year' }), '1990');
    await user.click(screen.getByRole('checkbox', { name: 'Loan' }));
    await user.click(screen.getByRole('checkbox', { name: 'Saving' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(onSent.mock.calls[0]?.[0]).toEqual({ birthDate: '1990-03-07', purposes: ['LOAN', 'SAVING'] });
  });

  it('say what is wrong in the group and in the summary: an impossible date, a future date, too many choices', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Demo onSent={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('heading', { name: 'There is a problem' });
    const links = within(summary.closest('.solis-error-summary') as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Enter your date of birth', 'Select why you want to bank with us']);
    await user.click(links[0] as HTMLElement);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Day' }));

    await user.type(screen.getByRole('textbox', { name: 'Day' }), '31');
    await user.type(screen.getByRole('textbox', { name: 'Month' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Year' }), '1990');
    await waitFor(() => expect(screen.getAllByText('Enter a real date').length).toBeGreaterThan(0));
    await user.clear(screen.getByRole('textbox', { name: 'Year' }));
    await user.type(screen.getByRole('textbox', { name: 'Year' }), '2030');
    await user.clear(screen.getByRole('textbox', { name: 'Day' }));
    await user.type(screen.getByRole('textbox', { name: 'Day' }), '1');
    await waitFor(() => expect(screen.getAllByText('Enter a date that is today or in the past').length).toBeGreaterThan(0));

    for (const name of ['Loan', 'Saving', 'Deposits', 'Leasing']) await user.click(screen.getByRole('checkbox', { name }));
    await waitFor(() => expect(screen.getAllByText('Choose no more than 3').length).toBeGreaterThan(0));
  });
});
