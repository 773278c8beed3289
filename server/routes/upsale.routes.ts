import { Hono, type Context } from 'hono';
import { CreateApplicationRequestSchema } from '../../core/wire/process.schema';
import { CurrentAccountRequestSchema } from '../../core/wire/pricing.schema';
import { createCurrentAccountApplication, createUpsaleApplication } from '../applications/application-process.service';
import { requireCaptcha } from '../captcha/verify-captcha';
import type { AppDeps, AppEnv, Owner } from '../http/app-env';
import { ok } from '../http/envelope';
import { readJsonBody } from '../http/json-body';
import { parseOrFail } from '../http/validation';
import { enforceClientLimit, enforceOwnerLimit } from '../rate-limit/limits';
import { ownerOf, requireOwner } from '../sessions/principal.middleware';
import { loyaltySegmentOf } from '../upsale/loyalty-segment';
import { callerOf } from './application-process.routes';

/**
 * Limits first, then the body; the session is created only once the request is accepted (as the
 * create call does, issue 9). These creations are counted as creates.
 */
async function creationOwner(deps: AppDeps, c: Context<AppEnv>): Promise<{ existing: Owner | undefined; ownerFor: () => Promise<Owner> }> {
  await enforceClientLimit(deps, c, 'create');
  const existing = ownerOf(c);
  await enforceOwnerLimit(deps, c, existing, 'create');
  const ownerFor = async () => {
    const owner = await requireOwner(deps, c);
    if (!existing) await enforceOwnerLimit(deps, c, owner, 'create');
    return owner;
  };
  return { existing, ownerFor };
}

/** Section 7: the entrances that create an application besides the first step (section 2: `/start`, `/current-account`, `/choose-product`). */
export function upsaleRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // Issue 21 (decision 169): these create applications from a browser as create does, so a captcha is asked here too.
  routes.post('/v1/application-process/upsale', async (c) => {
    const { existing, ownerFor } = await creationOwner(deps, c);
    const request = parseOrFail(CreateApplicationRequestSchema, await readJsonBody(c), 'The upsale request is invalid.');
    await requireCaptcha(deps, c);
    return ok(c, await createUpsaleApplication(deps, request, ownerFor, existing ?? null, callerOf(c)), 201);
  });

  routes.get('/v1/application-process/upsale/loyalty-segment', async (c) => {
    return ok(c, { segment: await loyaltySegmentOf(deps, ownerOf(c)) });
  });

  routes.post('/current-account', async (c) => {
    const { ownerFor } = await creationOwner(deps, c);
    const request = parseOrFail(CurrentAccountRequestSchema, await readJsonBody(c), 'The current account request is invalid.');
    await requireCaptcha(deps, c);
    const tracking = request.metaData?.tracking;
    const created = await createCurrentAccountApplication(
      deps,
      { campaignCode: request.campaignCode, channel: request.channel, ...(tracking ? { tracking } : {}) },
      ownerFor,
      callerOf(c),
    );
    return ok(c, created, 201);
  });

  return routes;
}
