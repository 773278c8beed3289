import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { signEmbedToken } from '../../server/sessions/bearer-token';
import type { ErrorLogEntry, Logger, RequestLogEntry } from '../../server/http/logger';
import { startTestApp, type TestApp } from './support/test-app';
import { MARI, continuePath, createApplication, createApplicationStep, stepPath } from './support/payloads';

let t: TestApp;
const logged: (RequestLogEntry | ErrorLogEntry)[] = [];
const recordingLogger: Logger = { request: (entry) => logged.push(entry), error: (entry) => logged.push(entry) };

beforeAll(async () => {
  t = await startTestApp({ SESSION_TTL_SECONDS: '900', ALLOWED_ORIGINS: 'https://parent.example' }, recordingLogger);
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };

async function tokenFor(sub: string): Promise<string> {
  const reply = await t.client().post<Data<{ token: string }>>('/api/sandbox/token', { sub, userGroups: ['applicant'] });
  return reply.body.data.token;
}

describe('ownership', () => {
  it('gives another session 404 NOT_FOUND for every call, exactly like an id that does not exist', async () => {
    const owner = t.client();
    const created = await createApplication(owner);
    const stranger = t.client();
    const calls = [
      stranger.post<ApiErrorBody>(continuePath(created.externalId)),
      stranger.post<ApiErrorBody>(stepPath(created.externalId), createApplicationStep(1)),
      stranger.put<ApiErrorBody>(stepPath(created.externalId), { taskDefinitionKey: 'createApplicationStep', version: 0, data: {} }),
      stranger.post<ApiErrorBody>(continuePath('00000000-0000-4000-8000-000000000000')),
    ];
    const replies = await Promise.all(calls);
    for (const reply of replies) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }
    // The owner's application is untouched.
    const resumed = await owner.post<Data<TaskResponse>>(continuePath(created.externalId));
    expect(resumed.body.data).toMatchObject({ version: 1, draft: null });
  });

  it('lets a bearer token reach what its subject created, and nothing else', async () => {
    const token = await tokenFor('embedded-user-1');
    const embedded = t.client({ origin: 'https://parent.example' });
    const auth = { authorization: `Bearer ${token}` };
    const created = await embedded.post<Data<TaskResponse>>('/api/v1/application-process', {
      application: { creditConditions: { productName: 'SMALL_LOAN' } },
    }, { headers: auth });
    expect(created.status).toBe(201);
    const externalId = created.body.data.externalId;

    // Another client with the same token (another tab, another process) reaches it.
    const sameSubject = await t.client().post<Data<TaskResponse>>(continuePath(externalId), undefined, { headers: auth, withoutOrigin: true });
    expect(sameSubject.status).toBe(200);

    // Another subject, or a cookie session, does not.
    const otherToken = await tokenFor('embedded-user-2');
    const other = await t.client().post(continuePath(externalId), undefined, { headers: { authorization: `Bearer ${otherToken}` } });
    expect(other.status).toBe(404);
    expect((await t.client().post(continuePath(externalId))).status).toBe(404);
  });

  it('answers 401 "Invalid token specified" to a forged, malformed or expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = signEmbedToken({ sub: 'embedded-user-1', userGroups: [], iat: now, exp: now + 600 }, 'not-the-secret');
    const expired = signEmbedToken({ sub: 'embedded-user-1', userGroups: [], iat: now - 600, exp: now - 1 }, t.config.embedTokenSecret);
    for (const token of [forged, expired, 'abc.def', '']) {
      const reply = await t.client().get<ApiErrorBody>('/api/v1/session', { headers: { authorization: `Bearer ${token}` } });
      expect(reply.status).toBe(401);
      expect(reply.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid token specified' });
      expect(reply.headers.get('x-session-expires-at')).toMatch(/Z$/);
    }
  });

  it('never answers or logs the personal code in clear', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const replies = [
      await client.post(stepPath(created.externalId), createApplicationStep(1)),
      await client.post(continuePath(created.externalId)),
      await client.get('/api/v1/application/previous-external-id'),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      // Decision 196: the one place is the draft of the person's own personal details step, which
      // asks for the code and starts with the one the bank holds; nowhere else in the reply.
      const body = JSON.parse(reply.text) as { data?: { draft?: { taskDefinitionKey?: string; data?: Record<string, unknown> } | null } };
      const draft = body.data?.draft;
      if (draft?.taskDefinitionKey === 'submitPersonalInfo') {
        expect(draft.data).toEqual({ personalCode: MARI.personalCode });
        delete body.data?.draft;
      }
      expect(JSON.stringify(body)).not.toContain(MARI.personalCode);
    }
    expect(replies[1]?.text).toContain('"personalCodeMasked":"*******5718"');
    // Another session is never offered it.
    expect((await t.client().post(continuePath(created.externalId))).text).not.toContain(MARI.personalCode);
    expect(JSON.stringify(logged)).not.toContain(MARI.personalCode);
    expect(JSON.stringify(logged)).not.toContain(created.externalId);
    expect(logged).toContainEqual(
      expect.objectContaining({ method: 'POST', route: '/api/v1/application-process/:externalId/step', status: 200 }),
    );
  });
});

describe('origin check', () => {
  it('refuses a cookie-authenticated write from another origin, or with none, with 403 FORBIDDEN_ORIGIN', async () => {
    const evil = t.client({ origin: 'https://evil.example' });
    const refused = await evil.post<ApiErrorBody>('/api/v1/application-process', { application: { creditConditions: { productName: 'SMALL_LOAN' } } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN_ORIGIN');
    const none = await t.client().post<ApiErrorBody>('/api/v1/features/check-flag', { feature: 'captcha' }, { withoutOrigin: true });
    expect(none.status).toBe(403);
  });

  it('accepts its own origin and those of ALLOWED_ORIGINS, and reads need no origin', async () => {
    expect((await t.client().post('/api/v1/features/check-flag', { feature: 'captcha' })).status).toBe(200);
    expect((await t.client({ origin: 'https://parent.example' }).post('/api/v1/features/check-flag', { feature: 'captcha' })).status).toBe(200);
    expect((await t.client().get('/api/v1/session', { withoutOrigin: true })).status).toBe(200);
  });

  it('answers CORS for an allowed parent with credentials and the expiry header exposed', async () => {
    const reply = await t.client({ origin: 'https://parent.example' }).get('/api/v1/session');
    expect(reply.headers.get('access-control-allow-origin')).toBe('https://parent.example');
    expect(reply.headers.get('access-control-allow-credentials')).toBe('true');
    expect(reply.headers.get('access-control-expose-headers')).toContain('x-session-expires-at');
    const stranger = await t.client({ origin: 'https://evil.example' }).get('/api/v1/session');
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('session', () => {
  it('sets a __Host- session cookie of 32 random bytes: HttpOnly, Secure, SameSite=Lax, Path=/, no Domain', async () => {
    const reply = await t.client().get('/api/v1/application/previous-external-id');
    const cookie = reply.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-solis_sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('puts the session expiry on every API reply that has a session, errors included', async () => {
    const client = t.client();
    await client.startSession();
    const replies = [
      await client.get('/api/v1/session'),
      await client.get('/api/session/heartbeat'),
      await client.post('/api/v1/application-process', { application: {} }),
      await client.post(continuePath('00000000-0000-4000-8000-000000000000')),
      await client.get('/api/v1/no-such-call'),
      await client.post('/api/v1/application-process', {}, { headers: { origin: 'https://evil.example' } }),
    ];
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 422, 404, 404, 403]);
    for (const reply of replies) {
      expect(new Date(reply.headers.get('x-session-expires-at') ?? '').getTime()).toBeGreaterThan(Date.now());
    }
  });

  it('creates no session for calls that need none (issue 9), and says so without an expiry', async () => {
    const client = t.client();
    const before = await sessionCount();
    const replies = [
      await client.get('/api/v1/runtime-config'),
      await client.get('/api/v1/session'),
      await client.get('/api/v1/session/extend'),
      await client.get('/api/session/heartbeat'),
      await client.get('/api/v1/features/check-all-flags'),
      await client.post('/api/v1/features/check-flag', { feature: 'captcha' }),
      await client.post('/api/v1/loan/calculate', { currency: 'EUR', productType: 'CONSUMER_LOAN', maturity: 12, administrationFee: 0, conclusionFee: 0, amount: 1000, interestRate: 10 }),
      await client.post('/api/v2/pricing-conditions', { productName: 'SMALL_LOAN' }),
      await client.get('/api/v1/application-process/upsale/loyalty-segment'),
      await client.post('/api/v1/validate/personalCode', { personalCode: MARI.personalCode }),
      await client.post(continuePath('00000000-0000-4000-8000-000000000000')),
      await client.get('/api/health/ready'),
    ];
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 404, 200]);
    for (const reply of replies) {
      expect(reply.headers.get('set-cookie')).toBeNull();
      expect(reply.headers.get('x-session-expires-at')).toBeNull();
    }
    expect(await sessionCount()).toBe(before);
    expect(replies[3]?.body).toEqual({ data: { alive: false } });
  });

  it('slides the expiry on every call but a session read, and forgets an expired session', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const first = await client.get<Data<{ expiresAt: string; authenticated: boolean }>>('/api/v1/session');
    expect(first.body.data.authenticated).toBe(false);
    t.advance(600);
    const read = await client.get<Data<{ expiresAt: string }>>('/api/v1/session');
    expect(read.body.data.expiresAt).toBe(first.body.data.expiresAt);
    const extended = await client.get<Data<{ expiresAt: string }>>('/api/v1/session/extend');
    const slidBy = new Date(extended.body.data.expiresAt).getTime() - new Date(first.body.data.expiresAt).getTime();
    expect(slidBy).toBeGreaterThanOrEqual(600_000);
    expect(slidBy).toBeLessThan(660_000);
    expect(extended.headers.get('x-session-expires-at')).toBe(extended.body.data.expiresAt);

    t.advance(901);
    const after = await client.post<ApiErrorBody>(continuePath(created.externalId));
    expect(after.status).toBe(404);
    // Nothing is owned without a session, so nothing is created to answer that.
    expect(after.headers.get('set-cookie')).toBeNull();
  });
});

async function sessionCount(): Promise<number> {
  const rows = await t.database.db.query<{ n: number }>('select count(*)::int as n from sessions');
  return rows[0]!.n;
}
