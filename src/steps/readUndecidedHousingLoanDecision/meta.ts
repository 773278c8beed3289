import { defineStepMeta } from '../_kit/step-meta';

/** A decision ends the flow; the header does not show the amount applied for (it was not granted). */
export default defineStepMeta({ terminal: true, amountInHeader: false, opensCalculator: false });
