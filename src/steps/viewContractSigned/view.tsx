import { Trans } from '@lingui/react/macro';
import { PageHeading } from '../../components/page-heading';
import { PageCloses, ReferencePanel, useApplicationReference } from '../../features/closing-page/closing-page';

/**
 * Contract signed (section 2's thank-you pages; issue 12): the server moves here only once every
 * contract of the application is signed (section 3: date, method and file all present).
 */
export default function ViewContractSigned() {
  const reference = useApplicationReference();
  return (
    <section className="step step--thank-you">
      <PageHeading focusKey="viewContractSigned">
        <Trans>Thank you! Your contract is signed</Trans>
      </PageHeading>
      {reference && <ReferencePanel reference={reference} />}
      <h2 className="solis-subheading">
        <Trans>What happens next</Trans>
      </h2>
      <p>
        <Trans>We pay the loan out to your account, usually within one working day. The signed contract and your payment schedule will be available in self-service.</Trans>
      </p>
      <PageCloses reference={reference} />
    </section>
  );
}
