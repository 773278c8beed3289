import { Trans } from '@lingui/react/macro';
import { ClosingPage } from '../../features/closing-page/closing-page';

/**
 * The negative thank-you page (section 2 thank-you pages; issue 12; decision 148): after the offer, the bank’s final checks mean no contract can be made.
 */
export default function ViewNegativeThankYouPage() {
  return (
    <ClosingPage focusKey="viewNegativeThankYouPage" heading={<Trans>Thank you for your application</Trans>}>
      <p>
        <Trans>Unfortunately we cannot offer you a loan this time. No contract has been made and you owe us nothing.</Trans>
      </p>
      <p>
        <Trans>You have the right to ask a person at the bank to look at the decision again and to explain it to you.</Trans>
      </p>
    </ClosingPage>
  );
}
