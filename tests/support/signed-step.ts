/**
 * Decision 211 (issue 26: one contract-signed page): a signing step sends itself once signed, and
 * offers Continue only when that send fails. What the signing steps' component tests share: a submit
 * the test answers when it wants (so the send can be seen under way), and the checks of the two ends.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { AppError } from '../../core/domain/app-error';
import type { SubmitStepInput, TaskResponse } from '../../machines/application/application.actors';
import type { renderStep } from './render-step';

type RenderedStep = Awaited<ReturnType<typeof renderStep>>;

/** The empty submission of a signing step (its contract asks nothing; the API checks the signature). */
export function signedSubmission(taskKey: string) {
  return { taskDefinitionKey: taskKey, application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} }, variables: {} };
}

/** The step's submit, each call answered by the test: `succeed` with the next task, or `fail`. */
export function heldSubmit() {
  const open: { resolve: (task: TaskResponse) => void; reject: (error: AppError) => void }[] = [];
  return {
    submit: (_input: SubmitStepInput) => new Promise<TaskResponse>((resolve, reject) => void open.push({ resolve, reject })),
    succeed: (next: TaskResponse) => open.shift()?.resolve(next),
    fail: (error: AppError) => open.shift()?.reject(error),
  };
}

/**
 * Signed: the step was sent with no click, the screen says the application is being finished, and no
 * Continue button shows (the next page's heading takes focus when it shows: the browser specs).
 */
export async function expectSentBySigning(step: RenderedStep, taskKey: string): Promise<void> {
  expect(await screen.findByText('Your contract is signed. Finishing your application…', {}, { timeout: 8000 })).toBeTruthy();
  expect(step.submitted).toHaveLength(1);
  expect(step.submitted[0]?.submission).toMatchObject(signedSubmission(taskKey));
  expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
}

/** The send answered: the application machine shows the next task (the app's step page mounts its screen). */
export async function expectMovedOnTo(step: RenderedStep, taskKey: string): Promise<void> {
  await waitFor(() => expect(step.actor.getSnapshot().context.taskKey).toBe(taskKey));
  await waitFor(() => expect(step.actor.getSnapshot().matches('step')).toBe(true));
}
