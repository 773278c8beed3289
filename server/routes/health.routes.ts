import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';

/** Readiness gives the database this long to answer `select 1` (a load balancer waits for less). */
export const READINESS_TIMEOUT_MS = 2000;

/**
 * Issue 9: `live` says the process answers (restart it if not); `ready` says it can serve, i.e.
 * the database answers (send it no traffic while not). Neither reads cookies or writes anything.
 */
export function healthRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/live', (c) => ok(c, { status: 'live' }));
  routes.get('/ready', async (c) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('readiness timeout')), READINESS_TIMEOUT_MS);
    });
    try {
      await Promise.race([deps.db.query('select 1 as ready'), timeout]);
    } catch {
      c.header('retry-after', '2');
      throw new ApiError('SERVICE_UNAVAILABLE', 'The database is not reachable.');
    } finally {
      clearTimeout(timer);
    }
    return ok(c, { status: 'ready' });
  });
  return routes;
}
