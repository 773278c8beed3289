import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ErrorSummary } from '../../src/components/error-summary';
import type { ErrorSummaryItem } from '../../src/components/error-summary';
import { Field } from '../../src/components/field';
import { TextInput } from '../../src/components/text-input';
import { expectNoAxeViolations } from '../support/axe';
import { renderWithI18n } from './render-with-i18n';

function Page({ errors, focusRequest }: { errors: ErrorSummaryItem[]; focusRequest?: number }) {
  return (
    <>
      <ErrorSummary errors={errors} focusRequest={focusRequest} />
      <Field id="first-name" label="First name">
        <TextInput autoComplete="given-name" inputMode="text" />
      </Field>
      <Field id="email" label="E-mail address">
        <TextInput autoComplete="email" inputMode="email" type="email" />
      </Field>
    </>
  );
}

const twoErrors = [
  { fieldId: 'first-name', message: 'Enter your first name' },
  { fieldId: 'email', message: 'Enter an e-mail address in the correct format' },
];

describe('ErrorSummary', () => {
  it('renders nothing without errors', () => {
    renderWithI18n(<Page errors={[]} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('There is a problem')).toBeNull();
  });

  it('appears as an alert titled "There is a problem" and takes focus', async () => {
    const { container } = renderWithI18n(<Page errors={twoErrors} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2, name: 'There is a problem' })).toBeTruthy();
    const summary = alert.parentElement as HTMLElement;
    expect(document.activeElement).toBe(summary);
    expect(summary.getAttribute('tabindex')).toBe('-1');
    expect(within(alert).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Enter your first name', '#first-name'],
      ['Enter an e-mail address in the correct format', '#email'],
    ]);
    await expectNoAxeViolations(container);
  });

  it('moves focus to the field a link names', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Page errors={twoErrors} />);
    await user.click(screen.getByRole('link', { name: 'Enter an e-mail address in the correct format' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'E-mail address' }));
  });

  it('takes focus again when a new submit fails', async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithI18n(<Page errors={twoErrors} focusRequest={1} />);
    await user.click(screen.getByRole('textbox', { name: 'First name' }));
    rerender(<Page errors={twoErrors.slice(1)} focusRequest={1} />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First name' }));
    rerender(<Page errors={twoErrors.slice(1)} focusRequest={2} />);
    expect(document.activeElement).toBe(screen.getByRole('alert').parentElement);
  });

  it('lists a form-level problem as text when no field owns it', () => {
    renderWithI18n(<Page errors={[{ message: 'Check the amount and the period together' }]} />);
    expect(within(screen.getByRole('alert')).queryByRole('link')).toBeNull();
    expect(screen.getByText('Check the amount and the period together')).toBeTruthy();
  });
});
