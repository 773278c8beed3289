import { defineStepMeta } from '../_kit/step-meta';

/** The applicant's and a co-borrower's step alike (view.coborrower.tsx); a company's in the corporate domain (view.corporate.tsx). */
export default defineStepMeta({ terminal: false, amountInHeader: true, opensCalculator: false, resubmitsOnForward: true });
