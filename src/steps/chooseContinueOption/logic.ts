/** ChooseContinueOption's own machine: it reads the other application and carries out the choice. */
import { continueOptionMachine } from '../../../machines/continue-option/continue-option.machine';
import type { StepLogic } from '../step-registry-types';

export default {
  continueOption: continueOptionMachine,
} satisfies StepLogic;
