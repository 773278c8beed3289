import { defineStepMeta } from '../_kit/step-meta';

/** The leased asset's documents (decision 182): the calculator was on businessData. */
export default defineStepMeta({ terminal: false, amountInHeader: true, opensCalculator: false });
