import { Trans } from '@lingui/react/macro';
import { ClosingPage, ContactReference, WhatHappensNext, useApplicationReference } from '../../features/closing-page/closing-page';
import { TaskPollStatus } from '../../features/task-poll/task-poll-status';

/**
 * Statements being processed (section 2 thank-you pages; decisions 146 and 172): the statements are
 * in and the bank analyses them before it decides. The page waits for that (the task reply's
 * `awaitingCheck`; the application machine looks again every few seconds) and moves on by itself to
 * the decision; the applicant may also close it, and is then told the decision by e-mail.
 */
export default function ViewBankStatementsBeingProcessed() {
  const reference = useApplicationReference();
  return (
    <ClosingPage focusKey="viewBankStatementsBeingProcessed" heading={<Trans>Thank you! We are checking your bank statements</Trans>} ending="none">
      <p>
        <Trans>We have received your bank statements. We are now checking them together with the rest of your application.</Trans>
      </p>
      <WhatHappensNext />
      <p>
        <Trans>This usually takes only a few moments. As soon as the check is done, this page moves on by itself to our decision.</Trans>
      </p>
      <p>
        <Trans>You can also close this page: we will then send you our decision by e-mail.</Trans>
      </p>
      <ContactReference reference={reference} />
      <TaskPollStatus notYet={<Trans>We are still checking. This page moves on by itself.</Trans>} />
    </ClosingPage>
  );
}
