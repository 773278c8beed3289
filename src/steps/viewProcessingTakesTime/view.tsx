import { Trans } from '@lingui/react/macro';
import { ClosingPage, ContactReference, WhatHappensNext, useApplicationReference } from '../../features/closing-page/closing-page';
import { TaskPollStatus } from '../../features/task-poll/task-poll-status';

/**
 * Processing takes time (section 2 thank-you pages; decisions 146 and 172): the bank's analysis of the
 * statements has taken longer than "being processed" promised; nothing is to be sent again. The page
 * still moves on by itself once the analysis answers; the applicant may close it and is then told the
 * decision by e-mail.
 */
export default function ViewProcessingTakesTime() {
  const reference = useApplicationReference();
  return (
    <ClosingPage focusKey="viewProcessingTakesTime" heading={<Trans>Checking your bank statements is taking longer than usual</Trans>} ending="none">
      <p>
        <Trans>We have received your bank statements, so you do not need to send them again. Checking them is taking longer than usual.</Trans>
      </p>
      <WhatHappensNext />
      <p>
        <Trans>You can wait here: as soon as the check is done, this page moves on by itself to our decision.</Trans>
      </p>
      <p>
        <Trans>You can also close this page: we will send you our decision by e-mail, at the latest by the end of the next working day.</Trans>
      </p>
      <ContactReference reference={reference} />
      <TaskPollStatus notYet={<Trans>We are still checking. This page moves on by itself.</Trans>} />
    </ClosingPage>
  );
}
