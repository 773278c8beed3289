import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { readJsonBody } from '../http/json-body';
import { parseOrFail } from '../http/validation';
import { requireOwner } from '../sessions/principal.middleware';
import { EsignatureSettingSchema, MobileIdSettingSchema, PaymentSettingSchema, SmartIdSettingSchema, setSandboxSigning } from '../signing/sandbox-signing-settings';
import { contractsInfoOf, ownedApplication } from '../signing/signing.service';

/**
 * Test mode only: the sandbox signing controls (issue 12; docs/decisions/139): what the e-signature,
 * Smart-ID, Mobile-ID and bank payment providers answer for this session's applications, and the
 * signed contracts of an application (contractsInfo) to check. The e-signature and bank payment
 * providers are simulators with their own pages since decision 168; their setting is the answer
 * the simulator's page opens with.
 */
export function sandboxSigningControlRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/sandbox/signing/esignature', async (c) => {
    const setting = parseOrFail(EsignatureSettingSchema, await readJsonBody(c), 'The control is invalid.');
    await setSandboxSigning(deps.db, await requireOwner(deps, c), 'esignature', setting, deps.clock());
    return ok(c, { accepted: true });
  });
  routes.post('/sandbox/signing/smart-id', async (c) => {
    const setting = parseOrFail(SmartIdSettingSchema, await readJsonBody(c), 'The control is invalid.');
    await setSandboxSigning(deps.db, await requireOwner(deps, c), 'smart-id', setting, deps.clock());
    return ok(c, { accepted: true });
  });
  routes.post('/sandbox/signing/mobile-id', async (c) => {
    const setting = parseOrFail(MobileIdSettingSchema, await readJsonBody(c), 'The control is invalid.');
    await setSandboxSigning(deps.db, await requireOwner(deps, c), 'mobile-id', setting, deps.clock());
    return ok(c, { accepted: true });
  });
  routes.post('/sandbox/signing/payment', async (c) => {
    const setting = parseOrFail(PaymentSettingSchema, await readJsonBody(c), 'The control is invalid.');
    await setSandboxSigning(deps.db, await requireOwner(deps, c), 'payment', setting, deps.clock());
    return ok(c, { accepted: true });
  });
  routes.get('/sandbox/signing/:externalId/contracts-info', async (c) => {
    const application = await ownedApplication(deps.db, await requireOwner(deps, c), c.req.param('externalId'));
    return ok(c, { contractsInfo: await contractsInfoOf(deps.db, application.id) });
  });
  return routes;
}
