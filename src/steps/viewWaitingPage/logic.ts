/** The waiting page's machine: the task poll (machines/task-poll), which moves on by itself once the other person is done. */
import { TASK_POLL_ID, taskPollMachine } from '../../../machines/task-poll/task-poll.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  [TASK_POLL_ID]: taskPollMachine,
} satisfies StepLogic;
