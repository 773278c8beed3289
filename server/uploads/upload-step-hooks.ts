/**
 * The upload steps on the server (docs/decisions/133, 134, 150, 159): a step goes on only with a
 * document of its purpose, or without one where the bank allows a manual review; the bank statement
 * upload counts its refused submissions.
 */
import { COUNTED_UPLOAD_STEPS, UPLOAD_STEP_PURPOSES, uploadSkipAllowed } from '../../core/domain/documents';
import type { BusinessDomain } from '../../core/domain/business-domains';
import { MESSAGES } from '../../core/validation/messages';
import type { TaskKey } from '../../src/steps/_generated/task-keys';
import { ApiError } from '../http/api-error';
import type { StepHooks } from '../steps/step-hook';
import { documentsOf } from './document-repository';
import { countingRefusals } from './upload-attempts';

/**
 * Decision 134: whether the submission goes on without the statements (the step's `skipped`
 * variable). Asked of every step: only where the bank allows it is `skipped` accepted, with 400 and
 * a message the client translates elsewhere.
 */
export function uploadSkipOf(domain: BusinessDomain, taskKey: string, productName: string, variables: Readonly<Record<string, unknown>>): boolean {
  const skipped = variables['skipped'];
  if (skipped === undefined || skipped === false) return false;
  if (skipped !== true || !uploadSkipAllowed(domain, UPLOAD_STEP_PURPOSES[taskKey], productName)) {
    throw new ApiError('BAD_REQUEST', 'This application cannot go on without its documents.', { fieldErrors: { 'variables.skipped': [MESSAGES.uploadSkipNotAllowed] } });
  }
  return true;
}

/** An upload step's hooks, from core's tables of upload steps (the client reads the same ones). */
export function uploadStepHooks(taskKey: TaskKey): StepHooks {
  const purpose = UPLOAD_STEP_PURPOSES[taskKey];
  if (!purpose) throw new Error(`"${taskKey}" is not an upload step.`);
  return {
    // Decision 133: a refused submission counts against the step's attempts.
    ...(COUNTED_UPLOAD_STEPS.has(taskKey) ? { aroundSubmission: countingRefusals } : {}),
    // What the client checked, again: a document of the step's purpose (decisions 150, 159).
    beforeSubmit: async ({ tx, application, role, uploadSkipped }) => {
      if (!uploadSkipped && (await documentsOf(tx, application.id, role, purpose)).length === 0) {
        throw new ApiError('VALIDATION_FAILED', 'Upload a document before going on.', { fieldErrors: { documents: [MESSAGES.required] } });
      }
    },
  };
}
