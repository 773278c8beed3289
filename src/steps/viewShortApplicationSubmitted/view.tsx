import { Trans } from '@lingui/react/macro';
import { ClosingPage, WhatHappensNext } from '../../features/closing-page/closing-page';

/**
 * Short application submitted (section 2 thank-you pages; issue 12; decision 148): the partner short flow’s application is in.
 */
export default function ViewShortApplicationSubmitted() {
  return (
    <ClosingPage focusKey="viewShortApplicationSubmitted" heading={<Trans>Thank you! Your application has been sent</Trans>} ending="waits">
      <WhatHappensNext />
      <p>
        <Trans>We will check your application and send our decision by e-mail, usually within a few minutes. If the loan is approved, the e-mail tells you how to sign the contract and finish your purchase.</Trans>
      </p>
    </ClosingPage>
  );
}
