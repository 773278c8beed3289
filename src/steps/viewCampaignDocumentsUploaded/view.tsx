import { Trans } from '@lingui/react/macro';
import { PageHeading } from '../../components/page-heading';
import { ReferencePanel, WhileWeDecide, useApplicationReference } from '../../features/closing-page/closing-page';

/**
 * Campaign documents uploaded (section 2's thank-you pages; decision 159): the application was
 * approved on its answers, and a person now checks the seller's offer against the campaign's terms
 * before the offer is made.
 */
export default function ViewCampaignDocumentsUploaded() {
  const reference = useApplicationReference();
  return (
    <section className="step step--thank-you">
      <PageHeading focusKey="viewCampaignDocumentsUploaded">
        <Trans>Thank you! We have received the seller’s offer</Trans>
      </PageHeading>
      {reference && <ReferencePanel reference={reference} />}
      <h2 className="solis-subheading">
        <Trans>What happens next</Trans>
      </h2>
      <p>
        <Trans>A loan specialist checks the offer against the campaign’s terms, usually within one working day. Then we send you the loan offer at the campaign’s price, or tell you why it does not apply.</Trans>
      </p>
      <WhileWeDecide reference={reference} />
    </section>
  );
}
