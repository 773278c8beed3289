import { defineStepMeta } from '../_kit/step-meta';

/** The applicant's and a co-borrower's step alike (view.coborrower.tsx, view.lv-coborrower.tsx). */
export default defineStepMeta({ terminal: false, amountInHeader: true, opensCalculator: false, resubmitsOnForward: true });
