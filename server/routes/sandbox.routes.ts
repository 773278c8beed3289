import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok, readJsonBody } from '../http/envelope';
import { parseOrFail } from '../http/validation';
import { signEmbedToken } from '../sessions/bearer-token';
import { addSandboxControl } from '../sandbox/sandbox-repository';
import { SeedApplicationSchema, seedApplication } from '../sandbox/seed-application';

const NextTaskSchema = v.object({ taskDefinitionKey: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) });
const MethodSchema = v.optional(v.picklist(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']));
const FailNextSchema = v.object({
  path: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(500))),
  method: MethodSchema,
  status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
});
const DelayNextSchema = v.object({
  path: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(500))),
  method: MethodSchema,
  ms: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(120_000)),
});
const TokenRequestSchema = v.object({
  sub: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(256))),
  userGroups: v.optional(v.array(v.string()), []),
  ttlSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(86_400)), 900),
});

/**
 * Test mode only (mounted only when SOLIS_MODE=test): controls for browser tests, stored per
 * owner in the database so they reach whichever API process serves the next call.
 */
export function sandboxRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/sandbox/next-task', async (c) => {
    const { taskDefinitionKey } = parseOrFail(NextTaskSchema, await readJsonBody(c), 'The control is invalid.');
    await addSandboxControl(deps.db, c.get('principal').owner, { kind: 'next-task', taskDefinitionKey }, deps.clock());
    return ok(c, { accepted: true });
  });

  routes.post('/sandbox/fail-next', async (c) => {
    const { path, method, status } = parseOrFail(FailNextSchema, await readJsonBody(c), 'The control is invalid.');
    const control = { kind: 'fail-next', path: path ?? null, method: method ?? null, status } as const;
    await addSandboxControl(deps.db, c.get('principal').owner, control, deps.clock());
    return ok(c, { accepted: true });
  });

  routes.post('/sandbox/delay-next', async (c) => {
    const { path, method, ms } = parseOrFail(DelayNextSchema, await readJsonBody(c), 'The control is invalid.');
    const control = { kind: 'delay-next', path: path ?? null, method: method ?? null, ms } as const;
    await addSandboxControl(deps.db, c.get('principal').owner, control, deps.clock());
    return ok(c, { accepted: true });
  });

  // An application already at any task, with given data (issue 8): browser tests start at the step they test.
  routes.post('/sandbox/applications', async (c) => {
    const request = parseOrFail(SeedApplicationSchema, await readJsonBody(c), 'The seed request is invalid.');
    return ok(c, await seedApplication(deps, c.get('principal').owner, request), 201);
  });

  // An embedded-mode bearer token, as a parent page would pass one in (section 6).
  routes.post('/sandbox/token', async (c) => {
    const request = parseOrFail(TokenRequestSchema, await readJsonBody(c), 'The token request is invalid.');
    const exp = Math.floor(deps.clock().getTime() / 1000) + request.ttlSeconds;
    const sub = request.sub ?? `sandbox-${crypto.randomUUID()}`;
    const token = signEmbedToken({ sub, userGroups: request.userGroups, exp }, deps.config.embedTokenSecret);
    return ok(c, { token, sub, expiresAt: new Date(exp * 1000).toISOString() });
  });

  return routes;
}
