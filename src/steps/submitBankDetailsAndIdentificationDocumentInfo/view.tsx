import { Trans, useLingui } from '@lingui/react/macro';
import { BankDetailsForm } from './bank-details-form';

/** SubmitBankDetailsAndIdentificationDocumentInfo for the applicant (Estonia, Lithuania). */
export default function SubmitBankDetailsAndIdentificationDocumentInfo() {
  const { t } = useLingui();
  return (
    <BankDetailsForm
      heading={<Trans>Your bank account and identity document</Trans>}
      documentNumberHint={t`As printed on the document, for example AB0123456`}
    />
  );
}
