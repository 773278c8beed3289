import { defineStepMeta } from '../step-meta';

export default defineStepMeta({ terminal: true, amountInHeader: true, opensCalculator: false });
