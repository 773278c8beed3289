import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useApplicationActor } from '../_kit/application-actor';
import { DocumentUploadsForm } from '../../features/document-uploads/document-uploads';
import contract from './contract';

/**
 * UploadCampaignDocuments (section 2; issue 13; decision 159): the application came with the code of
 * a campaign whose terms ask for the seller's offer (a price offer, invoice or sales contract in the
 * applicant's name) before its offer is made. A person at the bank checks it.
 */
export default function UploadCampaignDocuments() {
  const { t } = useLingui();
  const actor = useApplicationActor();
  const code = useSelector(actor, (s) => s.context.application?.campaignCode ?? null);
  return (
    <DocumentUploadsForm
      taskKey="uploadCampaignDocuments"
      contract={contract}
      texts={{
        heading: <Trans>Upload the seller’s offer for the campaign</Trans>,
        intro: () => (
          <>
            <p>
              {code ? (
                <Trans>Your application has the campaign code {code}. The campaign’s terms ask for the seller’s offer for what you are buying.</Trans>
              ) : (
                <Trans>Your application has a campaign code. The campaign’s terms ask for the seller’s offer for what you are buying.</Trans>
              )}
            </p>
            <p>
              <Trans>Upload a price offer, invoice or sales contract in your name that shows the seller, what is sold and the price.</Trans>
            </p>
          </>
        ),
        fieldLabel: t`Seller’s offer`,
        noFiles: t`Upload the seller’s offer`,
      }}
    />
  );
}
