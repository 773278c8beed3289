import { Trans, useLingui } from '@lingui/react/macro';
import { BankDetailsForm } from './bank-details-form';

/** A Latvian co-borrower's account, document (Latvian formats, section 5) and tax residencies. */
export default function SubmitBankDetailsAndIdentificationDocumentInfoLatviaCoBorrower() {
  const { t } = useLingui();
  return (
    <BankDetailsForm
      heading={<Trans>Your bank account and identity document as a co-borrower</Trans>}
      documentNumberHint={t`2 letters and 7 digits, for example PA1234567. A passport number starts with LV, LX or LN.`}
    />
  );
}
