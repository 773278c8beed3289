import { Hono } from 'hono';
import { IDEMPOTENCY_HEADER } from '../../src/api/schemas/envelope.schema';
import { CreateApplicationRequestSchema, DraftSaveRequestSchema, ReturnRequestSchema, StepSubmissionSchema } from '../../src/api/schemas/process.schema';
import {
  continueApplication,
  createApplication,
  previousExternalId,
  returnToPreviousTask,
  saveDraft,
  submitStep,
} from '../applications/application-process.service';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok, readJsonBody } from '../http/envelope';
import { parseOrFail } from '../http/validation';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(header)) {
    throw new ApiError('BAD_REQUEST', `The ${IDEMPOTENCY_HEADER} header must be 8 to 200 letters, digits or _.:-`);
  }
  return header;
}

/** Section 7: the application process calls (docs/architecture.md, "The HTTP contract"). */
export function applicationProcessRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/v1/application-process', async (c) => {
    const request = parseOrFail(CreateApplicationRequestSchema, await readJsonBody(c), 'The application request is invalid.');
    return ok(c, await createApplication(deps, c.get('principal').owner, request), 201);
  });

  routes.post('/v1/application-process/:externalId/step', async (c) => {
    const submission = parseOrFail(StepSubmissionSchema, await readJsonBody(c), 'The step submission is invalid.');
    const idempotencyKey = idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER));
    const task = await submitStep(deps, c.get('principal').owner, { externalId: c.req.param('externalId'), submission, idempotencyKey });
    return ok(c, task);
  });

  routes.put('/v1/application-process/:externalId/step', async (c) => {
    const request = parseOrFail(DraftSaveRequestSchema, await readJsonBody(c), 'The draft is invalid.');
    return ok(c, await saveDraft(deps, c.get('principal').owner, c.req.param('externalId'), request));
  });

  routes.post('/v1/application-process/:externalId/back', async (c) => {
    const request = parseOrFail(ReturnRequestSchema, await readJsonBody(c), 'The request is invalid.');
    return ok(c, await returnToPreviousTask(deps, c.get('principal').owner, c.req.param('externalId'), request));
  });

  // `role` (applicant by default, section 7) selects whose view of the task to continue; the
  // walking skeleton has only the applicant's, so the query is accepted and not needed yet.
  routes.post('/v1/application-process/:externalId/continue', async (c) => {
    return ok(c, await continueApplication(deps, c.get('principal').owner, c.req.param('externalId')));
  });

  routes.get('/v1/application/previous-external-id', async (c) => {
    return ok(c, { externalId: await previousExternalId(deps, c.get('principal').owner) });
  });

  return routes;
}
