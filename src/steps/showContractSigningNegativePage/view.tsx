import { Trans } from '@lingui/react/macro';
import { ClosingPage } from '../../features/closing-page/closing-page';

/**
 * ShowContractSigningNegativePage (section 2 Contract; issue 12; decision 148): the contract cannot be signed after all; the offer ends and nothing is owed.
 */
export default function ShowContractSigningNegativePage() {
  return (
    <ClosingPage focusKey="showContractSigningNegativePage" heading={<Trans>We cannot sign the contract with you</Trans>}>
      <p>
        <Trans>Before signing we checked your application once more, and we cannot conclude the contract. The offer is no longer valid.</Trans>
      </p>
      <p>
        <Trans>No contract has been made and you owe us nothing. You have the right to ask a person at the bank to look at the decision again and to explain it to you.</Trans>
      </p>
    </ClosingPage>
  );
}
