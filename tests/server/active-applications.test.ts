/**
 * ChooseContinueOption on the reference API (issue 11; docs/decisions/121-choose-continue-option.md):
 * the step is offered only to the same owner (session or token subject) for the same personal code;
 * the active-application calls answer only about the caller's own applications; annulling is the
 * owner's alone; an annulled application is gone (404) and no longer continued by `/`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ActiveApplications } from '../../core/wire/active-applications.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { applicationReference } from '../../core/domain/application-reference';
import type { ApiClient } from './support/api-client';
import { MARI, continuePath, createApplication, createApplicationStep, finish, stepPath, walk } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };

/** Another valid Estonian personal code (weights 1..9,1: 3+14+18+0+25+0+21+0+18+9 = 108, mod 11 = 9). */
const JAAN_CODE = '37605030299';

const annulPath = (externalId: string) => `/api/v1/application-process/${externalId}/annul`;
const previousPath = '/api/v1/application/previous-external-id';

/** An open application of this client's whose applicant already gave `personalCode` (a walk stopped half-way). */
async function openApplication(client: ApiClient, personalCode: string = MARI.personalCode, headers?: Record<string, string>): Promise<TaskResponse> {
  const reply = await client.post<Data<TaskResponse>>(
    '/api/sandbox/applications',
    {
      taskDefinitionKey: 'createApplicationStep',
      productName: 'CAR_LOAN',
      application: {
        applicationUpdates: { creditConditions: { loanAmount: 12000, loanPeriod: 48 } },
        personUpdates: [{ role: 'APPLICANT', personalCode, declaredData: { firstName: 'Mari' } }],
      },
    },
    headers ? { headers } : undefined,
  );
  if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
  return reply.body.data;
}

/** The create step of `created` submitted with `personalCode`: the task that follows. */
async function newTask(client: ApiClient, created: TaskResponse, personalCode: string, headers?: Record<string, string>): Promise<TaskResponse> {
  const sent = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(created.version, { personalCode }), headers ? { headers } : undefined);
  if (sent.status !== 200) throw new Error(`submit answered ${sent.status}: ${sent.text}`);
  return sent.body.data;
}

/** A new application of this client, its create step submitted with `personalCode`: the task that follows. */
async function newApplication(client: ApiClient, personalCode: string = MARI.personalCode, headers?: Record<string, string>): Promise<TaskResponse> {
  const created = await client.post<Data<TaskResponse>>('/api/v1/application-process', { application: { creditConditions: { productName: 'SMALL_LOAN' } } }, headers ? { headers } : undefined);
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${created.text}`);
  return newTask(client, created.body.data, personalCode, headers);
}

describe('ChooseContinueOption: when the process asks it (decision 121)', () => {
  it('follows the create step when the same session has another open application of the same personal code', async () => {
    const client = t.client();
    await openApplication(client);
    const task = await newApplication(client);
    // Back returns to the create step (a mistyped personal code is corrected there).
    expect(task).toMatchObject({ taskDefinitionKey: 'chooseContinueOption', previousTaskDefinitionKey: 'createApplicationStep' });
  });

  it('never for another session: typing someone’s personal code reveals nothing, and the new application goes on', async () => {
    const owner = t.client();
    await openApplication(owner);
    const stranger = t.client();
    const task = await newApplication(stranger);
    expect(task.taskDefinitionKey).toBe('submitPersonalInfo');
  });

  it('not for another personal code in the same session, nor for applications that are finished', async () => {
    const client = t.client();
    await openApplication(client, JAAN_CODE);
    await finish(client, await createApplication(client));
    // JAAN's application is open but of someone else; MARI's is sent: neither counts.
    expect((await newApplication(client)).taskDefinitionKey).toBe('submitPersonalInfo');
  });

  it('compares personal codes as typed, without spaces or hyphens', async () => {
    const client = t.client();
    await openApplication(client, ` ${MARI.personalCode.slice(0, 6)} ${MARI.personalCode.slice(6)} `);
    expect((await newApplication(client)).taskDefinitionKey).toBe('chooseContinueOption');
  });

  it('for the same embedded-token subject, not for a cookie session with the same code', async () => {
    const issued = await t.client().post<Data<{ token: string }>>('/api/sandbox/token', { sub: 'embedded-continue-1', userGroups: ['applicant'] });
    const auth = { authorization: `Bearer ${issued.body.data.token}` };
    await openApplication(t.client(), MARI.personalCode, auth);
    expect((await newApplication(t.client(), MARI.personalCode)).taskDefinitionKey).toBe('submitPersonalInfo');
    expect((await newApplication(t.client(), MARI.personalCode, auth)).taskDefinitionKey).toBe('chooseContinueOption');
  });

  it('goes on to where the create step goes once the step is sent, and is not returned to', async () => {
    const client = t.client();
    await openApplication(client);
    const task = await newApplication(client);
    const sent = await client.post<Data<TaskResponse>>(stepPath(task.externalId), {
      taskDefinitionKey: 'chooseContinueOption',
      version: task.version,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: { continueOption: 'ANNUL_ACTIVE' } },
      variables: {},
    });
    expect(sent.status).toBe(200);
    // What was chosen was carried out: Back from the personal-info step does not return to the choice.
    expect(sent.body.data).toMatchObject({ taskDefinitionKey: 'submitPersonalInfo', previousTaskDefinitionKey: null });
    const back = await client.post<ApiErrorBody>(`/api/v1/application-process/${task.externalId}/back`, {
      taskDefinitionKey: 'submitPersonalInfo',
      version: sent.body.data.version,
    });
    expect(back.status).toBe(409);
    expect(back.body.error.code).toBe('STEP_OUT_OF_ORDER');
  });

  it('is asked again when the personal code is changed from check answers to one of another open application', async () => {
    const client = t.client();
    await openApplication(client, JAAN_CODE);
    const created = await createApplication(client);
    const first = await newTask(client, created, MARI.personalCode);
    expect(first.taskDefinitionKey).toBe('submitPersonalInfo');
    const { task: check } = await walk(client, first, { until: 'checkAnswers', values: { submitBackgroundData: { hasCoApplicant: 'no' } } });
    expect(check.taskDefinitionKey).toBe('checkAnswers');
    const change = await client.post<Data<TaskResponse>>(`/api/v1/application-process/${created.externalId}/change`, {
      taskDefinitionKey: 'createApplicationStep',
      fromTaskDefinitionKey: 'checkAnswers',
      version: check.version,
    });
    expect(change.body.data.taskDefinitionKey).toBe('createApplicationStep');
    const changed = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(change.body.data.version, { personalCode: JAAN_CODE }));
    // A new question is asked first; once it is answered the process comes back to check answers.
    expect(changed.body.data.taskDefinitionKey).toBe('chooseContinueOption');
    const chosen = await client.post<Data<TaskResponse>>(stepPath(created.externalId), {
      taskDefinitionKey: 'chooseContinueOption',
      version: changed.body.data.version,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: { continueOption: 'ANNUL_ACTIVE' } },
      variables: {},
    });
    expect(chosen.body.data.taskDefinitionKey).toBe('checkAnswers');
  });

  it('is asked again when the personal details step changes the code to one of another open application, and only then', async () => {
    const client = t.client();
    await openApplication(client, JAAN_CODE);
    const first = await newApplication(client, MARI.personalCode);
    expect(first.taskDefinitionKey).toBe('submitPersonalInfo');
    // The same code again: nothing new to ask.
    const same = await walk(client, first, { until: 'submitBackgroundData' });
    expect(same.task.taskDefinitionKey).toBe('submitBackgroundData');
    const back = await client.post<Data<TaskResponse>>(`/api/v1/application-process/${first.externalId}/back`, {
      taskDefinitionKey: 'submitBackgroundData',
      version: same.task.version,
    });
    expect(back.body.data.taskDefinitionKey).toBe('submitPersonalInfo');
    // Changed to the code of the session's other open application: the question comes first.
    const changed = await walk(client, back.body.data, { until: 'chooseContinueOption', values: { submitPersonalInfo: { personalCode: JAAN_CODE } } });
    expect(changed.task.taskDefinitionKey).toBe('chooseContinueOption');
    const chosen = await client.post<Data<TaskResponse>>(stepPath(first.externalId), {
      taskDefinitionKey: 'chooseContinueOption',
      version: changed.task.version,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: { continueOption: 'ANNUL_ACTIVE' } },
      variables: {},
    });
    // Then on where the personal details go.
    expect(chosen.body.data.taskDefinitionKey).toBe('submitBackgroundData');
  });
});

describe('POST /api/v1/active-applications', () => {
  it('answers the caller’s other open application of the same applicant, as the applicant recognises it', async () => {
    const client = t.client();
    const earlier = await openApplication(client);
    const current = await newApplication(client);
    const reply = await client.post<Data<ActiveApplications>>('/api/v1/active-applications', { externalId: current.externalId });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      activeApplication: {
        externalId: earlier.externalId,
        reference: applicationReference(earlier.externalId),
        productName: 'CAR_LOAN',
        loanAmount: 12000,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      canBeRelatedPerson: false,
      relatedApplication: null,
    });
    // Nothing of the applicant's personal data.
    expect(reply.text).not.toContain(MARI.personalCode);
  });

  it('answers nothing to another session, an unknown id or a malformed request', async () => {
    const client = t.client();
    await openApplication(client);
    const current = await newApplication(client);
    const stranger = t.client();
    await stranger.startSession();
    const theirs = await stranger.post<ApiErrorBody>('/api/v1/active-applications', { externalId: current.externalId });
    expect(theirs.status).toBe(404);
    expect((await client.post('/api/v1/active-applications', { externalId: 'not-an-id' })).status).toBe(404);
    expect((await client.post('/api/v1/active-applications', { externalId: crypto.randomUUID() })).status).toBe(404);
    expect((await client.post('/api/v1/active-applications', { id: current.externalId })).status).toBe(422);
    // No session at all: nothing to look at.
    expect((await t.client().post('/api/v1/active-applications', { externalId: current.externalId })).status).toBe(404);
  });

  it('answers no active application before the applicant gave a personal code', async () => {
    const client = t.client();
    await openApplication(client);
    const created = await createApplication(client);
    const reply = await client.post<Data<ActiveApplications>>('/api/v1/active-applications', { externalId: created.externalId });
    expect(reply.body.data).toEqual({ activeApplication: null, canBeRelatedPerson: false, relatedApplication: null });
  });
});

describe('annulling (section 7: POST .../active-applications/annul and .../application-process/{externalId}/annul)', () => {
  it('annuls the caller’s other applications of the same applicant, not the current one; an annulled one is gone', async () => {
    const client = t.client();
    const earlier = await openApplication(client);
    const current = await newApplication(client);

    const stranger = t.client();
    await stranger.startSession();
    expect((await stranger.post('/api/v1/active-applications/annul', { externalId: current.externalId })).status).toBe(404);
    expect((await client.post(continuePath(earlier.externalId))).status).toBe(200);

    const annulled = await client.post<Data<{ annulled: number }>>('/api/v1/active-applications/annul', { externalId: current.externalId });
    expect(annulled.status).toBe(200);
    expect(annulled.body.data).toEqual({ annulled: 1 });
    // Gone, like an application that does not exist: continue, step, draft, annul.
    expect((await client.post<ApiErrorBody>(continuePath(earlier.externalId))).body.error.code).toBe('NOT_FOUND');
    expect((await client.post(stepPath(earlier.externalId), createApplicationStep(earlier.version))).status).toBe(404);
    expect((await client.put(stepPath(earlier.externalId), { taskDefinitionKey: 'createApplicationStep', version: 0, data: {} })).status).toBe(404);
    expect((await client.post(annulPath(earlier.externalId))).status).toBe(404);
    // The current one goes on; a repeat annuls nothing more.
    expect((await client.post<Data<TaskResponse>>(continuePath(current.externalId))).body.data.taskDefinitionKey).toBe('chooseContinueOption');
    expect((await client.post<Data<{ annulled: number }>>('/api/v1/active-applications/annul', { externalId: current.externalId })).body.data).toEqual({ annulled: 0 });
    expect((await client.post<Data<ActiveApplications>>('/api/v1/active-applications', { externalId: current.externalId })).body.data.activeApplication).toBeNull();
  });

  it('annuls the caller’s own application; `/` no longer continues it; strangers get 404 and change nothing', async () => {
    const client = t.client();
    const earlier = await openApplication(client);
    const current = await newApplication(client);
    expect((await client.get<Data<{ externalId: string }>>(previousPath)).body.data.externalId).toBe(current.externalId);

    const stranger = t.client();
    await stranger.startSession();
    expect((await stranger.post<ApiErrorBody>(annulPath(current.externalId))).status).toBe(404);
    expect((await client.post(continuePath(current.externalId))).status).toBe(200);
    expect((await client.post(annulPath('not-an-id'))).status).toBe(404);

    const annulled = await client.post<Data<{ externalId: string }>>(annulPath(current.externalId));
    expect(annulled.status).toBe(200);
    expect(annulled.body.data).toEqual({ externalId: current.externalId });
    expect((await client.post(continuePath(current.externalId))).status).toBe(404);
    expect((await client.post(annulPath(current.externalId))).status).toBe(404);
    // `/` continues the newest application still open: the earlier one.
    expect((await client.get<Data<{ externalId: string }>>(previousPath)).body.data.externalId).toBe(earlier.externalId);
  });

  it('refuses to annul an application that has been sent', async () => {
    const client = t.client();
    const sent = await finish(client, await createApplication(client));
    expect(sent.taskDefinitionKey).toBe('viewContractSigned');
    const reply = await client.post<ApiErrorBody>(annulPath(sent.externalId));
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('STEP_OUT_OF_ORDER');
    expect((await client.post(continuePath(sent.externalId))).status).toBe(200);
  });
});

/** The token of the invitation link "sent" for this application (the sandbox outbox, test mode). */
async function invitationTokenOf(applicant: ApiClient, externalId: string): Promise<string | undefined> {
  const outbox = await applicant.get<Data<{ messages: { body: { link: string } }[] }>>(`/api/sandbox/outbox/${externalId}`);
  return outbox.body.data.messages[0]?.body.link.split('/').pop();
}

describe('a co-borrower by accepted invitation (canBeRelatedPerson)', () => {
  /**
   * The applicant's open application, their part done with a co-applicant named (so it waits for
   * the co-borrower); the co-borrower's session accepted the link and gave their personal code on
   * their own personal-info step.
   */
  async function invited() {
    const applicant = t.client();
    const created = await createApplication(applicant);
    const { task: waiting } = await walk(applicant, await newTask(applicant, created, MARI.personalCode));
    expect(waiting.taskDefinitionKey).toBe('viewWaitingPage');
    const application = waiting;
    const token = await invitationTokenOf(applicant, application.externalId);
    const coBorrower = t.client();
    const accepted = await coBorrower.post<Data<{ externalId: string }>>('/api/v1/invitations/accept', { token });
    expect(accepted.status).toBe(200);
    const first = await coBorrower.post<Data<TaskResponse>>(`/api/v1/application-process/${application.externalId}/continue?role=coborrower`);
    const { task } = await walk(coBorrower, first.body.data, {
      role: 'COBORROWER',
      until: 'submitBackgroundData',
      values: { submitPersonalInfo: { personalCode: JAAN_CODE } },
    });
    expect(task.taskDefinitionKey).toBe('submitBackgroundData');
    return { applicant, coBorrower, application };
  }

  it('offers the step to the co-borrower’s own session for their personal code, with the application to join', async () => {
    const { coBorrower, application } = await invited();
    const current = await newApplication(coBorrower, JAAN_CODE);
    expect(current.taskDefinitionKey).toBe('chooseContinueOption');
    const reply = await coBorrower.post<Data<ActiveApplications>>('/api/v1/active-applications', { externalId: current.externalId });
    expect(reply.body.data).toMatchObject({
      activeApplication: null,
      canBeRelatedPerson: true,
      relatedApplication: { externalId: application.externalId, reference: applicationReference(application.externalId) },
    });
    expect(reply.text).not.toContain(MARI.personalCode);
  });

  it('not to another session with the co-borrower’s personal code, nor for the applicant’s code', async () => {
    const { coBorrower } = await invited();
    expect((await newApplication(t.client(), JAAN_CODE)).taskDefinitionKey).toBe('submitPersonalInfo');
    expect((await newApplication(coBorrower, MARI.personalCode)).taskDefinitionKey).toBe('submitPersonalInfo');
  });

  it('lets the co-borrower annul nothing of the applicant’s, and join once their new application is annulled', async () => {
    const { applicant, coBorrower, application } = await invited();
    const current = await newApplication(coBorrower, JAAN_CODE);
    expect((await coBorrower.post<Data<{ annulled: number }>>('/api/v1/active-applications/annul', { externalId: current.externalId })).body.data).toEqual({ annulled: 0 });
    expect((await coBorrower.post<ApiErrorBody>(annulPath(application.externalId))).status).toBe(404);
    expect((await applicant.post(continuePath(application.externalId))).status).toBe(200);

    expect((await coBorrower.post(annulPath(current.externalId))).status).toBe(200);
    const joined = await coBorrower.post<Data<TaskResponse>>(`/api/v1/application-process/${application.externalId}/continue?role=coborrower`);
    expect(joined.status).toBe(200);
  });

  it('an application the applicant annulled is gone for the co-borrower too', async () => {
    const { applicant, coBorrower, application } = await invited();
    expect((await applicant.post(annulPath(application.externalId))).status).toBe(200);
    expect((await coBorrower.post(`/api/v1/application-process/${application.externalId}/continue?role=coborrower`)).status).toBe(404);
    expect((await newApplication(coBorrower, JAAN_CODE)).taskDefinitionKey).toBe('submitPersonalInfo');
  });

  it('an invitation link of an annulled application no longer opens', async () => {
    const applicant = t.client();
    const seeded = await applicant.post<Data<TaskResponse>>('/api/sandbox/applications', {
      taskDefinitionKey: 'createApplicationStep',
      application: { applicationUpdates: { coApplicant: { firstName: 'Jaan', surname: 'Tamm', email: 'jaan.tamm@example.com' } } },
    });
    const { externalId } = seeded.body.data;
    const token = await invitationTokenOf(applicant, externalId);
    expect((await applicant.post(annulPath(externalId))).status).toBe(200);
    expect((await t.client().post('/api/v1/invitations/accept', { token })).status).toBe(404);
  });
});
