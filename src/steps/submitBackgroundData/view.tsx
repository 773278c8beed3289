import { useLingui } from '@lingui/react/macro';
import { BackgroundForm } from './fields';

/** SubmitBackgroundInfo (section 2), the applicant's screen in Estonia and Lithuania. */
export default function SubmitBackgroundData() {
  const { t } = useLingui();
  // Its heading, first section heading and first two questions are also written by the server into a
  // continued application's HTML (server/http/step-top.ts, STEP_TOP_MESSAGES, decision 227): change
  // them there too; e2e/layout-shift.spec.ts compares the two.
  return <BackgroundForm heading={t`About you`} offerCoApplicant />;
}
