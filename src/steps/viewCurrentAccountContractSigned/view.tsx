import { Trans } from '@lingui/react/macro';
import { ClosingPage, WhatHappensNext } from '../../features/closing-page/closing-page';

/**
 * Current account contract signed (section 2 thank-you pages; issue 12; decision 148): the account contract is signed and the account is being opened.
 */
export default function ViewCurrentAccountContractSigned() {
  return (
    <ClosingPage focusKey="viewCurrentAccountContractSigned" heading={<Trans>Your current account contract is signed</Trans>}>
      <p>
        <Trans>Thank you! We are now opening your current account.</Trans>
      </p>
      <WhatHappensNext />
      <p>
        <Trans>We will send you the account number and a copy of the signed contract by e-mail. You can then use your account in the internet bank.</Trans>
      </p>
    </ClosingPage>
  );
}
