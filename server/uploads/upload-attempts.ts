/**
 * The bank statement step's failed upload attempts (docs/decisions/133-upload-attempts.md): each file
 * the server refused and each submission of the step it refused counts against the person's limit on
 * that application step. The count is kept with the application, in its own transaction (the refusal's
 * own is rolled back), so nothing the client does resets it. The attempt that reaches the limit ends
 * the step: the process goes on to the upload-limit page (decision 146), and a loan specialist takes
 * the application on.
 */
import { ATTEMPTS_LEFT_DETAIL, COUNTED_UPLOAD_STEPS, UPLOAD_ATTEMPT_LIMIT } from '../../core/domain/documents';
import { isTaskKey } from '../../src/steps/_generated/task-keys';
import { ApiError } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { findAccessibleApplication, saveSubmittedStep } from '../applications/application-repository';
import { listPersons } from '../applications/person-repository';
import { factsOf } from '../process/application-facts';
import { advanceProcess, readProcess } from '../process/process-runner';

/**
 * Counts one failed attempt of `owner` on the application's current step, when it is their bank
 * statement upload; answers the attempts left, or null when nothing was counted (another step,
 * another person's turn, an ended application).
 */
export async function countFailedUpload(deps: AppDeps, owner: Owner, externalId: string): Promise<number | null> {
  return deps.db.transaction(async (tx) => {
    const access = await findAccessibleApplication(tx, externalId, owner, 'update');
    if (!access || access.application.process_done) return null;
    const { application, role } = access;
    const taskKey = application.task_key;
    if (!COUNTED_UPLOAD_STEPS.has(taskKey) || !isTaskKey(taskKey)) return null;
    const position = readProcess(application.process_state);
    if (position.turn !== role) return null;
    const now = deps.clock();
    const [row] = await tx.query<{ failed: number }>(
      `insert into upload_attempts (application_id, role, task_key, failed, updated_at) values ($1, $2, $3, 1, $4)
       on conflict (application_id, role, task_key) do update set failed = upload_attempts.failed + 1, updated_at = $4
       returning failed`,
      [application.id, role, taskKey, now],
    );
    const left = Math.max(0, UPLOAD_ATTEMPT_LIMIT - (row?.failed ?? 0));
    if (left === 0) {
      // The limit reached: the step ends here, whatever the client does next.
      const facts = { ...factsOf({ productName: application.product_name, persons: await listPersons(tx, application.id) }, deps.flags.enabled()), uploadRetriesExceeded: true };
      const next = advanceProcess(position.state, taskKey, facts, application.step_count);
      await saveSubmittedStep(tx, application.id, {
        data: application.data,
        productName: application.product_name,
        processState: next.state,
        taskKey: next.taskKey,
        processDone: next.done,
        now,
      });
    }
    return left;
  });
}

/**
 * Runs `attempt` (an upload or a submission of the step); a refusal of what was sent (422) is counted
 * and answered with the attempts left (`details.uploadAttemptsLeft`). Other failures are not the
 * person's attempts (the network, a conflict) and are not counted.
 */
export async function countingRefusals<T>(deps: AppDeps, owner: Owner, externalId: string, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') throw error;
    const left = await countFailedUpload(deps, owner, externalId);
    if (left === null) throw error;
    throw new ApiError(error.code, error.message, {
      status: error.status,
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      details: { [ATTEMPTS_LEFT_DETAIL]: left },
    });
  }
}
