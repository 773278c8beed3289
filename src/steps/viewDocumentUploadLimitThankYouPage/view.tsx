import { Trans } from '@lingui/react/macro';
import { ClosingPage, WhatHappensNext } from '../../features/closing-page/closing-page';

/**
 * Upload retries exceeded (section 2 thank-you pages, section 4 `viewDocumentUploadLimitThankYouPage`; issue 13; decision 146): the statements could not be received after the attempts allowed; the application is kept and a person takes it on.
 */
export default function ViewDocumentUploadLimitThankYouPage() {
  return (
    <ClosingPage focusKey="viewDocumentUploadLimitThankYouPage" heading={<Trans>We could not receive your bank statements</Trans>}>
      <p>
        <Trans>The upload did not succeed after several attempts, so we have stopped it. Your application and everything you have entered are saved.</Trans>
      </p>
      <WhatHappensNext />
      <p>
        <Trans>A loan specialist will contact you within one working day to agree another way to send the statements. You do not need to start a new application.</Trans>
      </p>
    </ClosingPage>
  );
}
