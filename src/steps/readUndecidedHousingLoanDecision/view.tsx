import { Trans } from '@lingui/react/macro';
import { PageHeading } from '../../components/page-heading';
import { ReferencePanel, WhileWeDecide, useDecisionPage } from '../../features/closing-page/closing-page';

/**
 * ReadUndecidedHousingLoanDecision (section 2, issue 12): a housing loan the decision engine left to
 * the bank's housing loan specialists. Its co-borrower variant (the outcome
 * UNDECIDED_HOUSING_LOAN_CO_BORROWER, core/domain/decisions.ts) speaks of both borrowers, and to the
 * co-borrower on their own page. What happens next: the specialist's assessment, then the property
 * and its documents.
 */
export default function ReadUndecidedHousingLoanDecision() {
  const { role, outcome, reference } = useDecisionPage();
  const withCoBorrower = outcome === 'UNDECIDED_HOUSING_LOAN_CO_BORROWER' || role === 'COBORROWER';
  return (
    <section className="step step--decision">
      <PageHeading focusKey="readUndecidedHousingLoanDecision">
        <Trans>A housing loan specialist will decide on your application</Trans>
      </PageHeading>
      {reference && <ReferencePanel reference={reference} />}
      <h2 className="solis-subheading">
        <Trans>What happens next</Trans>
      </h2>
      <p>
        {role === 'COBORROWER' ? (
          <Trans>The application has been sent with your answers and the main applicant’s. One of our housing loan specialists will assess it and contact you both.</Trans>
        ) : withCoBorrower ? (
          <Trans>Your application has been sent with your co-borrower’s answers. One of our housing loan specialists will assess it and contact you both.</Trans>
        ) : (
          <Trans>Your application has been sent. One of our housing loan specialists will assess it and contact you.</Trans>
        )}
      </p>
      <p>
        <Trans>They will talk you through the next steps: the documents we need, the valuation of the home and the own contribution.</Trans>
      </p>
      <WhileWeDecide reference={reference} />
    </section>
  );
}
