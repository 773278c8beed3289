import { Hono, type Context } from 'hono';
import { IDEMPOTENCY_HEADER } from '../../core/wire/envelope.schema';
import {
  AcceptInvitationSchema,
  ChangeRequestSchema,
  ContinueRequestSchema,
  CreateApplicationRequestSchema,
  DraftSaveRequestSchema,
  PreviousExternalIdQuerySchema,
  ReturnRequestSchema,
  StepSubmissionSchema,
} from '../../core/wire/process.schema';
import {
  answersOf,
  changeAnsweredTask,
  continueApplication,
  createApplication,
  previousExternalId,
  returnToPreviousTask,
  saveDraft,
  submitStep,
  type Caller,
} from '../applications/application-process.service';
import { requireCaptcha } from '../captcha/verify-captcha';
import { acceptInvitation } from '../applications/invitations';
import { activeApplicationsOf, annulActiveApplications, annulApplication } from '../applications/active-applications';
import { ActiveApplicationsRequestSchema } from '../../core/wire/active-applications.schema';
import { stepRoleOf } from '../../core/domain/persons';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { isJsonContentType, jsonDepth, readJsonBody } from '../http/json-body';
import { parseOrFail } from '../http/validation';
import { enforceClientLimit, enforceDraftBytes, enforceOwnerLimit } from '../rate-limit/limits';
import { existingOwner, ownerOf, requireOwner } from '../sessions/principal.middleware';
import { TrackingRequestSchema } from '../../core/wire/tracking.schema';
import { deleteTracking, saveTracking } from '../applications/tracking';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

/**
 * Issue 9: a draft is what one step's form holds. 64 KiB is many times the largest form (the
 * corporate lists of section 9: 5 collaterals, 3 tax residencies) and keeps a flood of saves from
 * filling the disk; 8 levels hold any form's nesting (rows of objects in lists in sections).
 */
export const MAX_DRAFT_BYTES = 64 * 1024;
export const MAX_DRAFT_DEPTH = 8;

function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(header)) {
    throw new ApiError('BAD_REQUEST', `The ${IDEMPOTENCY_HEADER} header must be 8 to 200 letters, digits or _.:-`);
  }
  return header;
}

function draftBytes(data: unknown): number {
  return Buffer.byteLength(JSON.stringify(data), 'utf8');
}

/** A draft, saved or sent with a submission (issue 8), is bounded as a whole (decision 029). */
function checkDraftBounds(data: unknown): number {
  const bytes = draftBytes(data);
  if (bytes > MAX_DRAFT_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', `A draft holds at most ${MAX_DRAFT_BYTES / 1024} KiB.`);
  if (jsonDepth(data) > MAX_DRAFT_DEPTH) throw new ApiError('BAD_REQUEST', `A draft nests at most ${MAX_DRAFT_DEPTH} levels deep.`);
  return bytes;
}

/** What the server knows of a web caller beyond their identity: an embedded user's groups (section 6). */
export function callerOf(c: Context<AppEnv>): Caller {
  const principal = c.get('principal');
  return { userGroups: principal.kind === 'bearer' ? principal.userGroups : [] };
}

/** Section 7: the application process calls (docs/architecture.md, "The HTTP contract"). */
export function applicationProcessRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // Limits first (refused and malformed requests count), then the body, then the captcha; the
  // session is created last, so a refused request stores nothing but its rate-limit count.
  routes.post('/v1/application-process', async (c) => {
    await enforceClientLimit(deps, c, 'create');
    const existing = ownerOf(c);
    await enforceOwnerLimit(deps, c, existing, 'create');
    const request = parseOrFail(CreateApplicationRequestSchema, await readJsonBody(c), 'The application request is invalid.');
    await requireCaptcha(deps, c);
    const ownerFor = async () => {
      const owner = await requireOwner(deps, c);
      // A session born with this create counts it too.
      if (!existing) await enforceOwnerLimit(deps, c, owner, 'create');
      return owner;
    };
    return ok(c, await createApplication(deps, request, ownerFor, existing ?? null, callerOf(c)), 201);
  });

  routes.post('/v1/application-process/:externalId/step', async (c) => {
    await enforceClientLimit(deps, c, 'submit');
    const owner = existingOwner(c);
    await enforceOwnerLimit(deps, c, owner, 'submit');
    const submission = parseOrFail(StepSubmissionSchema, await readJsonBody(c), 'The step submission is invalid.');
    if (submission.draft) checkDraftBounds(submission.draft);
    const idempotencyKey = idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER));
    const task = await submitStep(deps, owner, { externalId: c.req.param('externalId'), submission, idempotencyKey, caller: callerOf(c) });
    return ok(c, task);
  });

  routes.put('/v1/application-process/:externalId/step', async (c) => {
    await enforceClientLimit(deps, c, 'draftSave');
    const owner = existingOwner(c);
    await enforceOwnerLimit(deps, c, owner, 'draftSave');
    // A draft keeps what was typed verbatim (decision 023): bounded as a whole, not per text.
    const request = parseOrFail(DraftSaveRequestSchema, await readJsonBody(c, { maxStringLength: null }), 'The draft is invalid.');
    const bytes = checkDraftBounds(request.data);
    await enforceDraftBytes(deps, c, owner, bytes);
    const saved = await saveDraft(deps, owner, c.req.param('externalId'), request);
    deps.writes.draftWritten(bytes);
    return ok(c, saved);
  });

  // Back (issue 8): counted like a submit, since it moves the process.
  routes.post('/v1/application-process/:externalId/back', async (c) => {
    await enforceClientLimit(deps, c, 'submit');
    const owner = existingOwner(c);
    await enforceOwnerLimit(deps, c, owner, 'submit');
    const request = parseOrFail(ReturnRequestSchema, await readJsonBody(c), 'The request is invalid.');
    return ok(c, await returnToPreviousTask(deps, owner, c.req.param('externalId'), request));
  });

  // Issue 11: a change from the check-answers page, counted like a submit.
  routes.post('/v1/application-process/:externalId/change', async (c) => {
    await enforceClientLimit(deps, c, 'submit');
    const owner = existingOwner(c);
    await enforceOwnerLimit(deps, c, owner, 'submit');
    const request = parseOrFail(ChangeRequestSchema, await readJsonBody(c), 'The request is invalid.');
    return ok(c, await changeAnsweredTask(deps, owner, c.req.param('externalId'), request));
  });

  routes.get('/v1/application-process/:externalId/answers', async (c) => {
    return ok(c, await answersOf(deps, existingOwner(c), c.req.param('externalId'), stepRoleOf(c.req.query('role'))));
  });

  // `role` (applicant by default, section 7) selects whose view of the task to continue: a
  // co-borrower continues with `role=coborrower` through the access their invitation gave them.
  // The body is optional: the link's partner redirect URL (section 4).
  routes.post('/v1/application-process/:externalId/continue', async (c) => {
    const body = isJsonContentType(c.req.header('content-type')) ? await readJsonBody(c) : undefined;
    const request = parseOrFail(ContinueRequestSchema, body, 'The continue request is invalid.');
    return ok(c, await continueApplication(deps, existingOwner(c), c.req.param('externalId'), stepRoleOf(c.req.query('role')), request));
  });

  // Section 7 "annul" (decision 121): the owner gives up this application; counted like a submit.
  routes.post('/v1/application-process/:externalId/annul', async (c) => {
    await enforceClientLimit(deps, c, 'submit');
    const owner = existingOwner(c);
    await enforceOwnerLimit(deps, c, owner, 'submit');
    return ok(c, await annulApplication(deps, owner, c.req.param('externalId')));
  });

  // Section 7 "canBeRelatedPerson" (decision 121): the caller's other open applications of the
  // applicant of `externalId`, and one they may join as its co-borrower. Only the caller's own.
  routes.post('/v1/active-applications', async (c) => {
    const owner = existingOwner(c);
    const { externalId } = parseOrFail(ActiveApplicationsRequestSchema, await readJsonBody(c), 'The request is invalid.');
    return ok(c, await activeApplicationsOf(deps, owner, externalId));
  });

  // Section 7 "annul" of the active applications: the caller's others, never the current one.
  routes.post('/v1/active-applications/annul', async (c) => {
    await enforceClientLimit(deps, c, 'submit');
    const owner = existingOwner(c);
    await enforceOwnerLimit(deps, c, owner, 'submit');
    const { externalId } = parseOrFail(ActiveApplicationsRequestSchema, await readJsonBody(c), 'The request is invalid.');
    return ok(c, await annulActiveApplications(deps, owner, externalId));
  });

  // Issue 11: the co-borrower opens their invitation link; their own session gets access.
  routes.post('/v1/invitations/accept', async (c) => {
    await enforceClientLimit(deps, c, 'submit');
    const { token } = parseOrFail(AcceptInvitationSchema, await readJsonBody(c), 'The invitation is invalid.');
    return ok(c, await acceptInvitation(deps, token, await requireOwner(deps, c)));
  });

  // Decision 190: the analytics of a consent given after creation, and its withdrawal.
  routes.put('/v1/application-process/:externalId/tracking', async (c) => {
    await enforceClientLimit(deps, c, 'submit');
    const owner = existingOwner(c);
    await enforceOwnerLimit(deps, c, owner, 'submit');
    const { tracking } = parseOrFail(TrackingRequestSchema, await readJsonBody(c), 'The tracking is invalid.');
    return ok(c, await saveTracking(deps, owner, c.req.param('externalId'), tracking));
  });

  routes.delete('/v1/application-process/:externalId/tracking', async (c) => {
    await enforceClientLimit(deps, c, 'submit');
    const owner = existingOwner(c);
    await enforceOwnerLimit(deps, c, owner, 'submit');
    return ok(c, await deleteTracking(deps, owner, c.req.param('externalId')));
  });

  // The app asks this first on every start: the session it creates carries the expiry the
  // session warning counts down from (decision 050).
  routes.get('/v1/application/previous-external-id', async (c) => {
    const { productName } = parseOrFail(PreviousExternalIdQuerySchema, { productName: c.req.query('productName') }, 'The product is unknown.');
    return ok(c, { externalId: await previousExternalId(deps, await requireOwner(deps, c), productName) });
  });

  return routes;
}
