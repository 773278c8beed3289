import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { PageHeading } from '../../components/page-heading';
import { useApplicationActor } from '../_kit/application-actor';
import { MovesOnByItself, ReferencePanel, WhileWeDecide, useDecisionPage } from '../../features/closing-page/closing-page';

/**
 * ReadUndecidedDecision (section 2, issue 12): the decision engine left the application to a person
 * at the bank. Plain words on what happens next. While an underwriter reviews it (decision 173:
 * `awaitingCheck`), when the answer comes and that the page moves on by itself to the final offer or
 * the decision; once a loan specialist has taken it on, that they assess it, may ask for more, and
 * write with the decision; nothing is needed now.
 */
export default function ReadUndecidedDecision() {
  const { role, reference } = useDecisionPage();
  const actor = useApplicationActor();
  const underwriterAtWork = useSelector(actor, (s) => s.context.awaitingCheck === 'UNDERWRITER_REVIEW');
  return (
    <section className="step step--decision">
      <PageHeading focusKey="readUndecidedDecision">
        <Trans>A loan specialist will decide on your application</Trans>
      </PageHeading>
      {reference && <ReferencePanel reference={reference} />}
      <h2 className="solis-subheading">
        <Trans>What happens next</Trans>
      </h2>
      {underwriterAtWork ? (
        <>
          <p>
            <Trans>Your application has been sent. We could not decide on it automatically, so an underwriter is now assessing it.</Trans>
          </p>
          <p>
            <Trans>This usually takes a few hours during working hours, at most one working day. If it takes longer, a loan specialist will contact you.</Trans>
          </p>
          <MovesOnByItself>
            <Trans>This page moves on by itself when the underwriter has decided: you will see your final offer or our decision here. You can also close it: we will let you know by e-mail.</Trans>
          </MovesOnByItself>
        </>
      ) : (
        <>
          <p>
            <Trans>Your application has been sent. We could not decide on it automatically, so one of our loan specialists will assess it.</Trans>
          </p>
          <p>
            {role === 'COBORROWER' ? (
              <Trans>If they need more information, they will contact you or the main applicant. We will tell you both when we have made a decision.</Trans>
            ) : (
              <Trans>If they need more information, for example a bank statement, they will contact you. We will tell you when we have made a decision.</Trans>
            )}
          </p>
        </>
      )}
      <WhileWeDecide reference={reference} />
    </section>
  );
}
