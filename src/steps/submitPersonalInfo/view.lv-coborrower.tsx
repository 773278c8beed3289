import { Trans, useLingui } from '@lingui/react/macro';
import { PersonalInfoForm } from './fields';

/** SubmitPersonalInfo for a co-borrower in Latvia. */
export default function SubmitPersonalInfoLatviaCoborrower() {
  const { t } = useLingui();
  return (
    <PersonalInfoForm
      heading={t`Your personal details as a co-borrower`}
      intro={<Trans>You have been invited to apply for this loan together with the main applicant. The questions are about you.</Trans>}
      loan="summary"
      personalCodeHint={t`11 digits, for example 123456-12345 or 321234-12345`}
      personalCodeInputMode="text"
    />
  );
}
