import { Trans, useLingui } from '@lingui/react/macro';
import { PersonalInfoForm } from './fields';

/** SubmitPersonalInfo for a co-borrower (Estonia, Lithuania): the loan is shown, not chosen. */
export default function SubmitPersonalInfoCoborrower() {
  const { t } = useLingui();
  return (
    <PersonalInfoForm
      heading={t`Your personal details as a co-borrower`}
      intro={<Trans>You have been invited to apply for this loan together with the main applicant. The questions are about you.</Trans>}
      loan="summary"
      personalCodeHint={t`11 digits, as on your ID card`}
      personalCodeInputMode="numeric"
    />
  );
}
