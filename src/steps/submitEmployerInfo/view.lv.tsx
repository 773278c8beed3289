import { useLingui } from '@lingui/react/macro';
import { EmployerForm } from './fields';

/** SubmitEmployerInfo, Latvia (the start date, with its 55-year hint, is asked on "About you"). */
export default function SubmitEmployerInfoLatvia() {
  const { t } = useLingui();
  return <EmployerForm heading={t`Your employer`} />;
}
