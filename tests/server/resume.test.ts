/**
 * Issue 26 item 2 (decision 195): an applicant who left comes back on any day and any device, by a
 * one-time link sent to the e-mail address they gave (asked for with their personal code) or by
 * logging in through the bank's login service (its simulator over real HTTP), and lands on the task
 * they left with their draft kept. An expired link answers 410 LINK_EXPIRED; a link opened where
 * someone else logged in, or where another applicant's application is open, answers 403
 * LINK_FOR_ANOTHER_PERSON and stays unspent. Link requests are rate-limited and answer the same
 * whether or not anything matched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { TaskResponse } from '../../core/wire/application.schema';
import { outboxOf } from '../../server/applications/sandbox-outbox';
import { ownerOfApplication } from '../../server/applications/application-repository';
import { RESUME_LINK_LIMITS } from '../../server/applications/resume';
import type { ApiClient } from './support/api-client';
import { MARI, continuePath, createApplication, createApplicationStep, stepPath } from './support/payloads';
import { logInThroughSso, renewedSessionCookie } from './support/sso-login';
import { TEST_ORIGIN, startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

/** A valid Estonian personal code of a man born 1980-01-08 with this serial (each test its own person). */
function estonianCode(serial: number): string {
  const digits = `3800108${String(serial).padStart(3, '0')}`.split('').map(Number);
  const sum = (weights: number[]) => digits.reduce((total, digit, i) => total + digit * weights[i]!, 0) % 11;
  let check = sum([1, 2, 3, 4, 5, 6, 7, 8, 9, 1]);
  if (check === 10) check = sum([3, 4, 5, 6, 7, 8, 9, 1, 2, 3]) % 10;
  return `${digits.join('')}${check}`;
}

const DAY = 24 * 60 * 60;

/** Browser A applies (first page) and starts typing the next one, then leaves. */
async function leftApplication(personalCode: string, email: string = MARI.email): Promise<{ browser: ApiClient; task: TaskResponse }> {
  const browser = t.client();
  const created = await createApplication(browser);
  const submitted = await browser.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(created.version, { personalCode, email }));
  expect(submitted.status).toBe(200);
  const task = submitted.body.data;
  const saved = await browser.put(stepPath(task.externalId), { taskDefinitionKey: task.taskDefinitionKey, version: 0, data: { typedBeforeLeaving: 'kept' } });
  expect(saved.status).toBe(200);
  return { browser, task };
}

async function sentMessages(externalId: string) {
  const [row] = await t.database.db.query<{ id: string }>('select id::text as id from applications where external_id = $1', [externalId]);
  return outboxOf(t.database.db, await ownerOfApplication(t.database.db, row!.id), externalId);
}

async function askForLink(browser: ApiClient, personalCode: string, email: string = MARI.email) {
  return browser.post<Data<{ accepted: boolean; expiresInMinutes: number }>>('/api/v1/resume/link', { personalCode, email, language: 'et' });
}

async function linkTokenOf(externalId: string): Promise<string> {
  const messages = (await sentMessages(externalId)).filter((message) => message.kind === 'resumeLink');
  const link = (messages.at(-1)?.body as { link?: string } | undefined)?.link ?? '';
  expect(link).toMatch(/^\/invitation\/[A-Za-z0-9_-]{43}$/);
  return link.slice('/invitation/'.length);
}

const accept = (browser: ApiClient, token: string) => browser.post<Data<{ externalId: string; role: string }> & ApiErrorBody>('/api/v1/invitations/accept', { token });

describe('a one-time link by e-mail', () => {
  it('weeks later, on another device: the link opens the application at the task left, the draft kept, once', async () => {
    const code = estonianCode(101);
    const { browser: first, task } = await leftApplication(code, 'Mari.Resume@Example.com');
    t.advance(30 * DAY);

    const other = t.client();
    const asked = await askForLink(other, code, ' mari.resume@example.com ');
    expect(asked.status).toBe(202);
    expect(asked.body.data).toEqual({ accepted: true, expiresInMinutes: 60 });
    const [message] = (await sentMessages(task.externalId)).filter((m) => m.kind === 'resumeLink');
    expect(message).toMatchObject({ recipient: 'mari.resume@example.com', body: { language: 'et', firstName: MARI.firstName } });

    const token = await linkTokenOf(task.externalId);
    const opened = await accept(other, token);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toEqual({ externalId: task.externalId, role: 'APPLICANT' });

    const continued = await other.post<Data<TaskResponse>>(continuePath(task.externalId));
    expect(continued.status).toBe(200);
    expect(continued.body.data.taskDefinitionKey).toBe(task.taskDefinitionKey);
    expect(continued.body.data.draft?.data).toEqual({ typedBeforeLeaving: 'kept' });

    // Spent: a second opening is the plain 404; the old browser reaches nothing.
    expect((await accept(t.client(), token)).status).toBe(404);
    expect((await first.post(continuePath(task.externalId))).status).toBe(404);
  });

  it('answers the same when nothing matches, and sends nothing', async () => {
    const code = estonianCode(102);
    const { task } = await leftApplication(code);
    const wrongEmail = await askForLink(t.client(), code, 'someone.else@example.com');
    const unknownCode = await askForLink(t.client(), estonianCode(199));
    for (const reply of [wrongEmail, unknownCode]) {
      expect(reply.status).toBe(202);
      expect(reply.body.data).toEqual({ accepted: true, expiresInMinutes: 60 });
    }
    expect(await sentMessages(task.externalId)).toEqual([]);
  });

  it('checks the personal code and the e-mail address by the first page’s rules', async () => {
    const reply = await t.client().post<ApiErrorBody>('/api/v1/resume/link', { personalCode: '12345', email: 'mari@example' });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.error.fieldErrors ?? {}).sort()).toEqual(['email', 'personalCode']);
  });

  it('an expired link is refused with LINK_EXPIRED (410); a new one works', async () => {
    const code = estonianCode(103);
    const { task } = await leftApplication(code);
    await askForLink(t.client(), code);
    const token = await linkTokenOf(task.externalId);
    t.advance(61 * 60);
    const late = await accept(t.client(), token);
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe('LINK_EXPIRED');

    await askForLink(t.client(), code);
    const fresh = await linkTokenOf(task.externalId);
    expect(fresh).not.toBe(token);
    expect((await accept(t.client(), fresh)).status).toBe(200);
  });

  it('another person’s link is refused (403 LINK_FOR_ANOTHER_PERSON) and stays unspent for its owner', async () => {
    const code = estonianCode(104);
    const { task } = await leftApplication(code);
    await askForLink(t.client(), code);
    const token = await linkTokenOf(task.externalId);

    // A browser logged in as someone else.
    const loggedIn = t.client();
    await loggedIn.startSession();
    const login = await logInThroughSso(t, loggedIn, `${TEST_ORIGIN}/resume`, { personalCode: estonianCode(105) });
    loggedIn.useCookie(renewedSessionCookie(login));
    const refused = await accept(loggedIn, token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('LINK_FOR_ANOTHER_PERSON');

    // A browser with another applicant's application open (a shared computer).
    const shared = (await leftApplication(estonianCode(106))).browser;
    expect((await accept(shared, token)).body.error.code).toBe('LINK_FOR_ANOTHER_PERSON');

    // The applicant's own browser (not logged in) still opens it.
    expect((await accept(t.client(), token)).status).toBe(200);
  });

  it('is rate-limited per personal code (429 with Retry-After), whether or not anything matched', async () => {
    const code = estonianCode(107);
    const browser = t.client();
    for (let i = 0; i < RESUME_LINK_LIMITS.personalCode.limit; i++) expect((await askForLink(browser, code)).status).toBe(202);
    const limited = await askForLink(t.client(), code);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('sends at most three links an hour for one application, answering the same', async () => {
    const code = estonianCode(108);
    const { task } = await leftApplication(code);
    for (let i = 0; i < 4; i++) expect((await askForLink(t.client(), code)).status).toBe(202);
    expect((await sentMessages(task.externalId)).filter((m) => m.kind === 'resumeLink')).toHaveLength(RESUME_LINK_LIMITS.application.limit);
  });
});

describe('logging in through the bank’s login service', () => {
  it('takes over the person’s open application in a fresh browser, the applicant authenticated, the draft kept', async () => {
    const code = estonianCode(109);
    const { browser: first, task } = await leftApplication(code);
    t.advance(10 * DAY);

    const other = t.client();
    const before = await other.post<Data<{ authenticated: boolean; externalId: string | null }>>('/api/v1/resume/login');
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ authenticated: false, externalId: null });
    expect(other.sessionCookie).toBeDefined();

    const login = await logInThroughSso(t, other, `${TEST_ORIGIN}/resume?lang=et`, { personalCode: code });
    expect(login.location).toBe(`${TEST_ORIGIN}/resume?lang=et`);
    other.useCookie(renewedSessionCookie(login));
    const after = await other.post<Data<{ authenticated: boolean; externalId: string | null }>>('/api/v1/resume/login');
    expect(after.body.data).toEqual({ authenticated: true, externalId: task.externalId });

    const continued = await other.post<Data<TaskResponse>>(continuePath(task.externalId));
    expect(continued.body.data.taskDefinitionKey).toBe(task.taskDefinitionKey);
    expect(continued.body.data.draft?.data).toEqual({ typedBeforeLeaving: 'kept' });
    const applicant = continued.body.data.application.relatedPersons.persons.find((person) => person.role === 'APPLICANT');
    expect(applicant?.authentication).toEqual({ isAuthenticated: true });
    expect((await first.post(continuePath(task.externalId))).status).toBe(404);
  });

  it('someone with no open application logs in and finds none', async () => {
    const browser = t.client();
    await browser.post('/api/v1/resume/login');
    const login = await logInThroughSso(t, browser, `${TEST_ORIGIN}/resume`, { personalCode: estonianCode(110) });
    browser.useCookie(renewedSessionCookie(login));
    expect((await browser.post<Data<unknown>>('/api/v1/resume/login')).body.data).toEqual({ authenticated: true, externalId: null });
  });
});
