import { useLingui } from '@lingui/react/macro';
import { AddressForm } from './fields';

/** SubmitAddress (section 2), the applicant's screen in Estonia and Lithuania. */
export default function SubmitAddress() {
  const { t } = useLingui();
  return <AddressForm heading={t`Your address`} words={{ city: t`Town or city`, county: t`County or municipality (optional)` }} />;
}
