import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmitButton } from '../../src/components/submit-button';
import { expectNoAxeViolations } from '../support/axe';
import { renderWithI18n } from './render-with-i18n';

function Form({ onSubmit, pending, error }: { onSubmit: () => void; pending?: boolean; error?: string }) {
  return (
    <form
      aria-label="Loan application"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor="name">Name</label>
      <input id="name" autoComplete="name" inputMode="text" />
      <SubmitButton pending={pending} error={error}>
        Continue
      </SubmitButton>
    </form>
  );
}

describe('SubmitButton', () => {
  it('submits its form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { container } = renderWithI18n(<Form onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button.hasAttribute('aria-busy')).toBe(false);
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledOnce();
    await expectNoAxeViolations(container);
  });

  it('while pending shows it, keeps focus and ignores clicks and Enter', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { container } = renderWithI18n(<Form onSubmit={onSubmit} pending />);
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Sending your answers, please wait.');
    await user.click(button);
    expect(document.activeElement).toBe(button);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Mari{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('shows a submit error below itself, announced and linked to the button', async () => {
    const { container } = renderWithI18n(<Form onSubmit={vi.fn()} error="We could not send your answers. Try again." />);
    const button = screen.getByRole('button', { name: 'Continue' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('We could not send your answers. Try again.');
    const describedBy = button.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('We could not send your answers. Try again.');
    await expectNoAxeViolations(container);
  });
});
