import { Trans, useLingui } from '@lingui/react/macro';
import { EmployerForm } from './fields';

/** SubmitEmployerInfo for a co-borrower in Latvia. */
export default function SubmitEmployerInfoLatviaCoborrower() {
  const { t } = useLingui();
  return (
    <EmployerForm
      heading={t`Your employer`}
      intro={<Trans>Tell us about your own work, not the main applicant’s.</Trans>}
    />
  );
}
