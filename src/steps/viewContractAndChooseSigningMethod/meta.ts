import { defineStepMeta } from '../_kit/step-meta';

/** The contract's own figures are on the page: the header does not repeat the amount applied for. */
export default defineStepMeta({ terminal: false, amountInHeader: false, opensCalculator: false });
