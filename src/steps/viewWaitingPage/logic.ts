/** The waiting page's own machine: it moves on by itself once the other person is done. */
import { waitingMachine } from '../../../machines/waiting/waiting.machine';
import type { StepLogic } from '../step-registry-types';

export default {
  waiting: waitingMachine,
} satisfies StepLogic;
