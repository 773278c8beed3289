/**
 * ChooseContinueOption (section 2; docs/decisions/121-choose-continue-option.md): the applicant
 * already has an open application. One question: continue it, annul it and go on with the new one,
 * or join the application they are the co-borrower of. Only ANNUL_ACTIVE reaches the server as this
 * step's submission (the others give up the new application instead); the answer is kept in the
 * application's custom data.
 */
import { choice } from '../../../core/contract/fields';
import { defineStepContract } from '../../../core/contract/step-contract';
import { CONTINUE_OPTIONS } from '../../../core/domain/continue-options';

export default defineStepContract({
  fields: () => ({
    continueOption: choice('customData.continueOption', CONTINUE_OPTIONS),
  }),
  example: () => ({ continueOption: 'ANNUL_ACTIVE' }),
});
