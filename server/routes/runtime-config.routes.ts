import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';

/** GET /api/v1/runtime-config: what the app needs to start (section 9), the same for every visitor. */
export function runtimeConfigRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/v1/runtime-config', (c) => ok(c, deps.config.client));
  return routes;
}
