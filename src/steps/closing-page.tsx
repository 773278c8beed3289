import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { applicationReference } from '../domain/application-reference';
import type { StepRole } from '../domain/persons';
import { useApplicationActor } from './application-actor';

/**
 * The pieces of the pages that end a flow: the decision pages (issue 12: ReadNegativeDecision,
 * ReadUndecidedDecision, ReadUndecidedHousingLoanDecision) and the thank-you pages.
 */

/** The application's reference (src/domain/application-reference.ts), once the application exists. */
export function useApplicationReference(): string | null {
  const actor = useApplicationActor();
  return useSelector(actor, (s) => (s.context.externalId ? applicationReference(s.context.externalId) : null));
}

/** What a decision page reads: whose page it is, the decision's outcome (src/domain/decisions.ts) and the reference. */
export function useDecisionPage(): { role: StepRole; outcome: string | null; reference: string | null } {
  const actor = useApplicationActor();
  const role = useSelector(actor, (s) => s.context.role);
  const outcome = useSelector(actor, (s) => s.context.application?.decision?.outcome ?? null);
  return { role, outcome, reference: useApplicationReference() };
}

/** The application's reference, to give when contacting the bank. */
export function ReferencePanel({ reference }: { reference: string }) {
  return (
    <div className="solis-panel">
      <p>
        <Trans>Your application reference</Trans>
      </p>
      <p className="solis-panel__reference">{reference}</p>
    </div>
  );
}

/** How a page that ends the flow ends: the reference to give when contacting the bank, and leave to close the page. */
export function PageCloses({ reference }: { reference: string | null }) {
  return (
    <>
      {reference && (
        <p>
          <Trans>If you contact us about this application, please give its reference.</Trans>
        </p>
      )}
      <p>
        <Trans>You can close this page.</Trans>
      </p>
    </>
  );
}

/** How an undecided page ends: nothing to do now, then as every closing page. */
export function WhileWeDecide({ reference }: { reference: string | null }) {
  return (
    <>
      <p>
        <Trans>You do not need to do anything now.</Trans>
      </p>
      <PageCloses reference={reference} />
    </>
  );
}
