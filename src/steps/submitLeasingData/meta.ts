import { defineStepMeta } from '../_kit/step-meta';

/** A data step of the corporate leasing products (decision 182): the calculator was on businessData. */
export default defineStepMeta({ terminal: false, amountInHeader: true, opensCalculator: false, resubmitsOnForward: true });
