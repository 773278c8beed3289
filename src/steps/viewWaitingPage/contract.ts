/** The waiting page (issue 11) asks nothing: its table is empty. */
import { defineStepContract } from '../../contract/step-contract';

export default defineStepContract({ fields: () => ({}) });
