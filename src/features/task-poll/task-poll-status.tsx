import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { TASK_POLL_ID, type taskPollMachine } from '../../../machines/task-poll/task-poll.machine';
import { useStepLogic } from '../../steps/_kit/use-step-logic';

/**
 * What a page that moves on by itself shows of its looks (issues 11 and 22, decision 172): "Check
 * now" and, under it, a status line (`role="status"`). The looks themselves are the task poll's
 * (machines/task-poll), run beside the step; the page only reads and sends. A look the person asked
 * for says it is looking; timed looks change the line only when there is something new to say
 * (nothing yet, or a look that failed and will be tried again), so a screen reader is not told
 * "checking" every few seconds.
 */
export function TaskPollStatus({ notYet }: { notYet: ReactNode }) {
  const poll = useStepLogic<typeof taskPollMachine>(TASK_POLL_ID);
  const looking = useSelector(poll, (s) => s?.matches('looking') ?? false);
  const asked = useSelector(poll, (s) => s?.context.askedNow ?? false);
  const looked = useSelector(poll, (s) => (s?.context.looks ?? 0) > 0);
  const failed = useSelector(poll, (s) => (s?.context.failures ?? 0) > 0);
  let status: ReactNode = null;
  if (looking && asked) status = <Trans>Checking…</Trans>;
  else if (failed) status = <Trans>We could not check just now. We will try again shortly.</Trans>;
  else if (looked) status = notYet;
  return (
    <>
      <button
        type="button"
        className="solis-button solis-button--secondary"
        aria-disabled={looking || undefined}
        onClick={() => {
          if (!looking) poll?.send({ type: 'taskPoll.checkNow' });
        }}
      >
        <Trans>Check now</Trans>
      </button>
      {/* Under the button (decision 244): a look's answer arriving above it moved it during a click. */}
      <p role="status" className="solis-hint">
        {status}
      </p>
    </>
  );
}
