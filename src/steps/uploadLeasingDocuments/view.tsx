import { Trans, useLingui } from '@lingui/react/macro';
import { DocumentUploadsForm } from '../../features/document-uploads/document-uploads';
import contract from './contract';

/**
 * UploadLeasingDocuments (section 2; issue 24; decision 182): the seller's offer for what the company
 * leases (a price offer, invoice or sales contract), which the bank buys from the seller. At least
 * one document; the corporate limits of section 5 (the uploads machine and the server choose them).
 */
export default function UploadLeasingDocuments() {
  const { t } = useLingui();
  return (
    <DocumentUploadsForm
      taskKey="uploadLeasingDocuments"
      contract={contract}
      texts={{
        heading: <Trans>Upload the seller’s offer for the leased asset</Trans>,
        intro: () => (
          <>
            <p>
              <Trans>The bank buys the asset from the seller and leases it to the company, so we need the seller’s offer.</Trans>
            </p>
            <p>
              <Trans>
                Upload a price offer, invoice or sales contract addressed to the company that shows the seller, the asset and its price. You can add other documents
                about the asset, such as its specification or registration certificate.
              </Trans>
            </p>
          </>
        ),
        fieldLabel: t`Documents of the leased asset`,
        noFiles: t`Upload the seller’s offer for the leased asset`,
      }}
    />
  );
}
