/** A closing page (docs/decisions/146-149) asks nothing: its table is empty. */
import { defineStepContract } from '../../../core/contract/step-contract';

export default defineStepContract({ fields: () => ({}) });
