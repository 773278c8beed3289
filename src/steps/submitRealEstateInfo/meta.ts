import { defineStepMeta } from '../_kit/step-meta';

/**
 * The applicant's step only: the property and its owners belong to the application, so there is
 * no co-borrower variant (a co-borrower is never given this task). Latvia: view.lv.tsx.
 */
export default defineStepMeta({ terminal: false, amountInHeader: true, opensCalculator: false, resubmitsOnForward: true });
