import { useEffect, useId, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

export interface ModalProps {
  open: boolean;
  /** The dialog's name: its visible heading. */
  title: ReactNode;
  /** Escape, or a close control: the owner decides what dismissing means and closes it. */
  onDismiss: () => void;
  /** Where focus goes when the dialog closes, if not back where it was before it opened. */
  returnFocusTo?: () => HTMLElement | null;
  children: ReactNode;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern, GOV.UK style): the native `<dialog>` opened with
 * `showModal()`, so the page behind is inert (focus cannot leave it, WCAG 2.4.3) and the browser keeps
 * it in the top layer; Escape dismisses it; focus starts on the heading and, when the dialog closes,
 * returns to where it was (or to `returnFocusTo`).
 */
export function Modal({ open, title, onDismiss, returnFocusTo, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const latest = useRef({ returnFocusTo });
  useEffect(() => {
    latest.current = { returnFocusTo };
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      dialog.showModal();
      heading.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Focus goes back when the dialog has closed, whoever closed it.
  useEffect(() => {
    if (open) return;
    const target = (opener.current?.isConnected ? opener.current : null) ?? latest.current.returnFocusTo?.() ?? null;
    opener.current = null;
    target?.focus();
  }, [open]);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: the owner closes it (its state says whether the dialog is open).
    event.preventDefault();
    onDismiss();
  };

  // Rendered at the end of the page's main landmark, never inside the form that opened it (a form
  // may not hold another); React still delivers its events through the opener's tree.
  const host = typeof document === 'undefined' ? null : (document.querySelector('main') ?? document.body);
  const dialog = (
    <dialog ref={ref} className="solis-modal" aria-labelledby={titleId} onCancel={onCancel}>
      {open && (
        <>
          <h2 ref={heading} id={titleId} className="solis-modal__title" tabIndex={-1}>
            {title}
          </h2>
          {children}
        </>
      )}
    </dialog>
  );
  return host ? createPortal(dialog, host) : dialog;
}
