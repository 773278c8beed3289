import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode, SyntheticEvent } from 'react';
import './styles.css';
import './modal.css';

export interface ModalProps {
  /** Shown while true: opened with `showModal()` (the page behind is inert), closed when false. */
  open: boolean;
  /** The applicant asked to close it (Escape, or the browser's own close gesture). */
  onClose: () => void;
  /** The dialog's heading (h2); it names the dialog. Translated. */
  title: ReactNode;
  children: ReactNode;
  /** The dialog's buttons, after its content. */
  actions?: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>` (WAI-ARIA APG dialog pattern): named by its heading; on
 * opening, focus moves to the heading, so a screen reader starts reading at the top; Escape closes
 * it; on closing, focus returns to what had it before (the button that opened it). The caller owns
 * `open`, so every way out goes through `onClose`.
 */
export function Modal({ open, onClose, title, children, actions }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      headingRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      opener.current?.focus();
      opener.current = null;
    }
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

  return (
    <dialog ref={dialogRef} className="solis-modal" aria-labelledby={titleId} onCancel={onCancel} onKeyDown={onKeyDown}>
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
}
