/**
 * Issue 13 on the reference API: the identity calls (every status, the applicant only) and
 * IdentifyCustomer checked by the server (docs/decisions/156, 157, 158). The login service itself
 * is tests/server/sso-login.test.ts (issue 21).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { RemoteIdentificationState } from '../../core/wire/identity.schema';
import { REMOTE_IDENTIFICATION_STATUSES } from '../../core/domain/identification';
import type { ApiClient } from './support/api-client';
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
    expect(`${provider.origin}${provider.pathname}`).toBe(`${TEST_ORIGIN}/sandbox/remote-identification`);
    expect((await browser.get<Data<RemoteIdentificationState>>(statusPath(task.externalId))).body.data).toEqual({ status: 'RUNNING', enabled: true, identified: false });

    const page = await flagged.app.request(`${provider.pathname}${provider.search}`);
    expect(page.status).toBe(200);
    const finished = await flagged.app.request('/sandbox/remote-identification', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ reference: provider.searchParams.get('reference')!, outcome: 'COMPLETED_OK' }).toString(),
    });
    expect(finished.status).toBe(303);
    expect(finished.headers.get('location')).toBe(`${TEST_ORIGIN}/?externalId=${task.externalId}&lang=et&action=complete-remote-identification`);
    // The reference is single use.
    expect((await flagged.app.request(`${provider.pathname}${provider.search}`)).status).toBe(404);
    expect((await browser.get<Data<RemoteIdentificationState>>(statusPath(task.externalId))).body.data).toEqual({ status: 'COMPLETED_OK', enabled: true, identified: true });
    const resumed = await browser.post<Data<TaskResponse>>(continuePath(task.externalId));
    expect(resumed.body.data.application.relatedPersons.persons[0]?.identification).toEqual({ isIdentified: true });

    expect((await submitIdentify(browser, task)).body.data.taskDefinitionKey).toBe('signCurrentAccountContract');
  });
});

describe('the identity calls', () => {
  it('answer NO_STATUS at first, and every status the sandbox provider is set to', async () => {
    const browser = flagged.client();
    const task = await atIdentifyCustomer(browser);
    expect((await browser.get<Data<RemoteIdentificationState>>(statusPath(task.externalId))).body.data).toEqual({ status: 'NO_STATUS', enabled: true, identified: false });
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

  it('a technical error or failure on the provider is kept as the status, and the applicant may start again', async () => {
    const browser = flagged.client();
    const task = await atIdentifyCustomer(browser);
    for (const outcome of ['TECHNICAL_ERROR', 'COMPLETED_FAILURE']) {
      const started = await browser.post<Data<{ redirectUrl: string }>>(startPath(task.externalId), { languageCode: 'est' });
      const reference = new URL(started.body.data.redirectUrl).searchParams.get('reference')!;
      await flagged.app.request('/sandbox/remote-identification', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ reference, outcome }).toString(),
      });
      expect((await browser.get<Data<RemoteIdentificationState>>(statusPath(task.externalId))).body.data).toEqual({ status: outcome, enabled: true, identified: false });
    }
  });
});
