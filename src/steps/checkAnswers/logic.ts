/** The check-answers page's own machine: it reads this person's answers and their summaries. */
import { answersMachine } from './answers.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  answers: answersMachine,
} satisfies StepLogic;
