/** A closing page (docs/decisions/146-149) asks nothing: its table is empty. */
import { defineStepContract } from '../../contract/step-contract';

export default defineStepContract({ fields: () => ({}) });
