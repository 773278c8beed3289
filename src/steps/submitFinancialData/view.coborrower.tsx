import { Trans } from '@lingui/react/macro';
import { FinancialDataForm } from './financial-data-form';

/** SubmitFinancialData for a co-borrower (section 2): their own income and obligations. */
export default function SubmitFinancialDataCoBorrower() {
  return (
    <FinancialDataForm
      heading={<Trans>Your income and obligations as a co-borrower</Trans>}
      introduction={
        <p>
          <Trans>
            Tell us about your own income and obligations only, not the applicant’s. Include any loan you share with the applicant.
          </Trans>
        </p>
      }
    />
  );
}
