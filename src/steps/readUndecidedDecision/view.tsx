import { Trans } from '@lingui/react/macro';
import { PageHeading } from '../../components/page-heading';
import { ReferencePanel, WhileWeDecide, useDecisionPage } from '../../features/closing-page/closing-page';

/**
 * ReadUndecidedDecision (section 2, issue 12): the decision engine left the application to a person
 * at the bank. Plain words on what happens next: a specialist assesses it, may ask for more, and
 * writes with the decision; nothing is needed now.
 */
export default function ReadUndecidedDecision() {
  const { role, reference } = useDecisionPage();
  return (
    <section className="step step--decision">
      <PageHeading focusKey="readUndecidedDecision">
        <Trans>A loan specialist will decide on your application</Trans>
      </PageHeading>
      {reference && <ReferencePanel reference={reference} />}
      <h2 className="solis-subheading">
        <Trans>What happens next</Trans>
      </h2>
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
      <WhileWeDecide reference={reference} />
    </section>
  );
}
