/** The waiting page (issue 11) asks nothing: its table is empty. */
import { defineStepContract } from '../../../core/contract/step-contract';

export default defineStepContract({ fields: () => ({}) });
