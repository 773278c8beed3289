import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { readJsonBody } from '../http/json-body';
import { parseOrFail } from '../http/validation';

const CheckFlagRequestSchema = v.object({ feature: v.pipe(v.string(), v.maxLength(100)) });
const CheckFlagsRequestSchema = v.object({ features: v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(100)) });

/**
 * Section 6 and 7: feature flags, answered by the check-flag service (`deps.flags`; decision 191),
 * whose default implementation is the environment (`FEATURE_FLAGS`). An unknown name is off.
 */
export function featureRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/v1/features/check-flag', async (c) => {
    const { feature } = parseOrFail(CheckFlagRequestSchema, await readJsonBody(c), 'The flag request is invalid.');
    return ok(c, { feature, enabled: deps.flags.isEnabled(feature) });
  });

  routes.post('/v1/features/check-flags', async (c) => {
    const { features } = parseOrFail(CheckFlagsRequestSchema, await readJsonBody(c), 'The flags request is invalid.');
    return ok(c, { flags: Object.fromEntries(features.map((feature) => [feature, deps.flags.isEnabled(feature)])) });
  });

  routes.get('/v1/features/check-all-flags', (c) => ok(c, { flags: deps.flags.all() }));

  return routes;
}
