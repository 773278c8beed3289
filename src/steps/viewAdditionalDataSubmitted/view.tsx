import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { PageHeading } from '../../components/page-heading';
import { useApplicationActor } from '../_kit/application-actor';
import { MovesOnByItself, PageCloses, ReferencePanel, useApplicationReference } from '../../features/closing-page/closing-page';

/** What the bank does now, by the check the page waits for (section 2's three variants; decision 173). */
function BankAtWork({ check }: { check: string }) {
  switch (check) {
    case 'REFINANCING_CHECK':
      return (
        <>
          <p>
            <Trans>We are now confirming the loans you want to refinance with your lenders and the credit register: how much you still owe and what you pay each month.</Trans>
          </p>
          <p>
            <Trans>This usually takes a few minutes during working hours. Then we decide on your application.</Trans>
          </p>
        </>
      );
    case 'REFINANCING_PAYOFF':
      return (
        <>
          <p>
            <Trans>We are now asking your lenders for the exact amounts that pay off your loans and for the accounts to pay them to. We pay your lenders directly from the new loan, and the rest to your own account.</Trans>
          </p>
          <p>
            <Trans>This usually takes a few minutes during working hours. Then your contract is ready to sign.</Trans>
          </p>
        </>
      );
    case 'UNDERWRITER_REVIEW':
      return (
        <>
          <p>
            <Trans>An underwriter is now checking your income with your bank statements, and your application with the terms you accepted.</Trans>
          </p>
          <p>
            <Trans>This usually takes a few hours during working hours, at most one working day. If it takes longer, a loan specialist will contact you.</Trans>
          </p>
        </>
      );
    default:
      // The statement analysis has pages of its own (decision 172); a kind of check the app does not
      // know yet is still the bank at work, which the page's moving on says.
      return null;
  }
}

/**
 * Additional data submitted (section 2's thank-you pages): everything the bank asked for is in. While
 * the bank works on it (`awaitingCheck`: before the refinancing check, before the underwriter's manual
 * rules, before the refinancing payoff; decision 173) the page says what the bank does now, when the
 * applicant hears back, and that it moves on by itself. Without a check (the application is with a loan
 * specialist) it ends the flow: the applicant and the co-borrower each see where the answer goes for
 * them (their own e-mail address only).
 */
export default function ViewAdditionalDataSubmitted() {
  const actor = useApplicationActor();
  const role = useSelector(actor, (s) => s.context.role);
  const awaitingCheck = useSelector(actor, (s) => s.context.awaitingCheck);
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
      {awaitingCheck ? (
        <>
          <BankAtWork check={awaitingCheck} />
          <MovesOnByItself>
            <Trans>This page moves on by itself as soon as we are done. You can also close it: we will let you know by e-mail.</Trans>
          </MovesOnByItself>
        </>
      ) : (
        <p>
          {role === 'COBORROWER' ? (
            <Trans>We now have everything we need from you. We will assess the application and contact you and the main applicant.</Trans>
          ) : (
            <Trans>We now have everything we need to assess your application. We will contact you when we have made a decision.</Trans>
          )}
        </p>
      )}
      {email ? (
        <p>
          <Trans>We will write to you at {email}.</Trans>
        </p>
      ) : null}
      <PageCloses reference={reference} />
    </section>
  );
}
