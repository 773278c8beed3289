/**
 * The page waits for the bank's own work when its reply says so (`awaitingCheck`, decisions 172 and
 * 173): the task poll (machines/task-poll) looks again every few seconds and moves on by itself. It is
 * this step's logic, so it loads with the page, never with the first one.
 */
import { TASK_POLL_ID, taskPollMachine } from '../../../machines/task-poll/task-poll.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  [TASK_POLL_ID]: taskPollMachine,
} satisfies StepLogic;
