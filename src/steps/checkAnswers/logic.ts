/** The check-answers page's own machine: it reads this person's answers and their summaries. */
import { answersMachine } from '../../../machines/answers/answers.machine';
import type { StepLogic } from '../step-registry-types';

export default {
  answers: answersMachine,
} satisfies StepLogic;
