import { useLingui } from '@lingui/react/macro';
import { PersonalInfoForm } from './fields';

/** SubmitPersonalInfo, Latvia: the personal code as Latvians write it (old or new format). */
export default function SubmitPersonalInfoLatvia() {
  const { t } = useLingui();
  return (
    <PersonalInfoForm
      heading={t`Your personal details`}
      loan="choose"
      personalCodeHint={t`11 digits, for example 123456-12345 or 321234-12345`}
      personalCodeInputMode="text"
    />
  );
}
