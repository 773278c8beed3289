import { defineStepMeta } from '../_kit/step-meta';

/** Nothing to type or send here: the page ends this person's part until the other person's is done. */
export default defineStepMeta({ terminal: true, amountInHeader: true, opensCalculator: false });
