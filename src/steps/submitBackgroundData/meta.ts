import { defineStepMeta } from '../_kit/step-meta';

export default defineStepMeta({
  terminal: false,
  amountInHeader: true,
  // Section 2: the calculator modal opens on this step in the partner short flow only; the partner
  // set the amount there, so only the period may change (decision 097).
  opensCalculator: ['partner-short'],
  calculatorAmountEditable: false,
  // A page of answers: the browser's Forward presses its Continue (decision 212).
  resubmitsOnForward: true,
});
