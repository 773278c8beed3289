/** ChooseContinueOption's own machine: it reads the other application and carries out the choice. */
import { continueOptionMachine } from './continue-option.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  continueOption: continueOptionMachine,
} satisfies StepLogic;
