import { Hono } from 'hono';
import { ResumeLinkRequestSchema } from '../../core/wire/resume.schema';
import { requestResumeLink, resumeByLogin } from '../applications/resume';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { clientAddressOf } from '../http/forwarded';
import { readJsonBody } from '../http/json-body';
import { parseOrFail } from '../http/validation';
import { requireOwner } from '../sessions/principal.middleware';

/**
 * Issue 26 item 2 (decision 195): coming back to an application on any day and any device. The
 * `/resume` page asks for a one-time link by e-mail, or sends the browser to the bank's login
 * service and, back from it, takes over the applications of the person who logged in.
 */
export function resumeRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/v1/resume/link', async (c) => {
    const request = parseOrFail(ResumeLinkRequestSchema, await readJsonBody(c), 'The request is invalid.');
    const reply = await requestResumeLink(deps, request, {
      clientAddress: clientAddressOf(c, deps.config.trustProxyHops),
      retryAfter: (seconds) => c.header('retry-after', String(seconds)),
    });
    return ok(c, reply, 202);
  });

  // Creates the session when there is none: the login service needs one to come back to.
  routes.post('/v1/resume/login', async (c) => {
    return ok(c, await resumeByLogin(deps, await requireOwner(deps, c)));
  });

  return routes;
}
