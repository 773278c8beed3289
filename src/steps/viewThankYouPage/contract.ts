/** The generic thank-you page (section 2) asks nothing: its table is empty. */
import { defineStepContract } from '../../../core/contract/step-contract';

export default defineStepContract({ fields: () => ({}) });
