import { randomBytes, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { escapeHtml, outcomeForm, simulatorPage, type OpenRequest, type Simulator, type SimulatorContext } from '../simulator-host';
import { idvSignature, idvSignatureMatches, type IdvDecisionStatus } from './idv.adapter';

/**
 * The identity-verification provider's simulator (issue 21; docs/decisions/171): the protocol of
 * `idv.adapter.ts` on loopback, the way a hosted service (Veriff and the like) speaks it.
 * - `POST /idv/v1/sessions`, `GET /idv/v1/sessions/{id}/decision`: the API, with its key and signatures;
 * - `GET /idv/v/{token}`: the person's page (approve, decline, ask to resubmit, leave, a technical
 *   error, or send to manual review); the choice is the decision, posted to the session's webhook URL
 *   signed with the shared secret, and the browser goes back to the session's callback;
 * - `POST /idv/control/webhooks` `{ mode: 'deliver' | 'delay' | 'drop', delayMs? }`: deliver the
 *   next decisions at once (the default), late, or never, so the API's polling is exercised;
 *   `GET /idv/control/webhooks`: what was delivered and how the API answered.
 * A session sent to manual review waits (its decision is null) until someone decides it on the same
 * page, found on the simulators' index.
 */
export const IDV_SIMULATOR_NAME = 'idv';

interface SimulatedVerification {
  id: string;
  status: IdvDecisionStatus;
  code: number;
  reason: string | null;
  reasonCode: number | null;
  vendorData: string | null;
  person: { firstName: string | null; lastName: string | null; idNumber: string | null };
  decisionTime: string;
  acceptanceTime: string;
}

interface SimulatedSession {
  id: string;
  token: string;
  callback: string;
  webhookUrl: string | null;
  vendorData: string | null;
  person: { firstName: string | null; lastName: string | null; idNumber: string | null };
  createdAt: string;
  /** created: waiting for the person; submitted: in manual review; decided: done. */
  state: 'created' | 'submitted' | 'decided';
  verification: SimulatedVerification | null;
}

export interface WebhookDelivery {
  sessionId: string;
  status: IdvDecisionStatus;
  /** delivered (the API answered 2xx), refused (another status), failed (no answer), dropped (the control), pending. */
  outcome: 'pending' | 'delivered' | 'refused' | 'failed' | 'dropped';
  httpStatus: number | null;
}

const OptionalText = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200))));
const HttpUrl = v.pipe(v.string(), v.maxLength(2000), v.url(), v.check((url) => /^https?:\/\//i.test(url)));
const CreateSchema = v.object({
  verification: v.object({
    callback: HttpUrl,
    person: v.optional(v.object({ firstName: OptionalText, lastName: OptionalText, idNumber: OptionalText })),
    vendorData: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000)))),
    webhookUrl: v.optional(HttpUrl),
  }),
});
const WebhookControlSchema = v.object({
  mode: v.picklist(['deliver', 'delay', 'drop']),
  delayMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000)), 5_000),
});

/** The person's choices on the page, and the decision each one is. */
const OUTCOMES = {
  approve: { label: 'Approve', status: 'approved', code: 9001, reason: null, reasonCode: null },
  decline: { label: 'Decline', status: 'declined', code: 9102, reason: 'Physical document not used', reasonCode: 102 },
  resubmit: { label: 'Ask to resubmit', status: 'resubmission_requested', code: 9103, reason: 'Document and face image quality too low', reasonCode: 201 },
  abandon: { label: 'Leave without finishing', status: 'abandoned', code: 9121, reason: null, reasonCode: null },
  error: { label: 'Technical error', status: 'expired', code: 9104, reason: 'The session ended on a technical error', reasonCode: null },
} as const satisfies Record<string, { label: string; status: IdvDecisionStatus; code: number; reason: string | null; reasonCode: number | null }>;
type Outcome = keyof typeof OUTCOMES | 'review';

const refusal = (c: Context, status: 400 | 401 | 404, code: number, message: string) => c.json({ status: 'fail', code, message }, status);

export function createIdvSimulator(context: SimulatorContext, integration: { apiKey: string; webhookSecret: string }): Simulator {
  const sessions = new Map<string, SimulatedSession>();
  const byToken = new Map<string, string>();
  let webhooks: v.InferOutput<typeof WebhookControlSchema> = { mode: 'deliver', delayMs: 0 };
  let deliveries: WebhookDelivery[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const base = () => context.base(IDV_SIMULATOR_NAME);
  const pageOf = (session: SimulatedSession) => `${base()}/v/${session.token}`;

  const authorised = (c: Context) => c.req.header('x-auth-client') === integration.apiKey;

  async function deliver(session: SimulatedSession, delivery: WebhookDelivery): Promise<void> {
    if (!session.webhookUrl || !session.verification) return;
    // Signed as it is sent: the timestamp says when.
    const body = JSON.stringify({ status: 'success', timestamp: new Date().toISOString(), verification: session.verification, technicalData: { ip: null } });
    try {
      const response = await fetch(session.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-client': integration.apiKey, 'x-hmac-signature': idvSignature(integration.webhookSecret, body) },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(5_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.httpStatus = response.status;
      delivery.outcome = response.ok ? 'delivered' : 'refused';
    } catch {
      delivery.outcome = 'failed';
    }
  }

  function decide(session: SimulatedSession, outcome: keyof typeof OUTCOMES): void {
    const chosen = OUTCOMES[outcome];
    const now = new Date().toISOString();
    session.state = 'decided';
    session.verification = {
      id: session.id,
      status: chosen.status,
      code: chosen.code,
      reason: chosen.reason,
      reasonCode: chosen.reasonCode,
      vendorData: session.vendorData,
      // The simulator reads the document of the person it was told about.
      person: session.person,
      decisionTime: now,
      acceptanceTime: session.createdAt,
    };
    const delivery: WebhookDelivery = { sessionId: session.id, status: chosen.status, outcome: 'pending', httpStatus: null };
    deliveries.push(delivery);
    if (webhooks.mode === 'drop' || !session.webhookUrl) {
      delivery.outcome = 'dropped';
      return;
    }
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        void deliver(session, delivery);
      },
      webhooks.mode === 'delay' ? webhooks.delayMs : 0,
    );
    timer.unref?.();
    timers.add(timer);
  }

  const routes = new Hono();

  routes.post('/v1/sessions', async (c) => {
    if (!authorised(c)) return refusal(c, 401, 1801, 'Mandatory X-AUTH-CLIENT header containing the API key is missing from the request.');
    const parsed = v.safeParse(CreateSchema, await c.req.json().catch(() => null));
    if (!parsed.success) return refusal(c, 400, 1102, 'Mandatory parameters are missing from the request.');
    const { verification } = parsed.output;
    const session: SimulatedSession = {
      id: randomUUID(),
      token: randomBytes(24).toString('base64url'),
      callback: verification.callback,
      webhookUrl: verification.webhookUrl ?? null,
      vendorData: verification.vendorData ?? null,
      person: { firstName: verification.person?.firstName ?? null, lastName: verification.person?.lastName ?? null, idNumber: verification.person?.idNumber ?? null },
      createdAt: new Date().toISOString(),
      state: 'created',
      verification: null,
    };
    sessions.set(session.id, session);
    byToken.set(session.token, session.id);
    return c.json(
      { status: 'success', verification: { id: session.id, url: pageOf(session), vendorData: session.vendorData, host: base(), status: 'created', sessionToken: session.token } },
      201,
    );
  });

  routes.get('/v1/sessions/:id/decision', (c) => {
    const id = c.req.param('id');
    if (!authorised(c) || !idvSignatureMatches(integration.webhookSecret, id, c.req.header('x-hmac-signature'))) {
      return refusal(c, 401, 1812, 'Signature is not valid.');
    }
    const session = sessions.get(id);
    if (!session) return refusal(c, 404, 1404, 'Session not found.');
    return c.json({ status: 'success', verification: session.verification, technicalData: { ip: null } });
  });

  const sessionOfToken = (token: string) => {
    const id = byToken.get(token);
    return id === undefined ? undefined : sessions.get(id);
  };
  const notFoundPage = () => simulatorPage('Verification not found', '<p>This verification link is unknown or has expired.</p>', { status: 404 });

  routes.get('/v/:token', (c) => {
    const session = sessionOfToken(c.req.param('token'));
    if (!session) return notFoundPage();
    if (session.state === 'decided') return simulatorPage('Verification finished', '<p>This verification has ended. You may close this page.</p>');
    const name = [session.person.firstName, session.person.lastName].filter(Boolean).join(' ');
    const choices: { value: Outcome; label: string }[] = (Object.keys(OUTCOMES) as (keyof typeof OUTCOMES)[]).map((value) => ({ value, label: OUTCOMES[value].label }));
    if (session.state === 'created') choices.push({ value: 'review', label: 'Send to manual review' });
    const intro =
      session.state === 'submitted'
        ? '<p>This verification waits for a reviewer. Choose the decision; it is sent to the bank.</p>'
        : `<p>This is a simulated identity verification: no document or face is checked. Choose how it ends${name ? ` for <strong>${escapeHtml(name)}</strong>` : ''}.</p>`;
    return simulatorPage(session.state === 'submitted' ? 'Review the identity verification' : 'Verify your identity', `${intro}${outcomeForm(`${base()}/v/${session.token}`, {}, choices)}`);
  });

  routes.post('/v/:token', async (c) => {
    const session = sessionOfToken(c.req.param('token'));
    // A form posted from another site is not the person's choice.
    const origin = c.req.header('origin');
    if (!session || session.state === 'decided' || (origin !== undefined && origin !== context.origin())) return notFoundPage();
    const form = await c.req.parseBody();
    const outcome = form['outcome'];
    if (outcome === 'review' && session.state === 'created') {
      session.state = 'submitted';
      return c.redirect(session.callback, 303);
    }
    if (typeof outcome !== 'string' || !Object.hasOwn(OUTCOMES, outcome)) return notFoundPage();
    const reviewed = session.state === 'submitted';
    decide(session, outcome as keyof typeof OUTCOMES);
    // A reviewer's decision reaches the bank by the webhook only: the person is not on this page.
    if (reviewed) return simulatorPage('Decision sent', '<p>The decision was sent to the bank.</p>');
    return c.redirect(session.callback, 303);
  });

  routes.post('/control/webhooks', async (c) => {
    const parsed = v.safeParse(WebhookControlSchema, await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid webhook control' }, 400);
    webhooks = parsed.output;
    return c.json({ accepted: true });
  });

  routes.get('/control/webhooks', (c) => c.json({ mode: webhooks.mode, deliveries }));

  return {
    name: IDV_SIMULATOR_NAME,
    title: 'Identity verification (hosted sessions, Veriff-style API v1)',
    routes,
    open(): OpenRequest[] {
      return [...sessions.values()]
        .filter((session) => session.state !== 'decided')
        .map((session) => ({
          text: session.state === 'submitted' ? `Verification ${session.id.slice(0, 8)} waits for a reviewer` : `Verification ${session.id.slice(0, 8)} waits for the person`,
          href: pageOf(session),
        }));
    },
    reset() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      sessions.clear();
      byToken.clear();
      deliveries = [];
      webhooks = { mode: 'deliver', delayMs: 0 };
    },
  };
}
