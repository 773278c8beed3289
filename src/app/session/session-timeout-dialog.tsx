import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Plural, Trans } from '@lingui/react/macro';
import { sessionViewOf, type SessionView } from '../../../machines/session/session.machine';
import { Spinner } from '../../components/spinner';
import type { SessionActorRef } from './session-actor-ref';
import './session-timeout-dialog.css';

type WarningView = Extract<SessionView, { kind: 'warning' }>;

function sameView(a: SessionView, b: SessionView): boolean {
  if (a.kind !== 'warning' || b.kind !== 'warning') return a.kind === b.kind;
  return a.remainingSeconds === b.remainingSeconds && a.extending === b.extending && a.extendFailed === b.extendFailed;
}

/**
 * The session timeout warning (GOV.UK "timeout warning" pattern, WCAG 2.2.1): a modal alert dialog
 * with the time left and one action, "Continue my session". Escape means the same as the button
 * (the applicant is clearly there); there is no other way to close it, since a warning dismissed
 * without extending would leave the session to end unnoticed. Decision: docs/decisions/050.
 */
export function SessionTimeoutDialog({ actor }: { actor: SessionActorRef }) {
  const view = useSelector(actor, sessionViewOf, sameView);
  const open = view.kind === 'warning';
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  const extend = () => {
    if (actor.getSnapshot().can({ type: 'session.extendRequested' })) actor.send({ type: 'session.extendRequested' });
  };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // Modal: the page behind is inert until the applicant answers; focus lands on the action.
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('button')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    extend();
  };
  // Browsers may close a modal on a repeated Escape even when `cancel` is prevented: that is still
  // the applicant answering, and the warning stays until the session is extended.
  const onClose = () => {
    const dialog = dialogRef.current;
    if (!dialog || !actor.getSnapshot().matches('warning')) return;
    extend();
    dialog.showModal();
  };

  return (
    <dialog
      ref={dialogRef}
      className="solis-session-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={onCancel}
      onClose={onClose}
    >
      {open && <WarningContent view={view} titleId={titleId} descriptionId={descriptionId} onExtend={extend} />}
    </dialog>
  );
}

function WarningContent({ view, titleId, descriptionId, onExtend }: { view: WarningView; titleId: string; descriptionId: string; onExtend: () => void }) {
  const announcement = usePoliteAnnouncement(view.remainingSeconds);
  return (
    <>
      <h2 id={titleId} className="solis-session-dialog__title">
        <Trans>Your session will end soon</Trans>
      </h2>
      <div id={descriptionId}>
        <p className="solis-session-dialog__time">
          <Trans>
            Time left: <TimeLeft totalSeconds={view.remainingSeconds} />
          </Trans>
        </p>
        <p>
          <Trans>To keep your information secure, we end the session when nothing has happened for a while. If it ends, you will need to start again.</Trans>
        </p>
      </div>
      <button
        type="button"
        className="solis-button"
        aria-disabled={view.extending || undefined}
        aria-busy={view.extending || undefined}
        onClick={onExtend}
      >
        {view.extending && <Spinner />}
        <Trans>Continue my session</Trans>
      </button>
      <div role="alert">
        {view.extendFailed && (
          <p className="solis-session-dialog__error">
            <Trans>We could not continue your session. Check your internet connection and try again.</Trans>
          </p>
        )}
      </div>
      {/* The visible countdown changes every second; a screen reader hears it once a minute and at 30 seconds. */}
      <p className="solis-visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement !== null && (
          <Trans>
            Time left: <TimeLeft totalSeconds={announcement} />
          </Trans>
        )}
      </p>
    </>
  );
}

/** Minutes and seconds in words (a screen reader reads "1:45" as a time of day). */
function TimeLeft({ totalSeconds }: { totalSeconds: number }) {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const minutesText = <Plural value={minutes} one="# minute" other="# minutes" />;
  const secondsText = <Plural value={seconds} one="# second" other="# seconds" />;
  if (minutes === 0) return secondsText;
  if (seconds === 0) return minutesText;
  return (
    <>
      {minutesText} {secondsText}
    </>
  );
}

/** Which announcement a time left falls in: each whole minute, then the last 30 seconds. */
function announcementPeriod(seconds: number): number {
  return seconds > 30 ? Math.ceil(seconds / 60) : 0;
}

/**
 * The time left to announce: nothing when the dialog opens (its description is read then), then
 * the exact time left whenever it enters a new period. Polite, so it never interrupts the reader.
 */
function usePoliteAnnouncement(remainingSeconds: number): number | null {
  const [state, setState] = useState({ period: announcementPeriod(remainingSeconds), seconds: null as number | null });
  const period = announcementPeriod(remainingSeconds);
  if (period !== state.period) setState({ period, seconds: remainingSeconds });
  return period !== state.period ? remainingSeconds : state.seconds;
}
