import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { applicationReference } from '../domain/application-reference';
import type { StepRole } from '../domain/persons';
import { useApplicationActor } from './application-actor';

/**
 * What the decision pages (issue 12: ReadNegativeDecision, ReadUndecidedDecision,
 * ReadUndecidedHousingLoanDecision) read: whose page it is, the decision's outcome
 * (src/domain/decisions.ts) and the application's reference.
 */
export function useDecisionPage(): { role: StepRole; outcome: string | null; reference: string | null } {
  const actor = useApplicationActor();
  const role = useSelector(actor, (s) => s.context.role);
  const outcome = useSelector(actor, (s) => s.context.application?.decision?.outcome ?? null);
  const reference = useSelector(actor, (s) => (s.context.externalId ? applicationReference(s.context.externalId) : null));
  return { role, outcome, reference };
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
