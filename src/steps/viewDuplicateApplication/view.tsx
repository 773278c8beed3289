import { Trans } from '@lingui/react/macro';
import { ClosingPage, WhatHappensNext } from '../../features/closing-page/closing-page';

/**
 * Duplicate application (section 2 thank-you pages; decisions 148, 175): the bank already handles
 * another application for the same kind of loan with this personal code (made in another browser or
 * through another channel), so this one ends here. Nothing about the other application is said but
 * that it exists: whoever typed the code may not be the person it belongs to.
 */
export default function ViewDuplicateApplication() {
  return (
    <ClosingPage focusKey="viewDuplicateApplication" heading={<Trans>You already have an application with us</Trans>}>
      <p>
        <Trans>We are already handling another application for the same kind of loan with this personal code, so we will not process this one.</Trans>
      </p>
      <WhatHappensNext />
      <p>
        <Trans>If you made that application, go on with it where you started it, or wait for our answer by e-mail. If you did not apply for a loan with us, please contact us.</Trans>
      </p>
    </ClosingPage>
  );
}
