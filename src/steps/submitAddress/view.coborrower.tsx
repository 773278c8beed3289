import { Trans, useLingui } from '@lingui/react/macro';
import { AddressForm } from './fields';

/** SubmitAddress for a co-borrower (Estonia, Lithuania): their own address. */
export default function SubmitAddressCoborrower() {
  const { t } = useLingui();
  return (
    <AddressForm
      heading={t`Your address`}
      intro={<Trans>Give your own address, even if you live with the main applicant.</Trans>}
      words={{ city: t`Town or city`, county: t`County or municipality (optional)` }}
    />
  );
}
