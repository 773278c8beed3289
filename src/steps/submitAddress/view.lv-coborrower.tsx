import { Trans, useLingui } from '@lingui/react/macro';
import { AddressForm } from './fields';

/** SubmitAddress for a co-borrower in Latvia. */
export default function SubmitAddressLatviaCoborrower() {
  const { t } = useLingui();
  return (
    <AddressForm
      heading={t`Your address`}
      intro={<Trans>Give your own address, even if you live with the main applicant.</Trans>}
      words={{ city: t`City, town or village`, county: t`Municipality (optional)`, postalCodeHint: t`A Latvian postal code has 4 digits, like 1010 or LV-1010.` }}
    />
  );
}
