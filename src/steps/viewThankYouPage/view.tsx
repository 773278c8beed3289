import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { PageHeading } from '../../components/page-heading';
import { applicantOf } from '../../domain/applicant';
import { useApplicationActor } from '../application-actor';
import { PageCloses, ReferencePanel, useApplicationReference } from '../closing-page';

/** The generic thank-you page (section 2): the application is in, its reference, what happens next. */
export default function ViewThankYouPage() {
  const actor = useApplicationActor();
  const firstName = useSelector(actor, (s) => applicantOf(s.context.application)?.declaredData?.firstName ?? null);
  const email = useSelector(actor, (s) => applicantOf(s.context.application)?.declaredData?.email ?? null);
  const reference = useApplicationReference();
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
