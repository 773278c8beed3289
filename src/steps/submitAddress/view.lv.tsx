import { useLingui } from '@lingui/react/macro';
import { AddressForm } from './fields';

/** SubmitAddress, Latvia: municipalities, and postal codes sent as LV-1234 (section 5), typed with or without LV- (decision 193). */
export default function SubmitAddressLatvia() {
  const { t } = useLingui();
  return (
    <AddressForm
      heading={t`Your address`}
      words={{ city: t`City, town or village`, county: t`Municipality (optional)`, postalCodeHint: t`A Latvian postal code has 4 digits, like 1010 or LV-1010.` }}
    />
  );
}
