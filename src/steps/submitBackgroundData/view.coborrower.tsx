import { Trans, useLingui } from '@lingui/react/macro';
import { BackgroundForm } from './fields';

/** SubmitBackgroundInfo for a co-borrower (Estonia, Lithuania): about them; no co-applicant to invite. */
export default function SubmitBackgroundDataCoborrower() {
  const { t } = useLingui();
  return (
    <BackgroundForm
      heading={t`About you as a co-borrower`}
      intro={<Trans>These questions are about you, not the main applicant.</Trans>}
      offerCoApplicant={false}
    />
  );
}
