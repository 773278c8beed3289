import { Trans } from '@lingui/react/macro';
import { ClosingPage, WhatHappensNext } from '../../features/closing-page/closing-page';

/**
 * Statements being processed (section 2 thank-you pages; issue 13; decision 146): the bank statements are in and are being checked; nothing more is asked.
 */
export default function ViewBankStatementsBeingProcessed() {
  return (
    <ClosingPage focusKey="viewBankStatementsBeingProcessed" heading={<Trans>Thank you! We are checking your bank statements</Trans>} ending="waits">
      <p>
        <Trans>We have received your bank statements. We are now checking them together with the rest of your application.</Trans>
      </p>
      <WhatHappensNext />
      <p>
        <Trans>When the check is done, we will send you our decision by e-mail. This usually takes less than an hour during working hours.</Trans>
      </p>
    </ClosingPage>
  );
}
