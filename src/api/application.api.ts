/** Section 7: the application-process calls. Each parses its reply with the shared contract schemas. */
import { apiRequest } from './client';
import { TaskResponseSchema } from '../../core/wire/application.schema';
import type { TaskResponse } from '../../core/wire/application.schema';
import { CAPTCHA_HEADER, IDEMPOTENCY_HEADER } from '../../core/wire/envelope.schema';
import { DraftSaveResponseSchema, PreviousExternalIdSchema } from '../../core/wire/process.schema';
import type { ChangeRequest, CreateApplicationRequest, DraftSaveRequest, ReturnRequest, StepSubmission } from '../../core/wire/process.schema';
import { roleQueryOf, type StepRole } from '../../core/domain/persons';

export interface CallOptions {
  signal?: AbortSignal;
}

export function processPath(externalId: string, action: 'step' | 'continue' | 'back' | 'change' | 'answers'): string {
  return `application-process/${encodeURIComponent(externalId)}/${action}`;
}

/**
 * POST /api/v1/application-process. Not retried: without an idempotency key a repeat could open a
 * second application.
 */
export function createApplication(
  request: CreateApplicationRequest,
  options: CallOptions & { captchaToken?: string } = {},
): Promise<TaskResponse> {
  return apiRequest('application-process', {
    method: 'POST',
    body: request,
    headers: options.captchaToken ? { [CAPTCHA_HEADER]: options.captchaToken } : undefined,
    schema: TaskResponseSchema,
    signal: options.signal,
  });
}

export interface SubmitStepRequest {
  externalId: string;
  submission: StepSubmission;
  /** One per submission, reused by every retry of it, so the process advances exactly once. */
  idempotencyKey: string;
}

/** POST /api/v1/application-process/{externalId}/step: submits the step and returns the new task. */
export function submitStep(request: SubmitStepRequest, options: CallOptions = {}): Promise<TaskResponse> {
  return apiRequest(processPath(request.externalId, 'step'), {
    method: 'POST',
    body: request.submission,
    headers: { [IDEMPOTENCY_HEADER]: request.idempotencyKey },
    schema: TaskResponseSchema,
    signal: options.signal,
  });
}

/**
 * POST /api/v1/application-process/{externalId}/back: the browser's Back in the middle of the flow
 * (issue 8). The server moves the process back to the previous task where its definition allows
 * it and answers that task, with what was answered there as its draft. Not retried: the version
 * check makes a repeat a conflict rather than a second step back.
 */
export function returnToPreviousTask(externalId: string, request: ReturnRequest, options: CallOptions = {}): Promise<TaskResponse> {
  return apiRequest(processPath(externalId, 'back'), {
    method: 'POST',
    body: request,
    schema: TaskResponseSchema,
    signal: options.signal,
  });
}

export interface SaveDraftRequest extends DraftSaveRequest {
  externalId: string;
}

function draftBody({ taskDefinitionKey, version, data }: SaveDraftRequest): DraftSaveRequest {
  return { taskDefinitionKey, version, data };
}

/** PUT /api/v1/application-process/{externalId}/step: stores what was typed; returns the new draft version. */
export function saveDraft(request: SaveDraftRequest, options: CallOptions = {}): Promise<{ version: number }> {
  return apiRequest(processPath(request.externalId, 'step'), {
    method: 'PUT',
    body: draftBody(request),
    schema: DraftSaveResponseSchema,
    signal: options.signal,
  });
}

/**
 * The same draft save for `pagehide`: a keepalive request outlives the page, so nothing waits for
 * it and a failure is nobody's to show (the debounced saves before it carry the same data).
 */
export function saveDraftOnPageLeave(request: SaveDraftRequest): void {
  apiRequest(processPath(request.externalId, 'step'), {
    method: 'PUT',
    body: draftBody(request),
    schema: DraftSaveResponseSchema,
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * POST /api/v1/application-process/{externalId}/continue?role=...: the current task of an existing
 * application as this person sees it (the applicant's by default; a co-borrower who joined by
 * invitation continues with their own role; in embedded mode the client puts the parent page's role).
 */
export function continueApplication(externalId: string, options: CallOptions & { role?: StepRole; webShopRedirectUri?: string } = {}): Promise<TaskResponse> {
  return apiRequest(processPath(externalId, 'continue'), {
    method: 'POST',
    query: { role: roleQueryOf(options.role ?? 'APPLICANT') },
    // Section 4: the link's partner redirect URL, stored when none is stored yet.
    ...(options.webShopRedirectUri ? { body: { webShopRedirectUri: options.webShopRedirectUri } } : {}),
    schema: TaskResponseSchema,
    signal: options.signal,
  });
}

/**
 * POST /api/v1/application-process/{externalId}/change (issue 11): from the check-answers page back
 * to an answered task; once that is submitted again the process returns to the check-answers page.
 * Not retried: the version check makes a repeat a conflict.
 */
export function changeAnsweredTask(externalId: string, request: ChangeRequest, options: CallOptions = {}): Promise<TaskResponse> {
  return apiRequest(processPath(externalId, 'change'), {
    method: 'POST',
    body: request,
    schema: TaskResponseSchema,
    signal: options.signal,
  });
}

/**
 * POST /api/v1/application-process/upsale (section 7): an upsale application (section 2: product
 * selection, `/start`). Not retried, like the create call; carries the captcha token like it (issue 21).
 */
export function createUpsaleApplication(request: CreateApplicationRequest, options: CallOptions & { captchaToken?: string } = {}): Promise<TaskResponse> {
  return apiRequest('application-process/upsale', {
    method: 'POST',
    body: request,
    headers: options.captchaToken ? { [CAPTCHA_HEADER]: options.captchaToken } : undefined,
    schema: TaskResponseSchema,
    signal: options.signal,
    retry: false,
  });
}

/**
 * GET /api/v1/application/previous-external-id: the session's newest unfinished application, if any;
 * with a product, the newest unfinished one of that product (decision 239).
 */
export async function previousExternalId(productName: string | null, options: CallOptions = {}): Promise<string | null> {
  const { externalId } = await apiRequest('application/previous-external-id', {
    schema: PreviousExternalIdSchema,
    ...(productName ? { query: { productName } } : {}),
    signal: options.signal,
  });
  return externalId;
}
