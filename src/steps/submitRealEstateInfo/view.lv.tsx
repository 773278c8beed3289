import { Trans, useLingui } from '@lingui/react/macro';
import { RealEstateForm } from './real-estate-form';

/** SubmitRealEstateInfo in Latvia: Latvian personal codes (section 5). */
export default function SubmitRealEstateInfoLatvia() {
  const { t } = useLingui();
  return <RealEstateForm heading={<Trans>The property and its owners</Trans>} personalCodeHint={t`11 digits, for example 120575-12305`} />;
}
