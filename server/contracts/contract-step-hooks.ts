/** The contract steps on the server (issue 12): reaching one draws up its contract. */
import type { StepHooks } from '../steps/step-hook';
import { ensureAccountContract } from './account-contract.service';
import { ensureContract } from './contract.service';

/** Decision 135: the loan's contract (and a cross-sold card's, decision 160), after a positive decision. */
export const LOAN_CONTRACT_DRAWN_UP: StepHooks = {
  onReached: async ({ deps, tx, owner, application }) => (await ensureContract(deps, tx, owner, application))?.application ?? application,
};

/** Decision 144: the current account's contract. */
export const ACCOUNT_CONTRACT_DRAWN_UP: StepHooks = {
  onReached: async ({ deps, tx, application }) => (await ensureAccountContract(deps, tx, application))?.application ?? application,
};
