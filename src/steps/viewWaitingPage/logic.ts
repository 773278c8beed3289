/** The waiting page's own machine: it moves on by itself once the other person is done. */
import { waitingMachine } from './waiting.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  waiting: waitingMachine,
} satisfies StepLogic;
