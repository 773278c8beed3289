/**
 * Check your answers (issue 11, the GOV.UK pattern): the page asks nothing; sending it confirms the
 * answers and lets the process go on (to the co-borrower's steps or to the decision).
 */
import { defineStepContract } from '../../../core/contract/step-contract';

export default defineStepContract({ fields: () => ({}) });
