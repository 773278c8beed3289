import { Trans, useLingui } from '@lingui/react/macro';
import { BackgroundForm } from './fields';
import { useLatvianHints } from './latvian-hints';

/** SubmitBackgroundInfo for a co-borrower in Latvia. */
export default function SubmitBackgroundDataLatviaCoborrower() {
  const { t } = useLingui();
  return (
    <BackgroundForm
      heading={t`About you as a co-borrower`}
      intro={<Trans>These questions are about you, not the main applicant.</Trans>}
      offerCoApplicant={false}
      hints={useLatvianHints()}
    />
  );
}
