import { useLingui } from '@lingui/react/macro';
import { AddressForm } from './fields';

/** SubmitAddress, Latvia: municipalities, and postal codes written LV-1234 (section 5). */
export default function SubmitAddressLatvia() {
  const { t } = useLingui();
  return (
    <AddressForm
      heading={t`Your address`}
      words={{ city: t`City, town or village`, county: t`Municipality (optional)`, postalCodeHint: t`A Latvian postal code is written LV-1234.` }}
    />
  );
}
