import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CreateApplicationRequestSchema, type CreateApplicationRequest } from '../../core/wire/process.schema';
import { MESSAGES } from '../../core/validation/messages';
import { createServerChannelApplication } from '../applications/application-process.service';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { publicOriginOf } from '../http/forwarded';
import { readJsonBody } from '../http/json-body';
import { parseOrFail } from '../http/validation';
import { authenticateApiKey, type ApiCaller, type PartyKind } from '../partner-api/api-keys';
import { partnerById } from '../pricing/pricing-repository';
import { partnerScope } from '../pricing/pricing.service';

/**
 * Issue 25 item 2 (docs/decisions/188-channels-proven-not-declared.md, docs/partner-api.md): the
 * server-to-server channels. A partner's server (partner API, partner remote) or a broker's server
 * (broker API) creates an application with its API key; the key, not the body, decides the channel
 * and the partner or broker. The answer is the one-time link the applicant continues with.
 *
 * Not browser endpoints: mounted before the session, the origin check and CORS (no
 * Access-Control-Allow-Origin is ever sent here, so no page can call them with a visitor's browser).
 */
export const SERVER_CHANNEL_PATHS = { partner: '/partner-api/applications', broker: '/broker-api/applications' } as const;

/** The request body is as small as a create's. */
const MAX_BODY_BYTES = 16 * 1024;

export interface ServerChannelApplication {
  externalId: string;
  channel: string;
  link: { url: string; expiresAt: string };
}

function forbidden(message: string): ApiError {
  return new ApiError('FORBIDDEN', message);
}

/**
 * What the key proves goes into the request: the partner's own registration code (a request naming
 * another partner is refused, 403); a broker names no partner; a declared channel other than the
 * key's is refused (422), as from the web app.
 */
async function provenRequest(deps: AppDeps, caller: ApiCaller, request: CreateApplicationRequest): Promise<CreateApplicationRequest> {
  const declared = request.application.source?.channel;
  if (declared !== undefined && declared !== caller.channel) {
    throw new ApiError('VALIDATION_FAILED', `This key creates ${caller.channel} applications only.`, {
      fieldErrors: { 'application.source.channel': [MESSAGES.choiceInvalid] },
    });
  }
  const named = request.application.partner?.regCode;
  if (caller.partyKind === 'broker') {
    if (request.application.partner !== undefined) throw forbidden('A broker key creates applications for no partner.');
    return request;
  }
  const partner = await partnerById(deps.db, partnerScope(deps, caller.lookupOwner), caller.partyId);
  if (!partner) throw new ApiError('UNAUTHORIZED', 'A valid API key is required (Authorization: Bearer <key>).');
  if (named !== undefined && named !== partner.regCode) throw forbidden('This key creates applications for its own partner only.');
  const { source, ...application } = request.application;
  return {
    ...request,
    application: {
      ...application,
      ...(source?.tracking ? { source: { tracking: source.tracking } } : {}),
      partner: { ...request.application.partner, regCode: partner.regCode },
    },
  };
}

function handler(deps: AppDeps, kind: PartyKind) {
  return async (c: Context<AppEnv>) => {
    // Not a browser's call: no session, no cookie is read or written.
    c.set('principal', { kind: 'anonymous' });
    const caller = await authenticateApiKey(deps, c.req.header('authorization'));
    if (caller.partyKind !== kind) throw forbidden(`This is the ${kind} endpoint; the key is a ${caller.partyKind}'s.`);
    const request = parseOrFail(CreateApplicationRequestSchema, await readJsonBody(c), 'The application request is invalid.');
    const proven = await provenRequest(deps, caller, request);
    const { task, link } = await createServerChannelApplication(deps, proven, {
      channel: caller.channel,
      // Nobody's until the applicant opens the link (decision 188).
      owner: { kind: 'channel', id: `${caller.partyKind}:${caller.partyId}` },
      lookupOwner: caller.lookupOwner,
      ...(caller.partyKind === 'broker' ? { brokerId: caller.partyId } : {}),
    });
    const answer: ServerChannelApplication = {
      externalId: task.externalId,
      channel: caller.channel,
      link: { url: `${publicOriginOf(c, deps.config)}${link.path}`, expiresAt: link.expiresAt.toISOString() },
    };
    return ok(c, answer, 201);
  };
}

export function serverChannelRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE', `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.`);
    },
  });
  routes.post(SERVER_CHANNEL_PATHS.partner, limit, handler(deps, 'partner'));
  routes.post(SERVER_CHANNEL_PATHS.broker, limit, handler(deps, 'broker'));
  return routes;
}
