import { Trans } from '@lingui/react/macro';
import { ClosingPage } from '../../features/closing-page/closing-page';

/**
 * ShowContractSigningNegativePage (section 2 Contract; decisions 148, 175): the signing provider
 * refused for good (the signature came from someone other than the applicant, or signing failed too
 * many times), so the bank stopped signing the contract online. Nothing was signed, nothing is owed.
 */
export default function ShowContractSigningNegativePage() {
  return (
    <ClosingPage focusKey="showContractSigningNegativePage" heading={<Trans>We cannot sign the contract with you</Trans>}>
      <p>
        <Trans>
          We could not confirm that you signed the contract yourself: the signature came from someone else, or signing failed too many times. To protect you, we
          have stopped signing this contract online.
        </Trans>
      </p>
      <p>
        <Trans>No contract has been made and you owe us nothing. If you still want the loan, please contact us: we will check who you are and help you sign another way.</Trans>
      </p>
    </ClosingPage>
  );
}
