import { defineStepMeta } from '../../steps/_kit/step-meta';

/** The meta of every page that only ends the flow (decisions 146-149): one object the closing pages' `meta.ts` re-export. */
export default defineStepMeta({ terminal: true, amountInHeader: true, opensCalculator: false });
