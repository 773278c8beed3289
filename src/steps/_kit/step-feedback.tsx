import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { AppError } from '../../../core/domain/app-error';
import { useApplicationActor } from './application-actor';

/** Issue 2: a submit error is shown on the button, says what happened and keeps what was typed. */
export function SubmitErrorText({ error }: { error: AppError }) {
  switch (error.kind) {
    case 'validation':
      return <Trans>Some answers need correcting. Check the fields marked above and continue again.</Trans>;
    case 'conflict':
      return <Trans>This application was changed in another window. Reload it to continue with the latest answers.</Trans>;
    case 'network':
      return <Trans>We could not reach the bank. Check your connection and continue again; your answers are kept.</Trans>;
    case 'timeout':
      return <Trans>The bank did not answer in time. Continue again in a moment; your answers are kept.</Trans>;
    case 'unauthorized':
    case 'not-found':
      return <Trans>Your session has ended. Reload the page to start again.</Trans>;
    default:
      return <Trans>Something went wrong on our side. Your answers are kept; please continue again in a moment.</Trans>;
  }
}

/**
 * Another tab or device saved this step since this page loaded: typing here is no longer saved, so
 * the applicant is told and offered the latest version rather than silently overwriting it.
 */
export function DraftConflictNotice() {
  const actor = useApplicationActor();
  const conflicted = useSelector(actor, (s) => s.context.draftConflict);
  if (!conflicted) return null;
  return (
    <div className="solis-notice" role="alert">
      <p>
        <Trans>This application was changed in another window or on another device, so what you type here is not saved.</Trans>
      </p>
      <button type="button" className="solis-button solis-button--secondary" onClick={() => actor.send({ type: 'application.reloaded' })}>
        <Trans>Load the latest version</Trans>
      </button>
    </div>
  );
}
