import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { PageHeading } from '../../components/page-heading';
import { useApplicationActor } from '../_kit/application-actor';
import { ReferencePanel, useApplicationReference } from '../../features/closing-page/closing-page';
import { TaskPollStatus } from '../../features/task-poll/task-poll-status';

/**
 * The waiting page (issue 11): this person's part is done, or not yet theirs, and the other
 * person's is under way. The applicant waits for the co-borrower (who was sent a link); a
 * co-borrower who opened their link early waits for the applicant. The page looks by itself (the task
 * poll, machines/task-poll) and moves on; "Check now" looks at once. Only the other person's first name is shown.
 */
export default function ViewWaitingPage() {
  const actor = useApplicationActor();
  const role = useSelector(actor, (s) => s.context.role);
  const other = useSelector(actor, (s) => {
    const otherRole = s.context.role === 'COBORROWER' ? 'APPLICANT' : 'COBORROWER';
    return s.context.application?.relatedPersons?.persons.find((person) => person.role === otherRole)?.declaredData?.firstName ?? null;
  });
  const reference = useApplicationReference();

  return (
    <section className="step step--waiting">
      <PageHeading focusKey="viewWaitingPage">
        {role === 'COBORROWER' ? (
          other ? (
            <Trans>{other} has not finished their part of the application yet</Trans>
          ) : (
            <Trans>The main applicant has not finished their part of the application yet</Trans>
          )
        ) : other ? (
          <Trans>We are waiting for {other} to fill in their part</Trans>
        ) : (
          <Trans>We are waiting for your co-applicant to fill in their part</Trans>
        )}
      </PageHeading>
      {reference && <ReferencePanel reference={reference} />}
      {role === 'COBORROWER' ? (
        <p>
          <Trans>Once they have sent their answers, you can fill in yours here. This page moves on by itself.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>We have sent your co-applicant a link by e-mail. Once they have sent their answers, this page moves on by itself.</Trans>
          </p>
          <p>
            <Trans>You can also close this page: your application is saved, and we will contact you when we have everything we need.</Trans>
          </p>
        </>
      )}
      <TaskPollStatus notYet={<Trans>Not finished yet. We will keep checking.</Trans>} />
    </section>
  );
}
