import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { firstTaskOf } from '../process/process-definitions';
import { providerAvailability } from '../providers/providers';

/**
 * GET /api/v1/runtime-config: what the app needs to start (section 9), the same for every visitor,
 * with the first task of a new application as this server's process starts it (issue 8) and the
 * feature flags.
 */
export function runtimeConfigRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const reply = {
    ...deps.config.client,
    // Issue 21 (decision 169): where the captcha widget is loaded from (the simulator's origin is known at start only).
    ...(deps.config.client.captcha.enabled ? { captcha: { ...deps.config.client.captcha, scriptUrl: deps.providers.captcha?.widget.scriptUrl ?? null } } : {}),
    firstTaskDefinitionKey: firstTaskOf(deps.config.businessDomain) ?? null,
    // Section 9: the feature settings the app needs at start (the fields asked behind a flag).
    features: deps.flags.all(),
    // Issue 21: what can be offered, and where a demonstration's simulated providers are.
    providers: providerAvailability(deps.providers),
    simulatorsUrl: deps.providers.simulatorsOrigin,
    // Issue 25 (decision 187): the parents the app may post to, the same list as frame-ancestors.
    embedding: { parentOrigins: [...deps.config.allowedOrigins] },
  };
  routes.get('/v1/runtime-config', (c) => ok(c, reply));
  return routes;
}
