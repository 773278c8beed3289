import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode, SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

export interface ModalProps {
  /** Shown while true: opened with `showModal()` (the page behind is inert), closed when false. */
  open: boolean;
  /** The applicant asked to close it (Escape, or a close control): the owner decides and closes it. */
  onClose: () => void;
  /** The dialog's heading (h2); it names the dialog. Translated. */
  title: ReactNode;
  children: ReactNode;
  /** The dialog's buttons, after its content. */
  actions?: ReactNode;
  /** Where focus goes when the dialog closes, if not back where it was before it opened. */
  returnFocusTo?: () => HTMLElement | null;
  /**
   * On a narrow screen (under 40em) the dialog rises from the bottom as a sheet, leaving the top of
   * the page in sight, instead of covering the page (issue 26: the calculator on a phone).
   */
  sheet?: boolean;
}

/**
 * A modal dialog on the native `<dialog>` (WAI-ARIA APG dialog pattern, GOV.UK style): opened with
 * `showModal()`, so the page behind is inert (focus cannot leave it, WCAG 2.4.3) and the browser keeps
 * it in the top layer; named by its heading, which takes focus on opening so a screen reader starts
 * at the top; Escape closes it; when it closes, focus returns to where it was (the button that opened
 * it) or to `returnFocusTo`. The caller owns `open`, so every way out goes through `onClose`.
 */
export function Modal({ open, onClose, title, children, actions, returnFocusTo, sheet = false }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  /** Whether the dialog has been shown since focus last went back: only a dialog that was open hands focus back (issue 26). */
  const shown = useRef(false);
  const titleId = useId();
  const latest = useRef({ returnFocusTo });
  useEffect(() => {
    latest.current = { returnFocusTo };
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      dialog.showModal();
      shown.current = true;
      headingRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Focus goes back when the dialog has closed, whoever closed it; a dialog that starts closed (or
  // was never shown) leaves focus where the page put it: on a new step, its heading (issue 26).
  useEffect(() => {
    if (open || !shown.current) return;
    shown.current = false;
    const target = (opener.current?.isConnected ? opener.current : null) ?? latest.current.returnFocusTo?.() ?? null;
    opener.current = null;
    target?.focus();
  }, [open]);

  // Closed with the page still holding it open (the component goes away): give focus back too.
  useEffect(
    () => () => {
      if (dialogRef.current?.open) opener.current?.focus();
    },
    [],
  );

  // The browser's own close (Escape, a phone's back gesture) is turned into the caller's decision.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };

  // Rendered at the end of the page's main landmark, never inside the form that opened it (a form
  // may not hold another); React still delivers its events through the opener's tree.
  const host = typeof document === 'undefined' ? null : (document.querySelector('main') ?? document.body);
  const dialog = (
    <dialog ref={dialogRef} className={sheet ? 'solis-modal solis-modal--sheet' : 'solis-modal'} aria-labelledby={titleId} onCancel={onCancel} onKeyDown={onKeyDown}>
      {open && (
        <>
          <h2 id={titleId} ref={headingRef} className="solis-modal__title" tabIndex={-1}>
            {title}
          </h2>
          {children}
          {actions != null && <div className="solis-modal__actions">{actions}</div>}
        </>
      )}
    </dialog>
  );
  return host ? createPortal(dialog, host) : dialog;
}
