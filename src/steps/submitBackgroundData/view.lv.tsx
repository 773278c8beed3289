import { useLingui } from '@lingui/react/macro';
import { BackgroundForm } from './fields';
import { useLatvianHints } from './latvian-hints';

/** SubmitBackgroundInfo, Latvia: the non-citizen status, the 55-year work start, names in letters and spaces. */
export default function SubmitBackgroundDataLatvia() {
  const { t } = useLingui();
  return <BackgroundForm heading={t`About you`} offerCoApplicant hints={useLatvianHints()} />;
}
