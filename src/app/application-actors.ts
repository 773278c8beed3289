import { fromPromise } from 'xstate';
import { applicationMachine } from '../../machines/application/application.machine';
import type {
  ChangeTaskInput,
  ContinueApplicationInput,
  FindPreviousApplicationInput,
  CreateApplicationInput,
  LoadProductsInput,
  LoadProductsOutput,
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
  createUpsaleApplication,
  previousExternalId,
  returnToPreviousTask,
  saveDraft,
  saveDraftOnPageLeave,
  submitStep,
} from '../api/application.api';
import { rejectingWithAppError } from '../api/app-error';
import type { RuntimeConfig } from '../../core/wire/config.schema';
import type { CreateApplicationRequest } from '../../core/wire/process.schema';
import type { TaskResponse } from '../../core/wire/application.schema';
import { newIdempotencyKey } from '../api/idempotency';
import { captchaSettings } from '../features/captcha/captcha-settings';
import { languageCodeFromLocale } from '../../core/domain/languages';
import { STEP_INDEX } from '../steps/_generated/step-index.gen';
import { loadStep } from './step-loader';
import { takeWarmContinue } from './continue-warm-up';
import { afterStepAccepted, consentedTracking } from './analytics';
import type { TrackingInput } from '../../core/wire/tracking.schema';

/**
 * What a new application is created with: the applicant's choice (an upsale's submitted choice, or
 * the link's), and where it came from (section 3: campaign code, tracking, the partner parameters).
 * A rate from the link goes along as the hint it is; the server prices the offer itself.
 */
export function createRequestOf(
  input: CreateApplicationInput,
  config: Pick<RuntimeConfig, 'fallbackLoanApplicationUrl'>,
  // Decision 190: the link's campaign and the device's data go only with the applicant's consent.
  tracking?: TrackingInput,
): CreateApplicationRequest {
  const { start } = input;
  const choice = input.upsale ?? {
    ...(start.productName !== undefined ? { productName: start.productName } : {}),
    ...(start.loanAmount !== undefined ? { loanAmount: start.loanAmount } : {}),
    ...(start.loanPeriod !== undefined ? { loanPeriod: start.loanPeriod } : {}),
    ...(start.loanPurpose ? { loanPurpose: start.loanPurpose } : {}),
  };
  return {
    application: {
      creditConditions: { ...choice, ...(start.interestRate !== undefined ? { interestRate: start.interestRate } : {}) },
      ...(start.campaignCode ? { campaignCode: start.campaignCode } : {}),
      source: { channel: 'WEB', ...(tracking ? { tracking } : {}) },
      ...(start.partner ? { partner: start.partner } : {}),
      // Decision 191: a customer administrator's interface language is not the customer's.
      ...(start.customerAdministrator ? {} : { languageCode: languageCodeFromLocale(input.languageCode) }),
    },
    // Section 7: the upsale call names the tasks this client can show when a fallback exists.
    ...(input.upsale && config.fallbackLoanApplicationUrl ? { processableTasks: Object.keys(STEP_INDEX) } : {}),
  };
}


/** The application machine with its I/O: the HTTP client and the step registry. */
export function provideApplicationMachine(config: RuntimeConfig) {
  return applicationMachine.provide({
    actors: {
      findPreviousApplication: fromPromise<string | null, FindPreviousApplicationInput>(({ input, signal }) =>
        rejectingWithAppError(() => previousExternalId(input.productName, { signal })),
      ),
      // Decision 227: the answer asked as the app started (continue-warm-up.ts), when it is this call's.
      continueApplication: fromPromise<TaskResponse, ContinueApplicationInput>(({ input, signal }) =>
        rejectingWithAppError(
          () =>
            takeWarmContinue(input) ??
            continueApplication(input.externalId, { role: input.role, signal, ...(input.webShopRedirectUri ? { webShopRedirectUri: input.webShopRedirectUri } : {}) }),
        ),
      ),
      // Issue 21: with a captcha token when one is asked for (the widget on the step; features/captcha,
      // loaded only then: the first page does not carry it).
      createApplication: fromPromise<TaskResponse, CreateApplicationInput>(({ input, signal }) =>
        rejectingWithAppError(async () => {
          const request = createRequestOf(input, config, await consentedTracking(input.start.tracking));
          const create = (captchaToken?: string) =>
            input.upsale
              ? createUpsaleApplication(request, { signal, ...(captchaToken ? { captchaToken } : {}) })
              : createApplication(request, { signal, ...(captchaToken ? { captchaToken } : {}) });
          if (!captchaSettings()) return create();
          const { withCaptchaToken } = await import('../features/captcha/captcha-gate');
          return withCaptchaToken(create, signal);
        }),
      ),
      // The pricing calls and their schemas are a chunk of their own, fetched beside the step's chunk
      // (the machine loads both in parallel), so the first page's JavaScript does not carry them.
      loadProducts: fromPromise<LoadProductsOutput, LoadProductsInput>(({ input, signal }) =>
        rejectingWithAppError(async () => (await import('./product-data')).loadProductTable(input, signal)),
      ),
      loadStepView: fromPromise<StepViewLoadResult, LoadStepInput>(async ({ input }) => loadStep(input, config, window.location.search)),
      // One idempotency key per submission: every retry of it (client.ts) reuses it, so the process
      // advances exactly once however often the network makes the client ask.
      submitStep: fromPromise<TaskResponse, SubmitStepInput>(({ input, signal }) =>
        rejectingWithAppError(async () => {
          const task = await submitStep({ ...input, idempotencyKey: newIdempotencyKey() }, { signal });
          afterStepAccepted(input.externalId, input.submission);
          return task;
        }),
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
      // Decision 172: a task that waits for the bank looks again by itself.
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
