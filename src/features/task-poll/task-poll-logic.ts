/**
 * The step logic of every page that waits (issues 11 and 22, decisions 172 and 173): the task poll
 * (machines/task-poll), which looks again until the other person or the bank's back office is done,
 * and moves the page on by itself. Each such step's `logic.ts` re-exports it, so it loads with those
 * pages and never with the first one.
 */
import { TASK_POLL_ID, taskPollMachine } from '../../../machines/task-poll/task-poll.machine';
import type { StepLogic } from '../../steps/_kit/step-registry-types';

export default {
  [TASK_POLL_ID]: taskPollMachine,
} satisfies StepLogic;
