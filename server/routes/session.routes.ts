import { Hono } from 'hono';
import type { SessionInfo } from '../../src/api/schemas/process.schema';
import type { AppEnv, Principal } from '../http/app-env';
import { ok } from '../http/envelope';

function sessionInfo(principal: Principal): SessionInfo {
  // Section 6: only a bearer token (embedded mode, issued by an authenticating parent) authenticates.
  return { expiresAt: principal.expiresAt.toISOString(), authenticated: principal.kind === 'bearer' };
}

/**
 * Section 7's session calls. The principal middleware already did the work: `/v1/session` reads
 * the expiry without sliding it, `/v1/session/extend` and the heartbeat slide it like any call.
 */
export function sessionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/v1/session', (c) => ok(c, sessionInfo(c.get('principal'))));
  routes.get('/v1/session/extend', (c) => ok(c, sessionInfo(c.get('principal'))));
  routes.get('/session/heartbeat', (c) => ok(c, { alive: true }));
  return routes;
}
