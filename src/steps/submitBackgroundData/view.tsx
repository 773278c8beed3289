import { useLingui } from '@lingui/react/macro';
import { BackgroundForm } from './fields';

/** SubmitBackgroundInfo (section 2), the applicant's screen in Estonia and Lithuania. */
export default function SubmitBackgroundData() {
  const { t } = useLingui();
  return <BackgroundForm heading={t`About you`} offerCoApplicant />;
}
