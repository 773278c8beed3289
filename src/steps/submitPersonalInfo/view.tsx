import { useLingui } from '@lingui/react/macro';
import { PersonalInfoForm } from './fields';

/** SubmitPersonalInfo (section 2), the applicant's screen in Estonia and Lithuania. */
export default function SubmitPersonalInfo() {
  const { t } = useLingui();
  return <PersonalInfoForm heading={t`Your personal details`} loan="choose" personalCodeHint={t`11 digits, as on your ID card`} personalCodeInputMode="numeric" />;
}
