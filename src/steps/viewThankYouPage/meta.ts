import { defineStepMeta } from '../_kit/step-meta';

export default defineStepMeta({ terminal: true, amountInHeader: true, opensCalculator: false });
