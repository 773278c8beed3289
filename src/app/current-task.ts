import { fromPromise } from 'xstate';
import type { CurrentTask, CurrentTaskInput } from '../../machines/task-poll/task-poll.machine';
import { rejectingWithAppError } from '../api/app-error';
import { continueApplication } from '../api/application.api';

/**
 * Issues 11 and 22: which task this person has now, and whether it waits for the bank (the task
 * poll's look, machines/task-poll). A continue: the server answers the bank's work that is due on it.
 */
export const currentTaskActor = fromPromise<CurrentTask, CurrentTaskInput>(async ({ input, signal }) => {
  const task = await rejectingWithAppError(() => continueApplication(input.externalId, { role: input.role, signal }));
  return { taskDefinitionKey: task.taskDefinitionKey, awaitingCheck: task.awaitingCheck ?? null };
});
