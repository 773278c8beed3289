import { Trans } from '@lingui/react/macro';
import { ClosingPage, WhatHappensNext } from '../../features/closing-page/closing-page';

/**
 * Duplicate application (section 2 thank-you pages; issue 12; decision 148): the applicant already has an application the bank is handling, so this one does not go on.
 */
export default function ViewDuplicateApplication() {
  return (
    <ClosingPage focusKey="viewDuplicateApplication" heading={<Trans>You already have an application with us</Trans>}>
      <p>
        <Trans>We are already handling another application of yours for the same kind of loan, so we will not process this one.</Trans>
      </p>
      <WhatHappensNext />
      <p>
        <Trans>We will send you our decision on your earlier application by e-mail. You can continue that application from the link in our e-mail.</Trans>
      </p>
    </ClosingPage>
  );
}
