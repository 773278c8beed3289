import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Checkbox } from '../../src/components/checkbox';
import { Field } from '../../src/components/field';
import { MoneyInput } from '../../src/components/money-input';
import { Select } from '../../src/components/select';
import { TextInput } from '../../src/components/text-input';
import { expectNoAxeViolations } from '../support/axe';
import { renderWithI18n } from './render-with-i18n';

function describedByTexts(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

describe('Field with TextInput', () => {
  it('labels the input and describes it with the hint', async () => {
    const { container } = renderWithI18n(
      <Field id="email" label="E-mail address" hint="We send the decision here">
        <TextInput autoComplete="email" inputMode="email" type="email" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'E-mail address' });
    expect(input).toHaveProperty('id', 'email');
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(input.getAttribute('inputmode')).toBe('email');
    expect(input.getAttribute('spellcheck')).toBe('false');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(describedByTexts(input)).toEqual(['We send the decision here']);
    await expectNoAxeViolations(container);
  });

  it('shows the error with a hidden "Error:" prefix and marks the input invalid', async () => {
    const { container } = renderWithI18n(
      <Field id="first-name" label="First name" hint="As in your passport" error="Enter your first name">
        <TextInput autoComplete="given-name" inputMode="text" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'First name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(input)).toEqual(['As in your passport', 'Error: Enter your first name']);
    expect(screen.getByText('Error:').className).toBe('solis-visually-hidden');
    await expectNoAxeViolations(container);
  });

  it('keeps describing ids the input brings itself', () => {
    renderWithI18n(
      <>
        <p id="extra">Extra context</p>
        <Field id="code" label="Campaign code" error="Too long">
          <TextInput autoComplete="off" inputMode="text" aria-describedby="extra" />
        </Field>
      </>,
    );
    expect(describedByTexts(screen.getByRole('textbox', { name: 'Campaign code' }))).toEqual(['Error: Too long', 'Extra context']);
  });
});

describe('MoneyInput', () => {
  it('accepts an amount typed with spaces and a decimal comma, as typed', async () => {
    const user = userEvent.setup();
    const { container } = renderWithI18n(
      <Field id="amount" label="Loan amount" hint="Between 500 and 15 000 euros">
        <MoneyInput autoComplete="off" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Loan amount' });
    await user.type(input, '1 500,50');
    expect(input).toHaveProperty('value', '1 500,50');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(input.getAttribute('type')).toBe('text');
    expect(describedByTexts(input)).toEqual(['Between 500 and 15 000 euros', 'Amount in euros']);
    expect(screen.getByText('€').getAttribute('aria-hidden')).toBe('true');
    await expectNoAxeViolations(container);
  });

  it('accepts a decimal point too', async () => {
    const user = userEvent.setup();
    renderWithI18n(
      <Field id="income" label="Monthly income">
        <MoneyInput autoComplete="off" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Monthly income' });
    await user.type(input, '2500.75');
    expect(input).toHaveProperty('value', '2500.75');
  });
});

describe('Select', () => {
  it('is labelled, offers a placeholder and reports its invalid state', async () => {
    const user = userEvent.setup();
    const { container } = renderWithI18n(
      <Field id="product" label="Loan type" error="Choose a loan type">
        <Select autoComplete="off" placeholder="Choose a loan" options={[{ value: 'SMALL_LOAN', label: 'Small loan' }, { value: 'CAR_LOAN', label: 'Car loan' }]} />
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Loan type' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('autocomplete')).toBe('off');
    await user.selectOptions(select, 'Car loan');
    expect(select).toHaveProperty('value', 'CAR_LOAN');
    await expectNoAxeViolations(container);
  });
});

describe('Checkbox', () => {
  it('is labelled after the box, with hint and error described', async () => {
    const user = userEvent.setup();
    const { container } = renderWithI18n(
      <Checkbox id="consent" label="I agree to the processing of my data" hint="Required to assess the application" error="Tick the box to agree" />,
    );
    const box = screen.getByRole('checkbox', { name: 'I agree to the processing of my data' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(box)).toEqual(['Required to assess the application', 'Error: Tick the box to agree']);
    await user.click(screen.getByText('I agree to the processing of my data'));
    expect(box).toHaveProperty('checked', true);
    await expectNoAxeViolations(container);
  });
});
