import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LOCALE_TAG, isLocale } from '../../../core/domain/languages';
import { financesPrice } from '../../../core/domain/products';
import { additionalDocumentsPeriod } from '../../../core/validation/uploads/statement-period';
import type { DocumentUploadsTexts } from '../../features/document-uploads/document-uploads';

/** The months asked (section 5: four back, three for a housing loan, to yesterday), in the reader's words. */
function StatementPeriod({ productName, children }: { productName: string | null; children: (period: { from: string; to: string }) => ReactNode }) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const format = (date: Date) => new Intl.DateTimeFormat(LOCALE_TAG[locale], { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
  const period = additionalDocumentsPeriod({ housing: financesPrice(productName ?? '') });
  return <>{children({ from: format(period.from), to: format(period.to) })}</>;
}

/** UploadBankAccountStatementDocuments' words; the co-borrower's variant adds whose statements these are. */
export function useStatementTexts(role: 'APPLICANT' | 'COBORROWER'): DocumentUploadsTexts {
  const { t } = useLingui();
  return {
    heading: <Trans>Upload your bank statements</Trans>,
    intro: ({ productName }) => (
      <StatementPeriod productName={productName}>
        {({ from, to }) => (
          <>
            <p>
              <Trans>
                We need statements of the accounts your income is paid into, from {from} to {to}. You can download them from your internet bank.
              </Trans>
            </p>
            {role === 'COBORROWER' && (
              <p>
                <Trans>Upload only your own statements. The main applicant uploads theirs, and neither of you sees the other’s files.</Trans>
              </p>
            )}
          </>
        )}
      </StatementPeriod>
    ),
    fieldLabel: t`Bank statements`,
    noFiles: t`Upload at least one bank statement`,
    // Decision 134: offered only where the bank allows a manual review.
    skip: {
      button: <Trans>Continue without statements</Trans>,
      title: t`Send your application without bank statements?`,
      explanation: (
        <p>
          <Trans>
            A loan specialist will review your application without them, which can take longer. If we need your statements to decide, we will ask
            you for them by e-mail. Files you have uploaded here are kept with the application.
          </Trans>
        </p>
      ),
      confirm: <Trans>Send without statements</Trans>,
    },
  };
}
