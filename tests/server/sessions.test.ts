import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { SESSION_COOKIE } from '../../server/sessions/session-token';
import { startTestApp, type TestApp } from './support/test-app';
import { continuePath, createApplication, stepPath } from './support/payloads';

/**
 * Issue 9, item 6: sessions end. An absolute lifetime besides the idle one, and a new session id
 * when the applicant authenticates (logout ending the session on the server: logout.test.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SESSION_TTL_SECONDS: '600', SESSION_ABSOLUTE_TTL_SECONDS: '1800' });
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };
type SessionInfo = Data<{ expiresAt: string; authenticated: boolean }>;

describe('absolute lifetime (SESSION_ABSOLUTE_TTL_SECONDS)', () => {
  it('stops sliding at creation plus the absolute lifetime, however busy the session, and then it is over', async () => {
    const client = t.client();
    const createdAt = t.now().getTime();
    const task = await createApplication(client);
    const absoluteEnd = createdAt + 1800 * 1000;

    for (let minute = 0; minute < 3; minute++) {
      t.advance(500);
      const extended = await client.get<SessionInfo>('/api/v1/session/extend');
      const expiresAt = Date.parse(extended.body.data.expiresAt);
      expect(expiresAt).toBeLessThanOrEqual(absoluteEnd + 1000);
      expect(extended.headers.get('x-session-expires-at')).toBe(extended.body.data.expiresAt);
    }
    // 1500 s in: the idle expiry would be 2100 s, the absolute end caps it at 1800 s.
    const capped = await client.get<SessionInfo>('/api/v1/session/extend');
    expect(Math.abs(Date.parse(capped.body.data.expiresAt) - absoluteEnd)).toBeLessThan(1000);

    t.advance(301);
    expect((await client.post<ApiErrorBody>(continuePath(task.externalId))).status).toBe(404);
    const over = await client.get<SessionInfo>('/api/v1/session/extend');
    expect(over.headers.get('x-session-expires-at')).toBeNull();
    expect(Date.parse(over.body.data.expiresAt)).toBeLessThanOrEqual(t.now().getTime());
  });
});

describe('renewal on authentication', () => {
  it('gives the session a new id that keeps what it owns; the old id opens nothing', async () => {
    const client = t.client();
    const task = await createApplication(client);
    await client.put(stepPath(task.externalId), { taskDefinitionKey: 'createApplicationStep', version: 0, data: { firstName: 'Mari' } });
    const before = client.sessionCookie!;

    const login = await client.post<Data<{ authenticated: boolean }>>('/api/sandbox/authenticate', {});
    expect(login.status).toBe(200);
    const after = client.sessionCookie!;
    expect(after).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}$`));
    expect(after).not.toBe(before);
    expect(login.headers.getSetCookie().some((cookie) => cookie.startsWith('Authenticated=true;'))).toBe(true);

    const resumed = await client.post<Data<TaskResponse>>(continuePath(task.externalId));
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.draft).toMatchObject({ data: { firstName: 'Mari' } });
    expect((await client.get<SessionInfo>('/api/v1/session')).body.data.authenticated).toBe(true);

    // Whoever knew (or planted) the old id has nothing.
    const fixer = t.client();
    fixer.useCookie(before);
    expect((await fixer.post(continuePath(task.externalId))).status).toBe(404);
    expect((await fixer.get('/api/v1/session')).headers.get('x-session-expires-at')).toBeNull();
  });

  it('needs a live session to authenticate', async () => {
    const reply = await t.client().post<ApiErrorBody>('/api/sandbox/authenticate', {});
    expect(reply.status).toBe(401);
    expect(reply.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('the session clock control (test mode, decision 208)', () => {
  it('moves the session on as though the seconds passed without a call, without sliding it; past its end it is over', async () => {
    const client = t.client();
    const task = await createApplication(client);
    const before = Date.parse((await client.get<SessionInfo>('/api/v1/session')).body.data.expiresAt);

    const advanced = await client.post<Data<{ expiresAt: string }>>('/api/sandbox/session/advance', { seconds: 590 });
    expect(advanced.status).toBe(200);
    expect(Date.parse(advanced.body.data.expiresAt)).toBe(before - 590_000);
    expect(advanced.headers.get('x-session-expires-at')).toBe(advanced.body.data.expiresAt);
    // Read without sliding: what the control left is what the server now holds.
    expect((await client.get<SessionInfo>('/api/v1/session')).body.data.expiresAt).toBe(advanced.body.data.expiresAt);

    await client.post('/api/sandbox/session/advance', { seconds: 10 });
    expect((await client.post<ApiErrorBody>(continuePath(task.externalId))).status).toBe(404);
    expect((await client.get('/api/session/heartbeat')).headers.get('x-session-expires-at')).toBeNull();
  });

  it('needs a live session and a whole number of seconds', async () => {
    const none = await t.client().post<ApiErrorBody>('/api/sandbox/session/advance', { seconds: 5 });
    expect(none.status).toBe(401);
    const client = t.client();
    await createApplication(client);
    expect((await client.post('/api/sandbox/session/advance', { seconds: 0.5 })).status).toBe(422);
  });
});
