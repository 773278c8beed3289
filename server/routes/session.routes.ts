import { Hono } from 'hono';
import type { SessionInfo } from '../../core/wire/process.schema';
import type { AppDeps, AppEnv, Principal } from '../http/app-env';
import { ok } from '../http/envelope';

function sessionInfo(principal: Principal, now: Date): SessionInfo {
  // No session: nothing to extend, so it is over now (the client's warning then says it failed).
  if (principal.kind === 'anonymous') return { expiresAt: now.toISOString(), authenticated: false };
  // Section 6: a bearer token (issued by an authenticating parent) or a session renewed at login.
  return { expiresAt: principal.expiresAt.toISOString(), authenticated: principal.kind === 'bearer' || principal.authenticated };
}

/**
 * Section 7's session calls. The principal middleware already did the work: `/v1/session` reads
 * the expiry without sliding it, `/v1/session/extend` and the heartbeat slide it like any call.
 * None of them creates a session (issue 9: only replies that need one do).
 */
export function sessionRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/v1/session', (c) => ok(c, sessionInfo(c.get('principal'), deps.clock())));
  routes.get('/v1/session/extend', (c) => ok(c, sessionInfo(c.get('principal'), deps.clock())));
  routes.get('/session/heartbeat', (c) => ok(c, { alive: c.get('principal').kind !== 'anonymous' }));
  return routes;
}
