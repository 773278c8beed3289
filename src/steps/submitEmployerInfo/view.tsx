import { useLingui } from '@lingui/react/macro';
import { EmployerForm } from './fields';

/** SubmitEmployerInfo (section 2), the applicant's screen in Estonia and Lithuania. */
export default function SubmitEmployerInfo() {
  const { t } = useLingui();
  return <EmployerForm heading={t`Your employer`} />;
}
