import { Trans } from '@lingui/react/macro';
import { ClosingPage, WhatHappensNext } from '../../features/closing-page/closing-page';

/**
 * Processing takes time (section 2 thank-you pages; issue 13; decision 146): the statements are in, but checking them takes longer than usual; nothing is to be sent again.
 */
export default function ViewProcessingTakesTime() {
  return (
    <ClosingPage focusKey="viewProcessingTakesTime" heading={<Trans>Checking your bank statements is taking longer than usual</Trans>} ending="waits">
      <p>
        <Trans>We have received your bank statements, so you do not need to send them again. Checking them is taking longer than usual.</Trans>
      </p>
      <WhatHappensNext />
      <p>
        <Trans>We will send you our decision by e-mail, at the latest by the end of the next working day.</Trans>
      </p>
    </ClosingPage>
  );
}
