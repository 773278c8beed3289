import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useApplicationActor } from '../_kit/application-actor';
import { BringIdentityDocument, ClosingPage, SignBy, WhatHappensNext } from '../../features/closing-page/closing-page';

/**
 * DecisionPartnerStoreChosenForContractSigning (section 2 Contract; issue 12; decision 149): the applicant chose to sign at the partner’s store: where, what to bring, by when.
 */
export default function DecisionPartnerStoreChosenForContractSigning() {
  const actor = useApplicationActor();
  const store = useSelector(actor, (s) => s.context.application?.seller?.businessName ?? null);
  return (
    <ClosingPage focusKey="decisionPartnerStoreChosenForContractSigning" heading={<Trans>Sign your contract in the store</Trans>}>
      <p>
        {store ? <Trans>You chose to sign the loan contract at {store}.</Trans> : <Trans>You chose to sign the loan contract at the store where you are buying.</Trans>}
      </p>
      <WhatHappensNext />
      <p>
        <Trans>We have sent your contract to the store. A member of staff will check your identity, give you the contract to read and sign, and then you can take your purchase.</Trans>
      </p>
      <BringIdentityDocument />
      <SignBy />
    </ClosingPage>
  );
}
