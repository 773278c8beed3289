/** ReadUndecidedDecision (section 2, issue 12) asks nothing: its table is empty. */
import { defineStepContract } from '../../../core/contract/step-contract';

export default defineStepContract({ fields: () => ({}) });
