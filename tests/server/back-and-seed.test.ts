import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { startTestApp, type TestApp } from './support/test-app';
import { freshSecret } from './support/secrets';
import { MARI, continuePath, createApplication, createApplicationStep, finish, stepPath } from './support/payloads';
import { openJson, openText } from '../../server/crypto/data-cipher';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };
const backPath = (externalId: string) => `/api/v1/application-process/${externalId}/back`;

describe('Back (issue 8): POST .../{externalId}/back', () => {
  it('is refused where the process does not allow it: the first task, and after the application was sent', async () => {
    const client = t.client();
    const created = await createApplication(client);
    expect(created.previousTaskDefinitionKey).toBeNull();
    const first = await client.post<ApiErrorBody>(backPath(created.externalId), { taskDefinitionKey: 'createApplicationStep', version: 1 });
    expect(first.status).toBe(409);
    expect(first.body.error.code).toBe('STEP_OUT_OF_ORDER');

    const sent = await finish(client, created);
    expect(sent).toMatchObject({ taskDefinitionKey: 'viewContractSigned', previousTaskDefinitionKey: null });
    const late = await client.post<ApiErrorBody>(backPath(created.externalId), { taskDefinitionKey: 'viewContractSigned', version: sent.version });
    expect(late.status).toBe(409);
    // Nothing moved.
    const resumed = await client.post<Data<TaskResponse>>(continuePath(created.externalId));
    expect(resumed.body.data).toMatchObject({ taskDefinitionKey: 'viewContractSigned', version: sent.version, stepCount: sent.stepCount });
  });

  it('is refused for a stale version, a task that is not the current one, and another session', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const stale = await client.post<ApiErrorBody>(backPath(created.externalId), { taskDefinitionKey: 'createApplicationStep', version: 7 });
    expect(stale.body.error.code).toBe('VERSION_CONFLICT');
    const wrong = await client.post<ApiErrorBody>(backPath(created.externalId), { taskDefinitionKey: 'viewThankYouPage', version: 1 });
    expect(wrong.body.error.code).toBe('STEP_OUT_OF_ORDER');
    const stranger = await t.client().post<ApiErrorBody>(backPath(created.externalId), { taskDefinitionKey: 'createApplicationStep', version: 1 });
    expect(stranger.status).toBe(404);
    const malformed = await client.post<ApiErrorBody>(backPath(created.externalId), { version: '1' });
    expect(malformed.status).toBe(422);
  });
});

describe('the answers of a submitted step stay as its draft (issue 8)', () => {
  it('keeps the form values sent with a submission for that task, and offers none on the next one', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const typed = { firstName: 'Mari', loanAmount: '5 000' };
    const sent = await client.post<Data<TaskResponse>>(stepPath(created.externalId), { ...createApplicationStep(1), draft: typed });
    expect(sent.status).toBe(200);
    // The next task offers only what the bank holds of the person for it (decision 196), not this draft.
    expect(sent.body.data.draft).toEqual({ taskDefinitionKey: 'submitPersonalInfo', version: 0, data: { personalCode: MARI.personalCode } });
    const rows = await t.database.db.query<{ task_key: string; data: unknown }>('select task_key, data from drafts');
    // Sealed at rest (issue 23): opened with the app's keys, the draft is what was typed.
    expect(rows.filter((row) => row.task_key === 'createApplicationStep').map((row) => openJson('drafts.data', row.data))).toContainEqual(typed);
  });
});

describe('sandbox: an application seeded at any task (test mode only)', () => {
  it('creates an application of the caller at the given task, with its data and draft, that can be submitted', async () => {
    const client = t.client();
    const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
      taskDefinitionKey: 'createApplicationStep',
      productName: 'CAR_LOAN',
      application: { applicationUpdates: { creditConditions: { loanAmount: 12000, loanPeriod: 48 } } },
      draft: { firstName: 'Mari' },
      languageCode: 'rus',
    });
    expect(seeded.status).toBe(201);
    const task = seeded.body.data;
    expect(task).toMatchObject({ taskDefinitionKey: 'createApplicationStep', stepCount: 1, draft: { data: { firstName: 'Mari' } } });
    expect(task.application.creditConditions).toMatchObject({ productName: 'CAR_LOAN', loanAmount: 12000, loanPeriod: 48 });
    expect(task.application.relatedPersons.persons[0]).toMatchObject({ role: 'APPLICANT', languageCode: 'rus' });

    const submitted = await client.post<Data<TaskResponse>>(stepPath(task.externalId), createApplicationStep(task.version));
    expect(submitted.body.data.taskDefinitionKey).toBe('submitPersonalInfo');
    // Only its owner sees it.
    const stranger = await t.client().post<ApiErrorBody>(continuePath(task.externalId));
    expect(stranger.status).toBe(404);
  });

  it('seeds a later task with the tasks before it, and refuses a task its process does not have', async () => {
    const client = t.client();
    const later = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
      taskDefinitionKey: 'viewThankYouPage',
      previousTasks: ['createApplicationStep'],
      application: { personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { firstName: 'Mari' } }] },
    });
    expect(later.body.data).toMatchObject({ taskDefinitionKey: 'viewThankYouPage', stepCount: 2 });
    expect(later.body.data.application.relatedPersons.persons[0]?.declaredData?.firstName).toBe('Mari');
    const unknown = await client.post<ApiErrorBody>('/api/sandbox/applications', { taskDefinitionKey: 'noSuchTask' });
    expect(unknown.status).toBe(400);
  });

  it('seeds the co-borrower’s part by its state path: the applicant waits, the co-borrower’s session opens the link at their task', async () => {
    const applicant = t.client();
    const seeded = await applicant.post<Data<TaskResponse>>('/api/sandbox/applications', {
      taskDefinitionKey: 'coBorrower.submitBackgroundData',
      previousTasks: ['createApplicationStep', 'submitPersonalInfo', 'submitBackgroundData', 'checkAnswers', 'submitInitialDataCoBorrower', 'coBorrower.submitPersonalInfo'],
      productName: 'HOUSING_LOAN',
      application: {
        applicationUpdates: { coApplicant: { firstName: 'Jaan', surname: 'Tamm', email: 'jaan.tamm@example.com' } },
        personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { firstName: 'Mari' } }],
      },
      coBorrower: { personUpdates: [{ personalCode: '37605030299', declaredData: { employmentType: 'EMPLOYED_PRIVATE' } }] },
      answers: { 'coBorrower.submitPersonalInfo': { personalCode: '37605030299' }, submitBackgroundData: { maritalStatus: 'MARRIED' } },
      draft: { maritalStatus: 'SINGLE' },
    });
    expect(seeded.status).toBe(201);
    const { externalId } = seeded.body.data;
    // It is the co-borrower's turn: the applicant sees the waiting page.
    expect(seeded.body.data.taskDefinitionKey).toBe('viewWaitingPage');

    const outbox = await applicant.get<Data<{ messages: { recipient: string; body: { link: string } }[] }>>(`/api/sandbox/outbox/${externalId}`);
    expect(outbox.body.data.messages).toHaveLength(1);
    expect(outbox.body.data.messages[0]?.recipient).toBe('jaan.tamm@example.com');
    const coBorrower = t.client();
    const token = outbox.body.data.messages[0]?.body.link.split('/').pop();
    expect((await coBorrower.post('/api/v1/invitations/accept', { token })).status).toBe(200);
    const theirs = await coBorrower.post<Data<TaskResponse>>(`/api/v1/application-process/${externalId}/continue?role=coborrower`);
    expect(theirs.body.data).toMatchObject({ taskDefinitionKey: 'submitBackgroundData', stepCount: 7, draft: { data: { maritalStatus: 'SINGLE' } } });
    const persons = theirs.body.data.application.relatedPersons.persons;
    expect(persons.find((person) => person.role === 'COBORROWER')).toMatchObject({ declaredData: { firstName: 'Jaan' }, personalCodeMasked: expect.any(String) });
    const [stored] = await t.database.db.query<{ personal_code: string; declared_data: Record<string, unknown> }>(
      `select p.personal_code, p.declared_data from persons p join applications a on a.id = p.application_id where a.external_id = $1 and p.role = 'COBORROWER'`,
      [externalId],
    );
    expect({ personal_code: openText('persons.personal_code', stored!.personal_code), declared_data: openJson('persons.declared_data', stored!.declared_data) }).toMatchObject({
      personal_code: '37605030299',
      declared_data: { firstName: 'Jaan', employmentType: 'EMPLOYED_PRIVATE' },
    });
    // Each earlier form is its own person's answers.
    const answers = (role: string) =>
      coBorrower.get<Data<{ tasks: { taskDefinitionKey: string; data: Record<string, unknown> }[] }>>(`/api/v1/application-process/${externalId}/answers?role=${role}`);
    expect((await answers('coborrower')).body.data.tasks).toEqual([{ taskDefinitionKey: 'submitPersonalInfo', data: { personalCode: '37605030299' } }]);
    const applicantAnswers = await applicant.get<Data<{ tasks: { taskDefinitionKey: string }[] }>>(`/api/v1/application-process/${externalId}/answers?role=applicant`);
    expect(applicantAnswers.body.data.tasks.map((task) => task.taskDefinitionKey)).toEqual(['submitBackgroundData']);
  });

  it('seeds an ended process as ended, and refuses a state path that is not a task', async () => {
    const client = t.client();
    const ended = await client.post<Data<TaskResponse>>('/api/sandbox/applications', { taskDefinitionKey: 'viewAdditionalDataSubmitted', previousTasks: ['checkAnswers'] });
    expect(ended.body.data.taskDefinitionKey).toBe('viewAdditionalDataSubmitted');
    // Sent: no longer the applicant's to annul, and `/` continues nothing.
    expect((await client.post<ApiErrorBody>(`/api/v1/application-process/${ended.body.data.externalId}/annul`)).status).toBe(409);
    for (const taskDefinitionKey of ['coBorrower', 'coBorrower.noSuchTask', 'noSuchState.submitAddress']) {
      expect((await client.post<ApiErrorBody>('/api/sandbox/applications', { taskDefinitionKey })).status).toBe(400);
    }
    expect((await client.post<ApiErrorBody>('/api/sandbox/applications', { taskDefinitionKey: 'checkAnswers', answers: { 'coBorrower.x': {} } })).status).toBe(400);
  });

  it('does not exist outside test mode', async () => {
    const production = t.withEnv({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: freshSecret() });
    const reply = await production.client().post<ApiErrorBody>('/api/sandbox/applications', { taskDefinitionKey: 'createApplicationStep' });
    expect(reply.status).toBe(404);
  });
});
