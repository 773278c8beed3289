import { defineStepMeta } from '../_kit/step-meta';

/** The offer page: its own calculator (logic.ts), not the calculator modal; the header does not show the amount asked (the offer's is on the page). */
export default defineStepMeta({ terminal: false, amountInHeader: false, opensCalculator: false });
