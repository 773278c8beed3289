import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { DIGITAL_SIGNING_RESULTS, PAYMENT_BANKS } from '../../core/domain/signing';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { readJsonBody } from '../http/json-body';
import { parseOrFail } from '../http/validation';
import { requireOwner } from '../sessions/principal.middleware';
import { EsignatureSettingSchema, MobileIdSettingSchema, PaymentSettingSchema, SmartIdSettingSchema, sandboxSigningOf, setSandboxSigning } from '../signing/sandbox-signing-settings';
import { BANK_PAYMENT_PROVIDER_PATH, ESIGN_PROVIDER_PATH, answerTransaction, contractsInfoOf, ownedApplication, pendingTransaction } from '../signing/signing.service';
import { redirectContextOf } from './signing.routes';
import { GONE_PAGE_HTML, providerPageHtml } from '../signing/provider-pages';

function gone(c: Context<AppEnv>) {
  c.header('cache-control', 'no-store');
  return c.html(GONE_PAGE_HTML, 404);
}


/**
 * Test mode only: the sandbox signing providers (issue 12; docs/decisions/139).
 * - Controls (under /api): what the e-signature, Smart-ID, Mobile-ID and bank payment providers answer for this
 *   session's applications, and the signed contracts of an application (contractsInfo) to check.
 * - Pages (on this origin, outside /api, on the redirect allowlist): the e-signature provider and the
 *   bank payment provider, where the test (or a person trying the sandbox) chooses the outcome; the
 *   page then sends the browser back to the return address the transaction holds, checked again.
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

const FormSchema = v.object({ transaction: v.pipe(v.string(), v.maxLength(100)), outcome: v.pipe(v.string(), v.maxLength(64)) });

export function sandboxSigningPages(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const testMode = deps.config.mode === 'test';

  routes.get(ESIGN_PROVIDER_PATH, async (c) => {
    const pending = await pendingTransaction(deps.db, c.req.query('transaction') ?? '', 'esignature');
    if (!pending) return gone(c);
    const { transaction, application } = pending;
    const setting = await sandboxSigningOf(deps.db, testMode, application.id, 'esignature');
    const authenticating = transaction.phase === 'authenticate';
    const chosen = authenticating ? setting.authentication : setting.signing;
    c.header('cache-control', 'no-store');
    return c.html(
      providerPageHtml(
        authenticating ? 'Sandbox eParaksts: authentication' : 'Sandbox eParaksts: signing',
        [
          ['Method', transaction.method],
          ['Contract', transaction.file_service_id],
        ],
        ESIGN_PROVIDER_PATH,
        transaction.id,
        [
          { value: 'SUCCESS', label: authenticating ? 'Authentication succeeds' : 'Signing succeeds' },
          { value: 'FAILED', label: authenticating ? 'Authentication fails' : 'Signing fails' },
        ],
        chosen,
      ),
    );
  });

  routes.get(BANK_PAYMENT_PROVIDER_PATH, async (c) => {
    const pending = await pendingTransaction(deps.db, c.req.query('transaction') ?? '', 'payment');
    if (!pending) return gone(c);
    const { transaction, application } = pending;
    const setting = await sandboxSigningOf(deps.db, testMode, application.id, 'payment');
    const bank = PAYMENT_BANKS.find((item) => item.bic === transaction.selected_bank_bic);
    c.header('cache-control', 'no-store');
    return c.html(
      providerPageHtml(
        'Sandbox bank payment',
        [
          ['Bank', bank ? `${bank.bank} (${bank.bic})` : (transaction.selected_bank_bic ?? '')],
          ['Payment purpose', transaction.payment_purpose ?? ''],
          ['Contract', transaction.file_service_id],
        ],
        BANK_PAYMENT_PROVIDER_PATH,
        transaction.id,
        DIGITAL_SIGNING_RESULTS.filter((result) => result !== 'RUNNING').map((result) => ({ value: result, label: result })),
        setting.result,
      ),
    );
  });

  const answer = (path: string, provider: 'esignature' | 'payment', outcomes: readonly string[]) =>
    routes.post(path, async (c) => {
      const parsed = v.safeParse(FormSchema, await c.req.parseBody().catch(() => ({})));
      if (!parsed.success || !outcomes.includes(parsed.output.outcome)) return c.text('The answer is invalid.', 400);
      const returnUrl = await answerTransaction(deps, parsed.output.transaction, provider, parsed.output.outcome, redirectContextOf(deps, c));
      if (!returnUrl) return gone(c);
      c.header('cache-control', 'no-store');
      return c.redirect(returnUrl, 303);
    });
  answer(ESIGN_PROVIDER_PATH, 'esignature', ['SUCCESS', 'FAILED']);
  answer(BANK_PAYMENT_PROVIDER_PATH, 'payment', DIGITAL_SIGNING_RESULTS.filter((result) => result !== 'RUNNING'));

  return routes;
}
