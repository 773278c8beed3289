import { defineStepMeta } from '../_kit/step-meta';

export default defineStepMeta({ terminal: false, amountInHeader: true, opensCalculator: false, resubmitsOnForward: true });
