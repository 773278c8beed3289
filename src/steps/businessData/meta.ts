import { defineStepMeta } from '../_kit/step-meta';

export default defineStepMeta({
  terminal: false,
  // The amount is being chosen here: the header does not repeat it.
  amountInHeader: false,
  // Section 2: the calculator modal opens on the business-data step, and again whenever the flow comes back to it.
  opensCalculator: true,
  // A page of answers: the browser's Forward presses its Continue (decision 212).
  resubmitsOnForward: true,
});
