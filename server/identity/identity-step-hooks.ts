/** The identification step on the server (issue 13). */
import type { StepHooks } from '../steps/step-hook';
import { assertIdentifiedForStep } from './identity.service';

/** IdentifyCustomer goes on only once the applicant logged in (and identified, where the bank asks). */
export const IDENTIFIED_TO_GO_ON: StepHooks = {
  beforeSubmit: ({ deps, tx, owner, application, persons }) => assertIdentifiedForStep(deps, tx, owner, application, persons),
};
