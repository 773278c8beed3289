import { defineStepMeta } from '../_kit/step-meta';

export default defineStepMeta({
  terminal: false,
  // The amount is being chosen here: the header does not repeat it.
  amountInHeader: false,
  opensCalculator: true,
});
