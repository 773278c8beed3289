import { Trans } from '@lingui/react/macro';
import { FinancialDataForm } from './financial-data-form';

/** SubmitFinancialData for the applicant (section 2). */
export default function SubmitFinancialData() {
  return (
    <FinancialDataForm
      heading={<Trans>Your income and obligations</Trans>}
      introduction={
        <p>
          <Trans>We use this to work out how much you can comfortably repay each month. Include everything you have now.</Trans>
        </p>
      }
    />
  );
}
