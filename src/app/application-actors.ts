import { fromPromise } from 'xstate';
import { applicationMachine } from '../../machines/application/application.machine';
import type {
  ChangeTaskInput,
  ContinueApplicationInput,
  CreateApplicationInput,
  LoadStepInput,
  ReturnToTaskInput,
  StepViewLoadResult,
  SubmitStepInput,
} from '../../machines/application/application.actors';
import { draftMachine, type SaveDraftActorInput } from '../../machines/draft/draft.machine';
import {
  changeAnsweredTask,
  continueApplication,
  createApplication,
  previousExternalId,
  returnToPreviousTask,
  saveDraft,
  saveDraftOnPageLeave,
  submitStep,
} from '../api/application.api';
import { rejectingWithAppError } from '../api/app-error';
import type { RuntimeConfig } from '../api/schemas/config.schema';
import type { TaskResponse } from '../api/schemas/application.schema';
import { newIdempotencyKey } from '../api/idempotency';
import { languageCodeFromLocale } from '../domain/languages';
import { loadStep } from './step-loader';


/** The application machine with its I/O: the HTTP client and the step registry. */
export function provideApplicationMachine(config: RuntimeConfig) {
  return applicationMachine.provide({
    actors: {
      findPreviousApplication: fromPromise<string | null>(({ signal }) => rejectingWithAppError(() => previousExternalId({ signal }))),
      continueApplication: fromPromise<TaskResponse, ContinueApplicationInput>(({ input, signal }) =>
        rejectingWithAppError(() => continueApplication(input.externalId, { role: input.role, signal })),
      ),
      createApplication: fromPromise<TaskResponse, CreateApplicationInput>(({ input, signal }) =>
        rejectingWithAppError(() =>
          createApplication(
            {
              application: {
                creditConditions: {
                  productName: input.start.productName ?? '',
                  ...(input.start.loanAmount !== undefined ? { loanAmount: input.start.loanAmount } : {}),
                  ...(input.start.loanPeriod !== undefined ? { loanPeriod: input.start.loanPeriod } : {}),
                  ...(input.start.loanPurpose ? { loanPurpose: input.start.loanPurpose } : {}),
                },
                source: {
                  channel: 'WEB',
                  ...(input.start.tracking ? { tracking: input.start.tracking } : {}),
                  ...(input.start.partner ? { partner: input.start.partner } : {}),
                },
                languageCode: languageCodeFromLocale(input.languageCode),
              },
            },
            { signal },
          ),
        ),
      ),
      loadStepView: fromPromise<StepViewLoadResult, LoadStepInput>(async ({ input }) => loadStep(input, config, window.location.search)),
      // One idempotency key per submission: every retry of it (client.ts) reuses it, so the process
      // advances exactly once however often the network makes the client ask.
      submitStep: fromPromise<TaskResponse, SubmitStepInput>(({ input, signal }) =>
        rejectingWithAppError(() => submitStep({ ...input, idempotencyKey: newIdempotencyKey() }, { signal })),
      ),
      returnToTask: fromPromise<TaskResponse, ReturnToTaskInput>(({ input, signal }) =>
        rejectingWithAppError(() =>
          returnToPreviousTask(input.externalId, { taskDefinitionKey: input.taskDefinitionKey, version: input.version }, { signal }),
        ),
      ),
      changeTask: fromPromise<TaskResponse, ChangeTaskInput>(({ input, signal }) =>
        rejectingWithAppError(() =>
          changeAnsweredTask(
            input.externalId,
            { taskDefinitionKey: input.taskDefinitionKey, fromTaskDefinitionKey: input.fromTaskDefinitionKey, version: input.version },
            { signal },
          ),
        ),
      ),
      draftSync: draftMachine.provide({
        actors: {
          saveDraft: fromPromise<{ version: number }, SaveDraftActorInput>(async ({ input, signal }) => {
            const { keepalive, ...request } = input;
            if (keepalive) {
              // The page is going away: nothing will read the answer, so the next version is assumed.
              saveDraftOnPageLeave(request);
              return { version: request.version + 1 };
            }
            return rejectingWithAppError(() => saveDraft(request, { signal }));
          }),
        },
      }),
    },
  });
}
