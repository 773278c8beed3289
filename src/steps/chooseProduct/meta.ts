import { defineStepMeta } from '../_kit/step-meta';

export default defineStepMeta({
  terminal: false,
  // The amount is being chosen here.
  amountInHeader: false,
  // Product selection has its calculator on the page itself (section 2), not in the modal.
  opensCalculator: false,
});
