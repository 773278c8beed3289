/** The signing steps on the server (issue 12; docs/decisions/149, 160): what only the bank knows of signing. */
import * as v from 'valibot';
import { SIGNING_CHOICES } from '../../core/domain/contracts';
import { ApiError } from '../http/api-error';
import type { StepHooks } from '../steps/step-hook';
import { allContractsSigned } from './signing.service';

/**
 * ViewContractConditions and the account's contract step go on only for the applicant (the owner)
 * once every contract of the application is signed (section 3: date, method and file), whatever the
 * client says.
 */
export const CONTRACTS_SIGNED_TO_GO_ON: StepHooks = {
  beforeSubmit: async ({ tx, application, role }) => {
    if (role !== 'APPLICANT' || !(await allContractsSigned(tx, application))) throw new ApiError('STEP_OUT_OF_ORDER', 'The contract is not signed yet.');
  },
};

/** Decision 149: the way to sign chosen (the step's contract allowed only this application's ways). */
export const SIGNING_METHOD_CHOSEN: StepHooks = {
  afterApply: ({ data }) => {
    const chosen = v.safeParse(v.picklist(SIGNING_CHOICES), data.customData['signingMethod']);
    return { data, facts: { signingChoice: chosen.success ? chosen.output : null } };
  },
};
