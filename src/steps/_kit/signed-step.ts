import { useState } from 'react';

/**
 * What a signing step shows about its own submission (issue 26, decision 211: one contract-signed page):
 * - `unsigned`: the contract is not signed yet (the signing screens);
 * - `sending`: signed, and the signing machine sent the step by itself (`step.signed`): the applicant
 *   sees a busy line, then the closing page, whose heading takes focus;
 * - `offered`: signed, but that send failed (or never came): Continue is offered and stays offered,
 *   so a click that fails again keeps the button (and focus) rather than hiding it behind the busy line.
 */
export type SignedStep = 'unsigned' | 'sending' | 'offered';

export function useSignedStep(signed: boolean, pending: boolean): SignedStep {
  const [offered, setOffered] = useState(false);
  // Once shown, Continue stays (React's "state from the previous render" pattern: no effect, no flash).
  if (signed && !pending && !offered) setOffered(true);
  if (!signed) return 'unsigned';
  return offered ? 'offered' : 'sending';
}
