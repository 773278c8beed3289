import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { PageHeading } from '../../components/page-heading';
import { useApplicationActor } from '../_kit/application-actor';
import { PageCloses, ReferencePanel, useApplicationReference } from '../../features/closing-page/closing-page';

/**
 * Additional data submitted (section 2's thank-you pages): every answer the bank needs for a
 * decision is in, from everyone on the application. The applicant and the co-borrower both end
 * here; each sees where the answer goes for them (their own e-mail address only).
 */
export default function ViewAdditionalDataSubmitted() {
  const actor = useApplicationActor();
  const role = useSelector(actor, (s) => s.context.role);
  const email = useSelector(
    actor,
    (s) => s.context.application?.relatedPersons?.persons.find((person) => person.role === s.context.role)?.declaredData?.email ?? null,
  );
  const reference = useApplicationReference();
  return (
    <section className="step step--thank-you">
      <PageHeading focusKey="viewAdditionalDataSubmitted">
        <Trans>Thank you! Your answers have been sent</Trans>
      </PageHeading>
      {reference && <ReferencePanel reference={reference} />}
      <h2 className="solis-subheading">
        <Trans>What happens next</Trans>
      </h2>
      <p>
        {role === 'COBORROWER' ? (
          <Trans>We now have everything we need from you. We will assess the application and contact you and the main applicant.</Trans>
        ) : (
          <Trans>We now have everything we need to assess your application. We will contact you when we have made a decision.</Trans>
        )}
      </p>
      {email ? (
        <p>
          <Trans>We will write to you at {email}.</Trans>
        </p>
      ) : null}
      <PageCloses reference={reference} />
    </section>
  );
}
