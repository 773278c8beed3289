import { Trans, useLingui } from '@lingui/react/macro';
import { RealEstateForm } from './real-estate-form';

/** SubmitRealEstateInfo in Estonia and Lithuania (11-digit personal codes). */
export default function SubmitRealEstateInfo() {
  const { t } = useLingui();
  return <RealEstateForm heading={<Trans>The property and its owners</Trans>} personalCodeHint={t`11 digits`} />;
}
