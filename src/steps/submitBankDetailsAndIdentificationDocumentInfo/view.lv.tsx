import { Trans, useLingui } from '@lingui/react/macro';
import { BankDetailsForm } from './bank-details-form';

/** SubmitBankDetailsAndIdentificationDocumentInfo for a Latvian applicant: Latvian document numbers (section 5). */
export default function SubmitBankDetailsAndIdentificationDocumentInfoLatvia() {
  const { t } = useLingui();
  return (
    <BankDetailsForm
      heading={<Trans>Your bank account and identity document</Trans>}
      documentNumberHint={t`2 letters and 7 digits, for example PA1234567. A passport number starts with LV, LX or LN.`}
    />
  );
}
