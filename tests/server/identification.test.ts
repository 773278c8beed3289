/**
 * Issue 13 on the reference API: the identity calls (every status, the applicant only) and
 * IdentifyCustomer checked by the server (docs/decisions/156, 157, 158). The login service itself
 * is tests/server/sso-login.test.ts (issue 21). The remote identification provider is the
 * identity-verification simulator (issue 21, decision 171), driven through its page over HTTP; the
 * app here is not listening, so its decisions arrive by polling (tests/server/providers/idv.contract.test.ts
 * covers the webhook).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { RemoteIdentificationState } from '../../core/wire/identity.schema';
import { REMOTE_IDENTIFICATION_STATUSES } from '../../core/domain/identification';
import { createApp } from '../../server/app';
import { silentLogger } from '../../server/http/logger';
import { ApiClient } from './support/api-client';
import { MARI, continuePath, createApplication, stepPath } from './support/payloads';
import { logInThroughSso } from './support/sso-login';
import { TEST_ORIGIN, startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

const statusPath = (externalId: string) => `/api/v1/identity/${externalId}/status`;
const startPath = (externalId: string) => `/api/v1/identity/${externalId}`;

let t: TestApp;
let flagged: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  flagged = t.withEnv({ FEATURE_FLAGS: 'remoteIdentification' });
});
afterAll(() => t.database.dispose());

/** A current-account application of this browser, at IdentifyCustomer. */
async function atIdentifyCustomer(client: ApiClient): Promise<TaskResponse> {
  const reply = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: 'identifyCustomer',
    productName: 'CURRENT_ACCOUNT',
    previousTasks: ['createApplicationStep'],
    application: { personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { firstName: MARI.firstName, surname: MARI.surname } }] },
  });
  if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
  return reply.body.data;
}

/** A login through the login service (its simulator), ending as the person chooses (issue 21). */
const logIn = (app: TestApp, client: ApiClient, originalUrl: string, outcome: 'login' | 'cancel' | 'fail' = 'login') => logInThroughSso(app, client, originalUrl, { outcome });

/** The person at the provider's page: opens it, chooses, and answers where the provider sends the browser back. */
async function atProvider(redirectUrl: string, outcome: 'approve' | 'decline' | 'resubmit' | 'abandon' | 'error'): Promise<{ location: string | null; action: string }> {
  const page = await fetch(redirectUrl, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1];
  if (!action) throw new Error('the provider page has no form');
  const reply = await fetch(action, {
    method: 'POST',
    headers: { origin: new URL(redirectUrl).origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
    redirect: 'manual',
  });
  return { location: reply.headers.get('location'), action };
}

const submitIdentify = (client: ApiClient, task: TaskResponse) =>
  client.post<Data<TaskResponse> & ApiErrorBody>(stepPath(task.externalId), {
    taskDefinitionKey: 'identifyCustomer',
    version: task.version,
    application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
    variables: {},
  });

describe('IdentifyCustomer, checked by the server', () => {
  it('does not go on before the applicant logged in; goes on to the account contract after', async () => {
    const browser = t.client();
    const task = await atIdentifyCustomer(browser);
    const early = await submitIdentify(browser, task);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('STEP_OUT_OF_ORDER');

    const reply = await logIn(t, browser, `${TEST_ORIGIN}/`);
    browser.useCookie(reply.cookies.find((cookie) => cookie.startsWith('__Host-solis_sid='))!.split(';')[0]);
    const done = await submitIdentify(browser, task);
    expect(done.status).toBe(200);
    expect(done.body.data.taskDefinitionKey).toBe('signCurrentAccountContract');
    // Issue 12 (decision 144): reaching the account contract draws it up.
    const drawnUp = await browser.get<Data<{ productName: string; signed: boolean }>>(`/api/v2/application/${task.externalId}/contract/current-account/unsigned/details`);
    expect(drawnUp.body.data).toMatchObject({ productName: 'CURRENT_ACCOUNT', signed: false });
  });

  it('where remote identification is asked for, goes on only once it completed', async () => {
    const browser = flagged.client();
    const task = await atIdentifyCustomer(browser);
    const reply = await logIn(flagged, browser, `${TEST_ORIGIN}/`);
    browser.useCookie(reply.cookies.find((cookie) => cookie.startsWith('__Host-solis_sid='))!.split(';')[0]);
    expect((await submitIdentify(browser, task)).status).toBe(409);

    const started = await browser.post<Data<{ redirectUrl: string }>>(startPath(task.externalId), { languageCode: 'est' });
    expect(started.status).toBe(200);
    const provider = new URL(started.body.data.redirectUrl);
    expect(provider.origin).toBe(flagged.simulators.origin);
    expect(provider.pathname).toMatch(/^\/idv\/v\/[\w-]+$/);
    expect(provider.searchParams.get('lang')).toBe('et');
    // The person's reference and personal code never travel in the address.
    expect(started.body.data.redirectUrl).not.toContain(MARI.personalCode);
    expect((await browser.get<Data<RemoteIdentificationState>>(statusPath(task.externalId))).body.data).toEqual({ status: 'RUNNING', enabled: true, identified: false, available: true });

    const finished = await atProvider(started.body.data.redirectUrl, 'approve');
    expect(finished.location).toBe(`${TEST_ORIGIN}/?externalId=${task.externalId}&lang=et&action=complete-remote-identification`);
    // The provider's page is single use.
    const again = await fetch(finished.action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=decline', redirect: 'manual' });
    expect(again.status).toBe(404);
    expect((await browser.get<Data<RemoteIdentificationState>>(statusPath(task.externalId))).body.data).toEqual({ status: 'COMPLETED_OK', enabled: true, identified: true, available: true });
    const resumed = await browser.post<Data<TaskResponse>>(continuePath(task.externalId));
    expect(resumed.body.data.application.relatedPersons.persons[0]?.identification).toEqual({ isIdentified: true });

    expect((await submitIdentify(browser, task)).body.data.taskDefinitionKey).toBe('signCurrentAccountContract');
  });
});

describe('the identity calls', () => {
  it('answer NO_STATUS at first, and every status the sandbox provider is set to', async () => {
    const browser = flagged.client();
    const task = await atIdentifyCustomer(browser);
    expect((await browser.get<Data<RemoteIdentificationState>>(statusPath(task.externalId))).body.data).toEqual({ status: 'NO_STATUS', enabled: true, identified: false, available: true });
    for (const status of REMOTE_IDENTIFICATION_STATUSES) {
      expect((await browser.post('/api/sandbox/identity', { status })).status).toBe(200);
      expect((await browser.get<Data<RemoteIdentificationState>>(statusPath(task.externalId))).body.data.status).toBe(status);
    }
    expect((await browser.post('/api/sandbox/identity', { status: 'MAYBE' })).status).toBe(422);
  });

  it('say it is not asked for without the flag or for a loan, and refuse to start it then', async () => {
    const browser = t.client();
    const task = await atIdentifyCustomer(browser);
    expect((await browser.get<Data<RemoteIdentificationState>>(statusPath(task.externalId))).body.data.enabled).toBe(false);
    expect((await browser.post<ApiErrorBody>(startPath(task.externalId), { languageCode: 'est' })).status).toBe(409);

    const loanBrowser = flagged.client();
    const loan = await createApplication(loanBrowser);
    expect((await loanBrowser.get<Data<RemoteIdentificationState>>(statusPath(loan.externalId))).body.data.enabled).toBe(false);
  });

  it('refuse another session (404, as for an application that does not exist) and a bad language', async () => {
    const owner = flagged.client();
    const task = await atIdentifyCustomer(owner);
    const other = flagged.client();
    await other.startSession();
    expect((await other.get(statusPath(task.externalId))).status).toBe(404);
    expect((await other.post(startPath(task.externalId), { languageCode: 'est' })).status).toBe(404);
    const anonymous = flagged.client();
    expect((await anonymous.get(statusPath(task.externalId))).status).toBe(404);
    expect((await owner.post(startPath(task.externalId), { languageCode: 'xx' })).status).toBe(422);
    expect((await owner.post(startPath(task.externalId), { languageCode: 'est', redirectUrl: 'https://evil.example/' })).status).toBe(422);
  });

  it('a technical error, a refusal, a resubmission or leaving at the provider is kept as its status, and the applicant may start again', async () => {
    const browser = flagged.client();
    const task = await atIdentifyCustomer(browser);
    for (const [outcome, status] of [
      ['error', 'TECHNICAL_ERROR'],
      ['decline', 'COMPLETED_FAILURE'],
      ['resubmit', 'COMPLETED_FAILURE'],
      ['abandon', 'NO_STATUS'],
    ] as const) {
      const started = await browser.post<Data<{ redirectUrl: string }>>(startPath(task.externalId), { languageCode: 'est' });
      expect(started.status, outcome).toBe(200);
      await atProvider(started.body.data.redirectUrl, outcome);
      expect((await browser.get<Data<RemoteIdentificationState>>(statusPath(task.externalId))).body.data, outcome).toEqual({ status, enabled: true, identified: false, available: true });
    }
  });
});

describe('without a provider (production without IDV_*, decision 171)', () => {
  it('the bank still asks for it: the status says no provider is there, starting is refused with a clear message, the step waits', async () => {
    // Every party but remote identification's provider is there (the login service among them).
    const bare = createApp({ config: flagged.config, db: flagged.database.db, providers: { ...flagged.providers, idv: null }, logger: silentLogger });
    const browser = new ApiClient(bare, TEST_ORIGIN);
    const task = await atIdentifyCustomer(browser);
    const runtime = await browser.get<Data<{ providers: { remoteIdentification: boolean } }>>('/api/v1/runtime-config');
    expect(runtime.body.data.providers.remoteIdentification).toBe(false);
    expect((await flagged.client().get<Data<{ providers: { remoteIdentification: boolean } }>>('/api/v1/runtime-config')).body.data.providers.remoteIdentification).toBe(true);

    expect((await browser.get<Data<RemoteIdentificationState>>(statusPath(task.externalId))).body.data).toEqual({ status: 'NO_STATUS', enabled: true, identified: false, available: false });
    const refused = await browser.post<ApiErrorBody>(startPath(task.externalId), { languageCode: 'est' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('PROCESS_NOT_AVAILABLE');
    expect(refused.body.error.message).toMatch(/no identity-verification provider is configured/);
    expect((await browser.get<Data<RemoteIdentificationState>>(statusPath(task.externalId))).body.data.status).toBe('NO_STATUS');

    const reply = await logIn({ ...flagged, app: bare }, browser, `${TEST_ORIGIN}/`);
    browser.useCookie(reply.cookies.find((cookie) => cookie.startsWith('__Host-solis_sid='))!.split(';')[0]);
    const step = await submitIdentify(browser, task);
    expect(step.status).toBe(409);
    expect(step.body.error.code).toBe('STEP_OUT_OF_ORDER');
  });
});
