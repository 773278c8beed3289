import { defineStepMeta } from '../_kit/step-meta';

// PLACEHOLDER (replaced by B on merge).
export default defineStepMeta({ terminal: false, amountInHeader: true, opensCalculator: false });
