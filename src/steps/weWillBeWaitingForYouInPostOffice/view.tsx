import { Trans } from '@lingui/react/macro';
import { BringIdentityDocument, ClosingPage, SignBy, WhatHappensNext } from '../../features/closing-page/closing-page';

/**
 * WeWillBeWaitingForYouInPostOffice (section 2 Contract; issue 12; decision 149): the applicant chose to sign at a post office: where, what to bring, by when.
 */
export default function WeWillBeWaitingForYouInPostOffice() {
  return (
    <ClosingPage focusKey="weWillBeWaitingForYouInPostOffice" heading={<Trans>We will be waiting for you at the post office</Trans>}>
      <p>
        <Trans>You chose to sign the loan contract at a post office. You can go to any Latvijas Pasts post office during its opening hours.</Trans>
      </p>
      <WhatHappensNext />
      <p>
        <Trans>Tell the staff that you have come to sign a loan contract with us. They will check your identity and give you the contract to read and sign. The money is paid to your account after we receive the signed contract.</Trans>
      </p>
      <BringIdentityDocument />
      <SignBy />
    </ClosingPage>
  );
}
