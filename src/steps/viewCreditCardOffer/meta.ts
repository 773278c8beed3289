import { defineStepMeta } from '../_kit/step-meta';

/** The card offer page: the limit is on the page, not in the header. */
export default defineStepMeta({ terminal: false, amountInHeader: false, opensCalculator: false });
