/**
 * Remote identification's provider (issue 21; docs/decisions/171-remote-identification-provider.md):
 * - the adapter against recorded answers following Veriff's documented examples, replayed by a tiny
 *   loopback server (session created, every decision, none yet, an unknown session, the signed
 *   decision webhook);
 * - the API against the simulator over real HTTP: the API listens on loopback, so the simulator's
 *   signed webhook reaches it; every decision through the webhook and through polling (the webhook
 *   dropped or late), manual review, a session the provider forgot;
 * - the webhook refused (bad or missing signature, stale timestamp, replay, unknown session, malformed
 *   body, too large) with nothing changed and nothing personal logged;
 * - faults on creating a session and on polling the decision (500, malformed JSON, slow, no answer):
 *   503 PROVIDER_UNAVAILABLE, the application as it was, and the next try works.
 */
import { serve, type ServerType } from '@hono/node-server';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../../core/wire/envelope.schema';
import type { RemoteIdentificationState } from '../../../core/wire/identity.schema';
import type { Logger } from '../../../server/http/logger';
import { createIdvAdapter, section3StatusOf, SECTION_3_STATUS_OF, type IdvDecision } from '../../../server/providers/idv/idv.adapter';
import type { WebhookDelivery } from '../../../server/providers/idv/idv.simulator';
import type { ApiClient } from '../support/api-client';
import { MARI } from '../support/payloads';
import { startTestApp, type TestApp } from '../support/test-app';

type Data<T> = { data: T };

// ---------------------------------------------------------------------------------------------
// Recorded answers

interface Recorded {
  request: { method: string; path: string };
  status: number;
  body: unknown;
}
const recorded = <T = Recorded>(name: string): T => JSON.parse(readFileSync(new URL(`./idv/recorded/${name}.json`, import.meta.url), 'utf8')) as T;

interface Heard {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A loopback server answering each `METHOD path` with its recorded answer, hearing every request. */
async function replay(answers: readonly Recorded[]): Promise<{ base: string; heard: Heard[]; close(): Promise<void> }> {
  const heard: Heard[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      heard.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      const answer = answers.find((item) => item.request.method === request.method && item.request.path === request.url);
      response.writeHead(answer?.status ?? 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer?.body ?? { error: 'not recorded' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    heard,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const RECORDED_SESSION = 'f04bdb47-d3be-4b28-b028-a652feb060b5';
const RECORDED_SECRET = '9b1e6d4f-7a3c-4e2b-8f5d-0c6a1b9e3d27';

describe('the adapter against recorded answers (Veriff\'s documented examples)', () => {
  it('creates a session: the key in X-AUTH-CLIENT, the person in the body only, the page in their language', async () => {
    const provider = await replay([recorded('session-created')]);
    try {
      const adapter = createIdvAdapter({ baseUrl: provider.base, apiKey: 'the-key', secret: RECORDED_SECRET, timeoutMs: 2_000 });
      const session = await adapter.createSession({
        reference: 'opaque-ref',
        person: { firstName: 'Mari', lastName: 'Maasikas', idNumber: '49403136515' },
        returnUrl: 'https://bank.example/?externalId=x&action=complete-remote-identification',
        webhookUrl: 'https://bank.example/api/v1/identity-verification/webhook',
        language: 'et',
      });
      expect(session.id).toBe(RECORDED_SESSION);
      expect(new URL(session.url).origin).toBe('https://alchemy.veriff.com');
      expect(new URL(session.url).searchParams.get('lang')).toBe('et');
      const [request] = provider.heard;
      expect(request).toMatchObject({ method: 'POST', path: '/v1/sessions' });
      expect(request!.headers['x-auth-client']).toBe('the-key');
      expect(request!.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request!.body)).toEqual({
        verification: {
          callback: 'https://bank.example/?externalId=x&action=complete-remote-identification',
          person: { firstName: 'Mari', lastName: 'Maasikas', idNumber: '49403136515' },
          vendorData: 'opaque-ref',
          webhookUrl: 'https://bank.example/api/v1/identity-verification/webhook',
        },
      });
      expect(request!.path).not.toContain('49403136515');
      expect(adapter.pageOrigin).toBe(new URL(provider.base).origin);
      expect(createIdvAdapter({ baseUrl: provider.base, apiKey: 'k', secret: RECORDED_SECRET, timeoutMs: 2_000, pageOrigin: 'https://alchemy.veriff.com' }).pageOrigin).toBe(
        'https://alchemy.veriff.com',
      );
    } finally {
      await provider.close();
    }
  });

  it.each([
    ['decision-approved', 'approved', 'COMPLETED_OK'],
    ['decision-declined', 'declined', 'COMPLETED_FAILURE'],
    ['decision-resubmission-requested', 'resubmission_requested', 'COMPLETED_FAILURE'],
    ['decision-expired', 'expired', 'TECHNICAL_ERROR'],
    ['decision-abandoned', 'abandoned', 'NO_STATUS'],
    ['decision-pending', null, 'RUNNING'],
  ] as const)('polls %s, signing the session id, and maps it to section 3', async (name, status, section3) => {
    const provider = await replay([recorded(name)]);
    try {
      const adapter = createIdvAdapter({ baseUrl: provider.base, apiKey: 'the-key', secret: RECORDED_SECRET, timeoutMs: 2_000 });
      const decision = await adapter.decision(RECORDED_SESSION);
      expect(decision === null ? null : (decision as IdvDecision).status).toBe(status);
      expect(section3StatusOf(decision as IdvDecision | null)).toBe(section3);
      if (decision) expect(decision).toMatchObject({ sessionId: RECORDED_SESSION, reference: 'a3bd5c1e-1f0e-4a2b-9d53-7f2f1c0c9e11', idNumber: null });
      expect(provider.heard[0]!.headers['x-auth-client']).toBe('the-key');
      expect(provider.heard[0]!.headers['x-hmac-signature']).toBe(createHmac('sha256', RECORDED_SECRET).update(RECORDED_SESSION).digest('hex'));
    } finally {
      await provider.close();
    }
  });

  it('reads a 404 as a session the provider does not know', async () => {
    const provider = await replay([recorded('session-not-found')]);
    try {
      expect(await createIdvAdapter({ baseUrl: provider.base, apiKey: 'k', secret: RECORDED_SECRET, timeoutMs: 2_000 }).decision(RECORDED_SESSION)).toBe('unknown');
    } finally {
      await provider.close();
    }
  });

  it('reads a 404 that is not the provider\'s refusal (a wrong IDV_URL) as a fault, not as an unknown session', async () => {
    const provider = await replay([{ request: { method: 'GET', path: '/elsewhere' }, status: 200, body: {} }]);
    try {
      await expect(createIdvAdapter({ baseUrl: provider.base, apiKey: 'k', secret: RECORDED_SECRET, timeoutMs: 2_000 }).decision(RECORDED_SESSION)).rejects.toMatchObject({
        name: 'ProviderError',
        fault: 'malformed',
        status: 404,
      });
    } finally {
      await provider.close();
    }
  });

  it('maps every decision status it knows, and reads one it does not as a technical error', () => {
    expect(SECTION_3_STATUS_OF).toEqual({
      approved: 'COMPLETED_OK',
      declined: 'COMPLETED_FAILURE',
      resubmission_requested: 'COMPLETED_FAILURE',
      expired: 'TECHNICAL_ERROR',
      abandoned: 'NO_STATUS',
      review: 'RUNNING',
      submitted: 'RUNNING',
    });
    expect(section3StatusOf({ sessionId: 's', status: 'something_new', reference: null, idNumber: null })).toBe('TECHNICAL_ERROR');
  });

  it('accepts the recorded signed webhook, and refuses it altered, under another secret or stale', () => {
    const hook = recorded<{ secret: string; headers: Record<string, string>; rawBody: string; signedAt: string }>('webhook-approved');
    const adapter = createIdvAdapter({ baseUrl: 'https://idv.example', apiKey: 'k', secret: hook.secret, timeoutMs: 2_000 });
    const soon = new Date(Date.parse(hook.signedAt) + 60_000);
    const verdict = adapter.verifyWebhook(hook.rawBody, hook.headers['x-hmac-signature'], soon);
    expect(verdict).toMatchObject({ ok: true, decision: { sessionId: RECORDED_SESSION, status: 'approved', reference: 'a3bd5c1e-1f0e-4a2b-9d53-7f2f1c0c9e11' } });
    expect(adapter.verifyWebhook(hook.rawBody.replace('"approved"', '"declined"'), hook.headers['x-hmac-signature'], soon)).toEqual({ ok: false, reason: 'signature' });
    expect(adapter.verifyWebhook(`${hook.rawBody} `, hook.headers['x-hmac-signature'], soon)).toEqual({ ok: false, reason: 'signature' });
    expect(adapter.verifyWebhook(hook.rawBody, undefined, soon)).toEqual({ ok: false, reason: 'signature' });
    expect(adapter.verifyWebhook(hook.rawBody, 'zz', soon)).toEqual({ ok: false, reason: 'signature' });
    const other = createIdvAdapter({ baseUrl: 'https://idv.example', apiKey: 'k', secret: 'another-secret-of-thirty-two-bytes!!', timeoutMs: 2_000 });
    expect(other.verifyWebhook(hook.rawBody, hook.headers['x-hmac-signature'], soon)).toEqual({ ok: false, reason: 'signature' });
    expect(adapter.verifyWebhook(hook.rawBody, hook.headers['x-hmac-signature'], new Date(Date.parse(hook.signedAt) + 6 * 60_000))).toEqual({ ok: false, reason: 'stale' });
    expect(adapter.verifyWebhook(hook.rawBody, hook.headers['x-hmac-signature'], new Date(Date.parse(hook.signedAt) - 6 * 60_000))).toEqual({ ok: false, reason: 'stale' });
  });
});

// ---------------------------------------------------------------------------------------------
// The API against the simulator, over HTTP

const logged: unknown[] = [];
const recordingLogger: Logger = { request: (entry) => logged.push(entry), error: (entry) => logged.push(entry) };

let t: TestApp;
let server: ServerType;
/** The API's origin on loopback: the webhook URL the provider is given is on it. */
let origin: string;
let simulator: string;

beforeAll(async () => {
  t = await startTestApp({ FEATURE_FLAGS: 'remoteIdentification', IDV_TIMEOUT_MS: '600' }, recordingLogger);
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  simulator = t.simulators.origin;
});
afterEach(async () => {
  await fetch(`${simulator}/control/reset`, { method: 'POST' });
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.database.dispose();
});

const statusOf = async (browser: ApiClient, externalId: string) => browser.get<Data<RemoteIdentificationState> & ApiErrorBody>(`${origin}/api/v1/identity/${externalId}/status`);
const start = (browser: ApiClient, externalId: string) => browser.post<Data<{ redirectUrl: string }> & ApiErrorBody>(`${origin}/api/v1/identity/${externalId}`, { languageCode: 'est' });

/** A current-account application of a new browser at IdentifyCustomer (the bank asks for remote identification). */
async function applicant(): Promise<{ browser: ApiClient; externalId: string }> {
  const browser = t.client({ origin });
  const reply = await browser.post<Data<{ externalId: string }>>(`${origin}/api/sandbox/applications`, {
    taskDefinitionKey: 'identifyCustomer',
    productName: 'CURRENT_ACCOUNT',
    previousTasks: ['createApplicationStep'],
    application: { personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { firstName: MARI.firstName, surname: MARI.surname } }] },
  });
  if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
  return { browser, externalId: reply.body.data.externalId };
}

/** The application's remote identification row, as stored. */
async function rowOf(externalId: string) {
  const rows = await t.database.db.query<{ status: string; provider_status: string | null; provider_session_id: string | null }>(
    `select r.status, r.provider_status, r.provider_session_id from remote_identifications r join applications a on a.id = r.application_id where a.external_id = $1`,
    [externalId],
  );
  return rows[0];
}

type Choice = 'approve' | 'decline' | 'resubmit' | 'abandon' | 'error' | 'review';

/** The person (or a reviewer) on the provider's page: opens it, chooses; answers the reply. */
async function choose(pageUrl: string, outcome: Choice): Promise<Response> {
  const page = await fetch(pageUrl, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<html lang="en">');
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form on the provider page');
  return fetch(action, {
    method: 'POST',
    headers: { origin: simulator, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
    redirect: 'manual',
  });
}

const control = (body: unknown) =>
  fetch(`${simulator}/idv/control/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((reply) => expect(reply.status).toBe(200));
const fault = (body: Record<string, unknown>) =>
  fetch(`${simulator}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ simulator: 'idv', ...body }) }).then((reply) =>
    expect(reply.status).toBe(200),
  );

async function deliveries(): Promise<WebhookDelivery[]> {
  return ((await (await fetch(`${simulator}/idv/control/webhooks`)).json()) as { deliveries: WebhookDelivery[] }).deliveries;
}

/** Waits until the simulator has tried to deliver every decision. */
async function settledDeliveries(count = 1): Promise<WebhookDelivery[]> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const list = await deliveries();
    if (list.length >= count && list.every((item) => item.outcome !== 'pending')) return list;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the webhook was not delivered: ${JSON.stringify(await deliveries())}`);
}

const OUTCOMES = [
  ['approve', 'approved', 'COMPLETED_OK'],
  ['decline', 'declined', 'COMPLETED_FAILURE'],
  ['resubmit', 'resubmission_requested', 'COMPLETED_FAILURE'],
  ['abandon', 'abandoned', 'NO_STATUS'],
  ['error', 'expired', 'TECHNICAL_ERROR'],
] as const;

describe('the API and the simulator: every decision', () => {
  it.each(OUTCOMES)('%s reaches the API by the signed webhook (%s: %s)', async (outcome, providerStatus, status) => {
    const { browser, externalId } = await applicant();
    const started = await start(browser, externalId);
    expect(started.status).toBe(200);
    const back = await choose(started.body.data.redirectUrl, outcome);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${origin}/?externalId=${externalId}&lang=et&action=complete-remote-identification`);
    expect(await settledDeliveries()).toEqual([{ sessionId: (await rowOf(externalId))!.provider_session_id, status: providerStatus, outcome: 'delivered', httpStatus: 200 }]);
    expect(await rowOf(externalId)).toMatchObject({ status, provider_status: providerStatus });
    // The provider cannot be asked now: the answer is what the webhook recorded.
    await fault({ fault: 'status', status: 500, path: '/decision', times: 5 });
    const state = await statusOf(browser, externalId);
    expect(state.status).toBe(200);
    expect(state.body.data).toEqual({ status, enabled: true, identified: status === 'COMPLETED_OK', available: true });
  });

  it.each(OUTCOMES)('%s reaches the API by polling when the webhook is lost (%s: %s)', async (outcome, providerStatus, status) => {
    await control({ mode: 'drop' });
    const { browser, externalId } = await applicant();
    const started = await start(browser, externalId);
    expect((await choose(started.body.data.redirectUrl, outcome)).status).toBe(303);
    expect(await settledDeliveries()).toMatchObject([{ status: providerStatus, outcome: 'dropped' }]);
    expect(await rowOf(externalId)).toMatchObject({ status: 'RUNNING', provider_status: null });
    expect((await statusOf(browser, externalId)).body.data).toEqual({ status, enabled: true, identified: status === 'COMPLETED_OK', available: true });
    expect(await rowOf(externalId)).toMatchObject({ status, provider_status: providerStatus });
  });

  it('a webhook later than the polling changes nothing, and the provider hears it was received', async () => {
    await control({ mode: 'delay', delayMs: 400 });
    const { browser, externalId } = await applicant();
    const started = await start(browser, externalId);
    await choose(started.body.data.redirectUrl, 'approve');
    expect((await statusOf(browser, externalId)).body.data.status).toBe('COMPLETED_OK');
    expect(await deliveries()).toMatchObject([{ outcome: 'pending' }]);
    expect(await settledDeliveries()).toMatchObject([{ status: 'approved', outcome: 'delivered', httpStatus: 200 }]);
    expect((await statusOf(browser, externalId)).body.data).toEqual({ status: 'COMPLETED_OK', enabled: true, identified: true, available: true });
  });

  it('manual review: RUNNING until a reviewer decides, then the webhook brings the decision', async () => {
    const { browser, externalId } = await applicant();
    const started = await start(browser, externalId);
    const back = await choose(started.body.data.redirectUrl, 'review');
    expect(back.headers.get('location')).toContain('action=complete-remote-identification');
    expect((await statusOf(browser, externalId)).body.data.status).toBe('RUNNING');
    const index = await (await fetch(`${simulator}/`)).text();
    expect(index).toContain('waits for a reviewer');
    const reviewed = await choose(started.body.data.redirectUrl, 'decline');
    expect(reviewed.status).toBe(200);
    expect(await reviewed.text()).toContain('The decision was sent to the bank.');
    await settledDeliveries();
    expect(await rowOf(externalId)).toMatchObject({ status: 'COMPLETED_FAILURE', provider_status: 'declined' });
  });

  it('a session the provider does not know any more is a technical error; starting again works', async () => {
    const { browser, externalId } = await applicant();
    expect((await start(browser, externalId)).status).toBe(200);
    await fetch(`${simulator}/control/reset`, { method: 'POST' });
    expect((await statusOf(browser, externalId)).body.data.status).toBe('TECHNICAL_ERROR');
    const again = await start(browser, externalId);
    expect(again.status).toBe(200);
    expect((await statusOf(browser, externalId)).body.data.status).toBe('RUNNING');
  });

  it('the provider\'s page refuses a form from another site and a link it does not know', async () => {
    const { browser, externalId } = await applicant();
    const started = await start(browser, externalId);
    const page = await fetch(started.body.data.redirectUrl);
    const action = /<form method="post" action="([^"]+)"/.exec(await page.text())![1]!;
    const forged = await fetch(action, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=approve', redirect: 'manual' });
    expect(forged.status).toBe(404);
    expect((await fetch(`${simulator}/idv/v/unknown-token`)).status).toBe(404);
    expect((await statusOf(browser, externalId)).body.data.status).toBe('RUNNING');
  });
});

// ---------------------------------------------------------------------------------------------
// The webhook refused

const WEBHOOK = () => `${origin}/api/v1/identity-verification/webhook`;

function signedBody(fields: { sessionId: string; status: string; timestamp?: Date; vendorData?: string | null; idNumber?: string | null }) {
  const body = JSON.stringify({
    status: 'success',
    timestamp: (fields.timestamp ?? new Date()).toISOString(),
    verification: {
      id: fields.sessionId,
      status: fields.status,
      code: null,
      vendorData: fields.vendorData ?? null,
      person: { firstName: null, lastName: null, idNumber: fields.idNumber ?? null },
    },
  });
  return { body, signature: createHmac('sha256', t.config.providers.idv.webhookSecret).update(body).digest('hex') };
}

const post = (body: string, signature: string | undefined) =>
  fetch(WEBHOOK(), { method: 'POST', headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-hmac-signature': signature }) }, body });

/** A RUNNING identification whose provider's webhook is dropped: only what the test posts reaches the API. */
async function running(): Promise<{ browser: ApiClient; externalId: string; sessionId: string }> {
  await control({ mode: 'drop' });
  const { browser, externalId } = await applicant();
  expect((await start(browser, externalId)).status).toBe(200);
  return { browser, externalId, sessionId: (await rowOf(externalId))!.provider_session_id! };
}

describe('the webhook refused: nothing changes', () => {
  it('a bad, missing or foreign signature is 401', async () => {
    const { externalId, sessionId } = await running();
    const { body, signature } = signedBody({ sessionId, status: 'approved' });
    const foreign = createHmac('sha256', 'another secret that is long enough!!').update(body).digest('hex');
    for (const presented of [undefined, '', 'not-hex', foreign, signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))]) {
      const reply = await post(body, presented);
      expect(reply.status, String(presented)).toBe(401);
      expect(((await reply.json()) as ApiErrorBody).error.code).toBe('UNAUTHORIZED');
    }
    // Signed, then altered.
    expect((await post(body.replace('"approved"', '"declined"'), signature)).status).toBe(401);
    expect(await rowOf(externalId)).toMatchObject({ status: 'RUNNING', provider_status: null });
  });

  it('a stale or future timestamp is 401', async () => {
    const { externalId, sessionId } = await running();
    for (const offset of [-6 * 60_000, 6 * 60_000]) {
      const { body, signature } = signedBody({ sessionId, status: 'approved', timestamp: new Date(Date.now() + offset) });
      const reply = await post(body, signature);
      expect(reply.status).toBe(401);
      expect(((await reply.json()) as ApiErrorBody).error.message).toMatch(/too old or from the future/);
    }
    expect(await rowOf(externalId)).toMatchObject({ status: 'RUNNING' });
  });

  it('a replayed delivery is 401; a retry the provider signs anew is received and changes nothing twice', async () => {
    const { browser, externalId, sessionId } = await running();
    const review = signedBody({ sessionId, status: 'review' });
    expect(await (await post(review.body, review.signature)).json()).toEqual({ status: 'success', receipt: 'unchanged' });
    expect(await rowOf(externalId)).toMatchObject({ status: 'RUNNING', provider_status: 'review' });
    expect((await post(review.body, review.signature)).status).toBe(401);

    const approved = signedBody({ sessionId, status: 'approved' });
    expect(await (await post(approved.body, approved.signature)).json()).toEqual({ status: 'success', receipt: 'recorded' });
    const replayed = await post(approved.body, approved.signature);
    expect(replayed.status).toBe(401);
    expect(((await replayed.json()) as ApiErrorBody).error.message).toBe('This delivery was received before.');
    const retried = signedBody({ sessionId, status: 'approved', timestamp: new Date(Date.now() + 1_000) });
    expect(await (await post(retried.body, retried.signature)).json()).toEqual({ status: 'success', receipt: 'unchanged' });
    expect((await statusOf(browser, externalId)).body.data).toEqual({ status: 'COMPLETED_OK', enabled: true, identified: true, available: true });
  });

  it('an unknown session, or another reference for ours, is 404', async () => {
    const { externalId, sessionId } = await running();
    const unknown = signedBody({ sessionId: '00000000-0000-4000-8000-000000000000', status: 'approved' });
    expect((await post(unknown.body, unknown.signature)).status).toBe(404);
    const otherReference = signedBody({ sessionId, status: 'approved', vendorData: 'not-our-reference' });
    expect((await post(otherReference.body, otherReference.signature)).status).toBe(404);
    expect(await rowOf(externalId)).toMatchObject({ status: 'RUNNING', provider_status: null });
  });

  it('a signed body outside the protocol is 400; one too large is 413', async () => {
    const { externalId } = await running();
    for (const body of ['not json', '{"status":"success"}', '{"status":"success","timestamp":"yesterday","verification":{"id":"x","status":"approved"}}']) {
      const signature = createHmac('sha256', t.config.providers.idv.webhookSecret).update(body).digest('hex');
      expect((await post(body, signature)).status, body).toBe(400);
    }
    expect((await post('x'.repeat(65 * 1024), 'a'.repeat(64))).status).toBe(413);
    expect(await rowOf(externalId)).toMatchObject({ status: 'RUNNING' });
  });

  it('an approval of another person\'s document is a failure, not an identification', async () => {
    const { browser, externalId, sessionId } = await running();
    const approved = signedBody({ sessionId, status: 'approved', idNumber: '49403136515' });
    expect((await post(approved.body, approved.signature)).status).toBe(200);
    expect((await statusOf(browser, externalId)).body.data).toEqual({ status: 'COMPLETED_FAILURE', enabled: true, identified: false, available: true });
  });

  it('logs nothing personal', () => {
    const text = JSON.stringify(logged);
    expect(logged.length).toBeGreaterThan(10);
    for (const personal of [MARI.personalCode, MARI.firstName, MARI.surname, '49403136515']) expect(text).not.toContain(personal);
  });
});

// ---------------------------------------------------------------------------------------------
// Faults

const FAULTS = [
  ['answers 500', { fault: 'status', status: 500 }],
  ['answers 401 (a key it does not know)', { fault: 'status', status: 401 }],
  ['answers malformed JSON', { fault: 'malformed' }],
  ['answers too late', { fault: 'slow', delayMs: 1_500 }],
  ['never answers', { fault: 'hang' }],
] as const;

describe('faults: 503 PROVIDER_UNAVAILABLE, the application as it was, and the next try works', () => {
  it.each(FAULTS)('creating a session: the provider %s', async (_name, spoil) => {
    const { browser, externalId } = await applicant();
    await fault({ ...spoil, path: '/v1/sessions', times: 1 });
    const failed = await start(browser, externalId);
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(failed.headers.get('retry-after')).toBe('2');
    expect(await rowOf(externalId)).toBeUndefined();
    expect((await statusOf(browser, externalId)).body.data.status).toBe('NO_STATUS');
    const retried = await start(browser, externalId);
    expect(retried.status).toBe(200);
    expect((await statusOf(browser, externalId)).body.data.status).toBe('RUNNING');
  });

  it.each(FAULTS)('polling the decision: the provider %s', async (_name, spoil) => {
    await control({ mode: 'drop' });
    const { browser, externalId } = await applicant();
    const started = await start(browser, externalId);
    await choose(started.body.data.redirectUrl, 'approve');
    await fault({ ...spoil, path: '/decision', times: 1 });
    const failed = await statusOf(browser, externalId);
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(await rowOf(externalId)).toMatchObject({ status: 'RUNNING', provider_status: null });
    expect((await statusOf(browser, externalId)).body.data).toEqual({ status: 'COMPLETED_OK', enabled: true, identified: true, available: true });
  });
});
