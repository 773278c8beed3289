import { defineStepMeta } from '../step-meta';

export default defineStepMeta({ terminal: false, amountInHeader: false, opensCalculator: false });
