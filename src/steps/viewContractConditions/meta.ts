import { defineStepMeta } from '../_kit/step-meta';

export default defineStepMeta({ terminal: false, amountInHeader: false, opensCalculator: false });
