/**
 * The session timeout warning as the applicant meets it (issue 3): a modal alert dialog named by
 * its title, the time left in words, focus on its one action, announced politely once a minute,
 * Escape meaning "continue", a failed extension said out loud. The real session machine runs with
 * fake actors on a simulated clock.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, type Messages } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionTimeoutDialog } from '../../src/app/session/session-timeout-dialog';
import { appError } from '../machines/actor.fakes';
import { TTL_MS, WARNING_MS, startSession, type RunningSession } from '../machines/session.fakes';
import { expectNoAxeViolations } from '../support/axe';
import { installModalDialogStandIn } from '../support/modal-dialog';
import { renderWithI18n } from './render-with-i18n';

const russianCatalogs = import.meta.glob<{ messages: Messages }>('../../locales/ru/*.po', { eager: true });

// The browser tests (e2e/session.spec.ts) run the real modal dialog.
installModalDialogStandIn();

let run: RunningSession;
afterEach(() => run.stop());

async function advance(ms: number): Promise<void> {
  await act(() => run.advance(ms));
}

/** A session whose warning has just opened. */
async function warned(): Promise<HTMLElement> {
  run = startSession();
  const view = renderWithI18n(<SessionTimeoutDialog actor={run.actor} />);
  run.reply();
  await advance(TTL_MS - WARNING_MS - 1);
  expect(screen.queryByRole('alertdialog')).toBeNull();
  await advance(1);
  return view.container;
}

function liveRegion(): HTMLElement {
  const region = screen.getByRole('alertdialog').querySelector<HTMLElement>('[aria-live="polite"]');
  if (!region) throw new Error('The dialog has no polite live region');
  return region;
}

describe('SessionTimeoutDialog', () => {
  it('opens as an alert dialog named by its title, described with the time left, focus on its one action', async () => {
    const container = await warned();
    const dialog = screen.getByRole('alertdialog', { name: 'Your session will end soon', description: /^Time left: 2 minutes/ });
    const button = within(dialog).getByRole('button', { name: 'Continue my session' });
    expect(within(dialog).getAllByRole('button')).toHaveLength(1);
    expect(document.activeElement).toBe(button);
    await expectNoAxeViolations(container);
  });

  it('counts down every second in words, and announces only each minute and at 30 seconds', async () => {
    await warned();
    const dialog = screen.getByRole('alertdialog');
    expect(liveRegion().textContent).toBe('');
    await advance(1000);
    expect(within(dialog).getByText('Time left: 1 minute 59 seconds')).toBeTruthy();
    expect(liveRegion().textContent).toBe('');
    await advance(59_000);
    expect(within(dialog).getByText('Time left: 1 minute', { selector: '.solis-session-dialog__time' })).toBeTruthy();
    expect(liveRegion().textContent).toBe('Time left: 1 minute');
    await advance(1000);
    expect(within(dialog).getByText('Time left: 59 seconds')).toBeTruthy();
    expect(liveRegion().textContent).toBe('Time left: 1 minute');
    await advance(29_000);
    expect(liveRegion().textContent).toBe('Time left: 30 seconds');
    await advance(29_000);
    expect(within(dialog).getByText('Time left: 1 second')).toBeTruthy();
    expect(liveRegion().textContent).toBe('Time left: 30 seconds');
    await advance(1000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('"Continue my session" extends once, shows it is busy, and the warning closes when extended', async () => {
    await warned();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Continue my session' });
    await user.click(button);
    expect(run.extend.calls).toHaveLength(1);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    expect(run.extend.calls).toHaveLength(1);

    await act(async () => {
      const expiresAt = run.reply();
      run.extend.last().resolve({ expiresAt });
      await run.advance(0);
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Escape continues the session rather than dismissing the warning unanswered', async () => {
    await warned();
    const dialog = screen.getByRole('alertdialog');
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(run.extend.calls).toHaveLength(1);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('a failed extension is announced, and the same button tries again', async () => {
    const container = await warned();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue my session' }));
    await act(async () => {
      run.extend.last().reject(appError('network'));
      await run.advance(0);
    });
    const alert = within(screen.getByRole('alertdialog')).getByRole('alert');
    expect(alert.textContent).toBe('We could not continue your session. Check your internet connection and try again.');
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Continue my session' }));
    expect(run.extend.calls).toHaveLength(2);
    expect(alert.textContent).toBe('');
  });

  it('speaks Russian with its plural forms', async () => {
    i18n.load('ru', Object.assign({}, ...Object.values(russianCatalogs).map((catalog) => catalog.messages)) as Messages);
    try {
      act(() => i18n.activate('ru'));
      await warned();
      const dialog = screen.getByRole('alertdialog', { name: 'Ваш сеанс скоро завершится' });
      expect(within(dialog).getByText('Осталось времени: 2 минуты')).toBeTruthy();
      await advance(1000);
      expect(within(dialog).getByText('Осталось времени: 1 минута 59 секунд')).toBeTruthy();
      await advance(57_000);
      expect(within(dialog).getByText('Осталось времени: 1 минута 2 секунды')).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Продолжить сеанс' })).toBeTruthy();
    } finally {
      act(() => i18n.activate('en'));
    }
  });
});
