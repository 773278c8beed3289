import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { PageHeading } from '../../components/page-heading';
import { applicantOf } from '../../../core/domain/applicant';
import { useApplicationActor } from '../_kit/application-actor';
import { PageCloses, ReferencePanel, useApplicationReference } from '../../features/closing-page/closing-page';

/**
 * The generic thank-you page (section 2): the application is in, its reference, what happens next.
 * An application approved and still ending here had its offer declined (the process's only way here
 * after a positive decision, decision 132): the page says the application is closed instead.
 */
export default function ViewThankYouPage() {
  const actor = useApplicationActor();
  const declined = useSelector(actor, (s) => s.context.application?.decision?.outcome === 'POSITIVE');
  const reference = useApplicationReference();
  if (declined) return <OfferDeclined reference={reference} />;
  return <ApplicationReceived reference={reference} />;
}

function OfferDeclined({ reference }: { reference: string | null }) {
  return (
    <section className="step step--thank-you">
      <PageHeading focusKey="viewThankYouPage">
        <Trans>You have declined the offer</Trans>
      </PageHeading>
      {reference && <ReferencePanel reference={reference} />}
      <p>
        <Trans>The application is closed and nothing more is needed from you. Thank you for considering us; you can apply again at any time.</Trans>
      </p>
      <PageCloses reference={reference} />
    </section>
  );
}

function ApplicationReceived({ reference }: { reference: string | null }) {
  const actor = useApplicationActor();
  const firstName = useSelector(actor, (s) => applicantOf(s.context.application)?.declaredData?.firstName ?? null);
  const email = useSelector(actor, (s) => applicantOf(s.context.application)?.declaredData?.email ?? null);
  return (
    <section className="step step--thank-you">
      <PageHeading focusKey="viewThankYouPage">
        <Trans>Thank you! We have received your application</Trans>
      </PageHeading>
      {reference && <ReferencePanel reference={reference} />}
      {firstName ? (
        <p>
          <Trans>Dear {firstName}, we will review your application and contact you soon.</Trans>
        </p>
      ) : (
        <p>
          <Trans>We will review your application and contact you soon.</Trans>
        </p>
      )}
      {email ? (
        <p>
          <Trans>We will send our answer and the next steps to {email}.</Trans>
        </p>
      ) : null}
      <PageCloses reference={reference} />
    </section>
  );
}
