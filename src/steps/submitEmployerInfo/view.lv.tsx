import { useLingui } from '@lingui/react/macro';
import { EmployerForm } from './fields';

/** SubmitEmployerInfo, Latvia: the employment start no more than 55 years ago (section 5). */
export default function SubmitEmployerInfoLatvia() {
  const { t } = useLingui();
  return <EmployerForm heading={t`Your employer`} startDateHint={t`For example, 1 9 2019. No more than 55 years ago.`} />;
}
