import { defineStepMeta } from '../_kit/step-meta';

/** The page is about which application to go on with: the header does not show the new one's amount. */
export default defineStepMeta({ terminal: false, amountInHeader: false, opensCalculator: false });
