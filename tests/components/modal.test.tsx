/**
 * The generic modal dialog (src/components/modal.tsx): named by its heading, focus moves into it
 * and back to the opener, Escape (and the browser's own cancel) asks the owner to close it.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from '../../src/components/modal';
import { expectNoAxeViolations } from '../support/axe';
import { installModalDialogStandIn } from '../support/modal-dialog';
import { renderWithI18n } from './render-with-i18n';

installModalDialogStandIn();

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      <Modal
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        title="About this"
        actions={
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        }
      >
        <p>What it is about.</p>
      </Modal>
    </main>
  );
}

describe('Modal', () => {
  it('is closed at first and shows nothing', () => {
    renderWithI18n(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens as a dialog named by its heading, with focus on the heading, and passes axe', async () => {
    const user = userEvent.setup();
    const view = renderWithI18n(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open it' }));
    const dialog = screen.getByRole('dialog', { name: 'About this' });
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { level: 2, name: 'About this' }));
    expect(within(dialog).getByText('What it is about.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const closed: number[] = [];
    const user = userEvent.setup();
    renderWithI18n(<Harness onClose={() => closed.push(1)} />);
    const opener = screen.getByRole('button', { name: 'Open it' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(closed).toHaveLength(1);
    expect(document.activeElement).toBe(opener);
  });

  it('turns the browser’s own cancel (a phone’s back gesture) into the owner’s close', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open it' }));
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(screen.getByRole('dialog'), cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives focus back when closed by one of its own buttons', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open it' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves focus where the page put it while it has never been open, even with a place to return focus to (issue 26)', () => {
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <main>
          <h1 tabIndex={-1} ref={(heading) => heading?.focus()}>
            Your loan offer
          </h1>
          <button type="button" id="decline" onClick={() => setOpen(true)}>
            Decline the offer
          </button>
          <Modal open={open} onClose={() => setOpen(false)} title="Decline the offer?" returnFocusTo={() => document.getElementById('decline')}>
            <p>Sure?</p>
          </Modal>
        </main>
      );
    }
    renderWithI18n(<Page />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Your loan offer' }));
  });

  it('hands focus to returnFocusTo once it was opened and closed', async () => {
    const user = userEvent.setup();
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <main>
          <button type="button" id="elsewhere">
            Elsewhere
          </button>
          <button type="button" onClick={() => setOpen(true)}>
            Open it
          </button>
          <Modal open={open} onClose={() => setOpen(false)} title="About this" returnFocusTo={() => document.getElementById('elsewhere')}>
            <button type="button" onClick={() => setOpen(false)}>
              Done
            </button>
          </Modal>
        </main>
      );
    }
    renderWithI18n(<Page />);
    const opener = screen.getByRole('button', { name: 'Open it' });
    await user.click(opener);
    opener.remove();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });
});
