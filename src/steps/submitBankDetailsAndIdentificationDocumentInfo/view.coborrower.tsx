import { Trans, useLingui } from '@lingui/react/macro';
import { BankDetailsForm } from './bank-details-form';

/** The co-borrower's own account, document and tax residencies; the payment day is the applicant's. */
export default function SubmitBankDetailsAndIdentificationDocumentInfoCoBorrower() {
  const { t } = useLingui();
  return (
    <BankDetailsForm
      heading={<Trans>Your bank account and identity document as a co-borrower</Trans>}
      documentNumberHint={t`As printed on the document, for example AB0123456`}
    />
  );
}
