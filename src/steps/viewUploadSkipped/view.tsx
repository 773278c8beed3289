import { Trans } from '@lingui/react/macro';
import { ClosingPage, WhatHappensNext } from '../../features/closing-page/closing-page';

/**
 * Upload skipped (section 2 thank-you pages; issue 13; decision 146): the application went on without bank statements; a person reviews it and may ask for them.
 */
export default function ViewUploadSkipped() {
  return (
    <ClosingPage focusKey="viewUploadSkipped" heading={<Trans>Thank you! Your application has been sent without bank statements</Trans>} ending="waits">
      <p>
        <Trans>You chose not to add your bank statements now. Your application has been sent to us without them.</Trans>
      </p>
      <WhatHappensNext />
      <p>
        <Trans>A loan specialist will review your application. If we need your bank statements to decide, we will ask you for them by e-mail.</Trans>
      </p>
    </ClosingPage>
  );
}
