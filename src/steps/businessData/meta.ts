import { defineStepMeta } from '../_kit/step-meta';

// PLACEHOLDER (replaced by A on merge).
export default defineStepMeta({ terminal: false, amountInHeader: false, opensCalculator: true });
