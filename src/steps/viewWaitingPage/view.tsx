import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { waitingMachine } from './waiting.machine';
import { PageHeading } from '../../components/page-heading';
import { useApplicationActor } from '../_kit/application-actor';
import { ReferencePanel, useApplicationReference } from '../../features/closing-page/closing-page';
import { useStepLogic } from '../_kit/use-step-logic';

/**
 * The waiting page (issue 11): this person's part is done, or not yet theirs, and the other
 * person's is under way. The applicant waits for the co-borrower (who was sent a link); a
 * co-borrower who opened their link early waits for the applicant. The page looks by itself and
 * moves on; "Check now" looks at once. Only the other person's first name is shown.
 */
export default function ViewWaitingPage() {
  const actor = useApplicationActor();
  const waiting = useStepLogic<typeof waitingMachine>('waiting');
  const role = useSelector(actor, (s) => s.context.role);
  const other = useSelector(actor, (s) => {
    const otherRole = s.context.role === 'COBORROWER' ? 'APPLICANT' : 'COBORROWER';
    return s.context.application?.relatedPersons?.persons.find((person) => person.role === otherRole)?.declaredData?.firstName ?? null;
  });
  const reference = useApplicationReference();
  const looking = useSelector(waiting, (s) => s?.matches('looking') ?? false);
  const looked = useSelector(waiting, (s) => (s?.context.looks ?? 0) > 0);

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
      <p role="status" className="solis-hint">
        {looking ? <Trans>Checking…</Trans> : looked ? <Trans>Not finished yet. We will keep checking.</Trans> : null}
      </p>
      <button
        type="button"
        className="solis-button solis-button--secondary"
        aria-disabled={looking || undefined}
        onClick={() => {
          if (!looking) waiting?.send({ type: 'waiting.checkNow' });
        }}
      >
        <Trans>Check now</Trans>
      </button>
    </section>
  );
}
