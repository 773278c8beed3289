/**
 * Issue 11 on the reference API: the co-borrower joins by a single-use, expiring invitation, fills
 * in their own part in their own session and sees only their own data; the applicant waits and
 * never sees theirs; a step writes only its own person; dependants are persons with relations;
 * check answers with change links; withdrawing the co-applicant revokes everything of theirs.
 * Decision 120.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { MESSAGES } from '../../core/validation/messages';
import type { ApiClient } from './support/api-client';
import { UNBORN_AGE } from '../../core/domain/persons';
import { startTestApp, type TestApp } from './support/test-app';
import { createApplication, createApplicationStep, exampleSubmission, stepPath, walk } from './support/payloads';
import { openJson } from '../../server/crypto/data-cipher';

type Data<T> = { data: T };

/** The co-borrower's own valid Estonian personal code (not the applicant's 38001085718). */
const JAAN_CODE = '38503120003';
const continueAs = (externalId: string, role: 'applicant' | 'coborrower') => `/api/v1/application-process/${externalId}/continue?role=${role}`;
const answersPath = (externalId: string, role = 'applicant') => `/api/v1/application-process/${externalId}/answers?role=${role}`;
const changePath = (externalId: string) => `/api/v1/application-process/${externalId}/change`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

/** An applicant's application past the create step, at its personal-info step. */
async function started(client: ApiClient, productName = 'SMALL_LOAN'): Promise<TaskResponse> {
  const created = await createApplication(client);
  const step = createApplicationStep(1);
  const conditions = (step.application.applicationUpdates as { creditConditions: Record<string, unknown> }).creditConditions;
  conditions['productName'] = productName;
  if (productName === 'HOUSING_LOAN') delete conditions['loanAmount'];
  // A card has a credit limit (the amount) and no period (the products issue).
  if (productName.startsWith('CREDIT_CARD')) {
    delete conditions['loanPeriod'];
    conditions['loanAmount'] = 2000;
  }
  const sent = await client.post<Data<TaskResponse>>(stepPath(created.externalId), step);
  if (sent.status !== 200) throw new Error(`create step answered ${sent.status}: ${sent.text}`);
  return sent.body.data;
}

/** The applicant's whole part, with a co-applicant named on the background step: ends on the waiting page. */
async function applicantDone(client: ApiClient): Promise<TaskResponse> {
  const { task } = await walk(client, await started(client));
  expect(task.taskDefinitionKey).toBe('viewWaitingPage');
  return task;
}

async function invitationLink(client: ApiClient, externalId: string): Promise<string> {
  const outbox = await client.get<Data<{ messages: { kind: string; recipient: string; body: { link: string; firstName: string | null } }[] }>>(
    `/api/sandbox/outbox/${externalId}`,
  );
  const message = outbox.body.data.messages.at(-1);
  if (!message) throw new Error('no invitation was sent');
  return message.body.link;
}

const tokenOf = (link: string) => link.split('/').at(-1) ?? '';

describe('the invitation', () => {
  it('is sent to the co-applicant with a single-use link and their first name, nothing of the applicant', async () => {
    const applicant = t.client();
    const waiting = await applicantDone(applicant);
    const outbox = await applicant.get<Data<{ messages: { kind: string; recipient: string; body: Record<string, unknown> }[] }>>(
      `/api/sandbox/outbox/${waiting.externalId}`,
    );
    const [message] = outbox.body.data.messages;
    expect(message).toMatchObject({ kind: 'coBorrowerInvitation', recipient: expect.stringContaining('@') });
    expect(String(message?.body['link'])).toMatch(/^\/invitation\/[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(message?.body ?? {}).sort()).toEqual(['firstName', 'link']);
    // Only the token's hash is kept.
    const stored = await t.database.db.query<{ token_hash: string }>('select token_hash from invitations');
    expect(stored.map((row) => row.token_hash)).not.toContain(tokenOf(String(message?.body['link'])));
    // Another session reads no one else's outbox.
    const stranger = await t.client().get<Data<{ messages: unknown[] }>>(`/api/sandbox/outbox/${waiting.externalId}`);
    expect(stranger.body.data.messages).toEqual([]);
  });

  it('opens the application in the co-borrower role for the session that opens it, once', async () => {
    const applicant = t.client();
    const waiting = await applicantDone(applicant);
    const token = tokenOf(await invitationLink(applicant, waiting.externalId));
    const coBorrower = t.client();
    // Before accepting, the co-borrower's session sees nothing.
    expect((await coBorrower.post<ApiErrorBody>(continueAs(waiting.externalId, 'coborrower'))).status).toBe(404);
    const accepted = await coBorrower.post<Data<{ externalId: string }>>('/api/v1/invitations/accept', { token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.externalId).toBe(waiting.externalId);
    const again = await t.client().post<ApiErrorBody>('/api/v1/invitations/accept', { token });
    expect(again.status).toBe(404);
    expect((await coBorrower.post<ApiErrorBody>('/api/v1/invitations/accept', { token: 'x'.repeat(43) })).status).toBe(404);
    expect((await coBorrower.post<ApiErrorBody>('/api/v1/invitations/accept', { token: 'short' })).status).toBe(404);

    const theirs = await coBorrower.post<Data<TaskResponse>>(continueAs(waiting.externalId, 'coborrower'));
    expect(theirs.body.data.taskDefinitionKey).toBe('submitInitialDataCoBorrower');
    // The co-borrower may not act as the applicant.
    expect((await coBorrower.post<ApiErrorBody>(continueAs(waiting.externalId, 'applicant'))).status).toBe(404);
  });

  it('expires after 7 days', async () => {
    const app = await startTestApp();
    try {
      const applicant = app.client();
      const { task } = await walk(applicant, await started(applicant));
      const token = tokenOf(await invitationLink(applicant, task.externalId));
      app.advance(7 * 24 * 60 * 60 + 60);
      const late = await app.client().post<ApiErrorBody>('/api/v1/invitations/accept', { token });
      expect(late.status).toBe(404);
    } finally {
      await app.database.dispose();
    }
  });
});

describe('turns and privacy', () => {
  it("shows each person only their own data and the other's name; only the person whose turn it is may act", async () => {
    const applicant = t.client();
    const waiting = await applicantDone(applicant);
    const coBorrower = t.client();
    await coBorrower.post('/api/v1/invitations/accept', { token: tokenOf(await invitationLink(applicant, waiting.externalId)) });
    const theirs = (await coBorrower.post<Data<TaskResponse>>(continueAs(waiting.externalId, 'coborrower'))).body.data;

    const applicantSeen = theirs.application.relatedPersons.persons.find((person) => person.role === 'APPLICANT');
    expect(applicantSeen?.declaredData).toEqual({ firstName: 'Mari', surname: 'Maasikas', email: null, phoneNumber: null });
    expect(applicantSeen?.personalCodeMasked).toBeNull();
    const ownSeen = theirs.application.relatedPersons.persons.find((person) => person.role === 'COBORROWER');
    expect(ownSeen?.declaredData?.email).toEqual(expect.stringContaining('@'));

    // The applicant waits and cannot act on the co-borrower's task.
    const applicantView = (await applicant.post<Data<TaskResponse>>(continueAs(waiting.externalId, 'applicant'))).body.data;
    expect(applicantView.taskDefinitionKey).toBe('viewWaitingPage');
    expect(applicantView.previousTaskDefinitionKey).toBeNull();
    const intrude = await applicant.post<ApiErrorBody>(stepPath(waiting.externalId), exampleSubmission('submitInitialDataCoBorrower', theirs.version, { role: 'COBORROWER' }));
    expect(intrude.status).toBe(409);
    expect(intrude.body.error.code).toBe('STEP_OUT_OF_ORDER');

    // A co-borrower's step that names the applicant's person is refused, whatever the payload says.
    const forged = exampleSubmission('submitInitialDataCoBorrower', theirs.version, { role: 'COBORROWER' });
    const person = (forged.application.personUpdates as Record<string, unknown>[])[0] as Record<string, unknown>;
    person['role'] = 'APPLICANT';
    const refused = await coBorrower.post<ApiErrorBody>(stepPath(waiting.externalId), forged);
    expect(refused.status).toBe(422);
  });

  it("refuses the applicant's personal code as the co-borrower's, on the field", async () => {
    const applicant = t.client();
    const waiting = await applicantDone(applicant);
    const coBorrower = t.client();
    await coBorrower.post('/api/v1/invitations/accept', { token: tokenOf(await invitationLink(applicant, waiting.externalId)) });
    const first = (await coBorrower.post<Data<TaskResponse>>(continueAs(waiting.externalId, 'coborrower'))).body.data;
    const { task } = await walk(coBorrower, first, { role: 'COBORROWER', until: 'submitPersonalInfo' });
    const same = await coBorrower.post<ApiErrorBody>(
      stepPath(task.externalId),
      exampleSubmission('submitPersonalInfo', task.version, { role: 'COBORROWER', values: { submitPersonalInfo: { personalCode: '38001085718' } } }),
    );
    expect(same.status).toBe(422);
    expect(same.body.error.fieldErrors).toEqual({ 'personUpdates.0.personalCode': [MESSAGES.coBorrowerSameAsApplicant] });
  });

  it("once the co-borrower's part is sent, the applicant answers the offer (the co-borrower waits), then both end on the additional-data-submitted page", async () => {
    const applicant = t.client();
    const waiting = await applicantDone(applicant);
    const coBorrower = t.client();
    await coBorrower.post('/api/v1/invitations/accept', { token: tokenOf(await invitationLink(applicant, waiting.externalId)) });
    const first = (await coBorrower.post<Data<TaskResponse>>(continueAs(waiting.externalId, 'coborrower'))).body.data;
    const { task, answered } = await walk(coBorrower, first, { role: 'COBORROWER', values: { submitPersonalInfo: { personalCode: JAAN_CODE } } });
    expect(answered[0]).toBe('submitInitialDataCoBorrower');
    expect(answered.at(-1)).toBe('checkAnswers');
    expect(answered).not.toContain('submitRealEstateInfo');
    // Decision 131: the offer is the applicant's to answer.
    expect(task.taskDefinitionKey).toBe('viewWaitingPage');
    const applicantView = (await applicant.post<Data<TaskResponse>>(continueAs(waiting.externalId, 'applicant'))).body.data;
    expect(applicantView.taskDefinitionKey).toBe('reviewApproved');
    expect((await walk(applicant, applicantView)).task.taskDefinitionKey).toBe('viewContractSigned');
    expect((await coBorrower.post<Data<TaskResponse>>(continueAs(waiting.externalId, 'coborrower'))).body.data.taskDefinitionKey).toBe('viewContractSigned');
    // Each person's answers are their own: the co-borrower's list holds only their steps.
    const theirAnswers = await coBorrower.get<Data<{ tasks: { taskDefinitionKey: string }[] }>>(answersPath(waiting.externalId, 'coborrower'));
    expect(theirAnswers.body.data.tasks.map((entry) => entry.taskDefinitionKey)).toEqual(answered.filter((key) => key !== 'checkAnswers'));
  });
});

describe('persons and relations', () => {
  it('keeps dependants as persons related to the applicant, child or other, an expected child with the unborn marker, replaced when answered again', async () => {
    const client = t.client();
    const start = await started(client);
    const { task } = await walk(client, start, { until: 'submitBackgroundData' });
    const background = (dependants: string, adultDependants: string, expectingChild: boolean, version: number) =>
      exampleSubmission('submitBackgroundData', version, { values: { submitBackgroundData: { dependants, adultDependants, expectingChild, hasCoApplicant: 'no' } } });
    const first = await client.post<Data<TaskResponse>>(stepPath(task.externalId), background('2', '1', true, task.version));
    expect(first.status).toBe(200);
    const persons = first.body.data.application.relatedPersons;
    const dependants = persons.persons.filter((person) => person.role === 'DEPENDENT');
    expect(dependants).toHaveLength(4);
    // Section 3: the expected child is a person with the unborn marker instead of an age.
    expect(dependants.filter((person) => !person.isBorn)).toEqual([expect.objectContaining({ isBorn: false, age: UNBORN_AGE })]);
    expect(dependants.filter((person) => person.isBorn).every((person) => person.age === null)).toBe(true);
    const applicantId = persons.persons.find((person) => person.role === 'APPLICANT')?.id;
    expect(persons.relations.filter((relation) => relation.relatedToPersonId === applicantId).map((relation) => relation.relationType).sort()).toEqual([
      'CHILD',
      'CHILD',
      'CHILD',
      'OTHER',
    ]);

    // Back to the step and answered again: the earlier dependants are replaced, not added to.
    const back = await client.post<Data<TaskResponse>>(`/api/v1/application-process/${task.externalId}/back`, {
      taskDefinitionKey: first.body.data.taskDefinitionKey,
      version: first.body.data.version,
    });
    expect(back.body.data.taskDefinitionKey).toBe('submitBackgroundData');
    const second = await client.post<Data<TaskResponse>>(stepPath(task.externalId), background('1', '0', false, back.body.data.version));
    const after = second.body.data.application.relatedPersons;
    expect(after.persons.filter((person) => person.role === 'DEPENDENT')).toEqual([expect.objectContaining({ isBorn: true })]);
    expect(after.relations).toHaveLength(1);
  });

  it('removes a follow-up no longer asked, and the co-borrower with their link when the co-applicant is withdrawn', async () => {
    const client = t.client();
    const start = await started(client);
    const { task } = await walk(client, start, { until: 'submitBackgroundData' });
    const withPep = exampleSubmission('submitBackgroundData', task.version, {
      values: { submitBackgroundData: { politicallyExposed: 'yes', politicallyExposedComment: 'Member of a city council' } },
    });
    const first = await client.post<Data<TaskResponse>>(stepPath(task.externalId), withPep);
    expect(first.status).toBe(200);
    expect(first.body.data.application.relatedPersons.persons.some((person) => person.role === 'COBORROWER')).toBe(true);
    const token = tokenOf(await invitationLink(client, task.externalId));

    const back = await client.post<Data<TaskResponse>>(`/api/v1/application-process/${task.externalId}/back`, {
      taskDefinitionKey: first.body.data.taskDefinitionKey,
      version: first.body.data.version,
    });
    const withdrawn = exampleSubmission('submitBackgroundData', back.body.data.version, {
      values: { submitBackgroundData: { politicallyExposed: 'no', hasCoApplicant: 'no' } },
    });
    const second = await client.post<Data<TaskResponse>>(stepPath(task.externalId), withdrawn);
    expect(second.status).toBe(200);
    expect(second.body.data.application.relatedPersons.persons.some((person) => person.role === 'COBORROWER')).toBe(false);
    const [stored] = await t.database.db.query<{ declared_data: Record<string, unknown> }>(
      `select p.declared_data from persons p join applications a on a.id = p.application_id where a.external_id = $1 and p.role = 'APPLICANT'`,
      [task.externalId],
    );
    const declared = openJson<Record<string, unknown>>('persons.declared_data', stored?.declared_data);
    expect(declared['politicallyExposed']).toBe(false);
    expect(declared).not.toHaveProperty('politicallyExposedComment');
    expect((await t.client().post<ApiErrorBody>('/api/v1/invitations/accept', { token })).status).toBe(404);
  });

  it('asks no co-applicant for a credit card: the process never waits for one', async () => {
    const client = t.client();
    // The personal details step keeps the card (the product stays what the application is for).
    const { task, answered } = await walk(client, await started(client, 'CREDIT_CARD_VISA_CLASSIC'), { values: { submitPersonalInfo: { productName: 'CREDIT_CARD_VISA_CLASSIC' } } });
    expect(task.application.creditConditions.productName).toBe('CREDIT_CARD_VISA_CLASSIC');
    expect(task.taskDefinitionKey).toBe('viewContractSigned');
    expect(task.application.relatedPersons.persons.some((person) => person.role === 'COBORROWER')).toBe(false);
    expect(answered).not.toContain('submitRealEstateInfo');
  });
});

describe('check answers', () => {
  it('lists the answers per step, and a change returns to the summary once the step is sent again', async () => {
    const client = t.client();
    const { task } = await walk(client, await started(client), { until: 'checkAnswers' });
    const answers = await client.get<Data<{ tasks: { taskDefinitionKey: string; data: Record<string, unknown> }[] }>>(answersPath(task.externalId));
    const keys = answers.body.data.tasks.map((entry) => entry.taskDefinitionKey);
    // Every step answered with a form (the create step was sent here without its form values).
    expect(keys).toEqual(['submitPersonalInfo', 'submitBackgroundData', 'submitEmployerInfo', 'submitAddress', 'submitFinancialData', 'submitBankDetailsAndIdentificationDocumentInfo']);
    expect(answers.body.data.tasks.find((entry) => entry.taskDefinitionKey === 'submitAddress')?.data).toMatchObject({ city: expect.any(String) });
    // Another session sees none of it.
    expect((await t.client().get<ApiErrorBody>(answersPath(task.externalId))).status).toBe(404);

    const changed = await client.post<Data<TaskResponse>>(changePath(task.externalId), {
      taskDefinitionKey: 'submitAddress',
      fromTaskDefinitionKey: 'checkAnswers',
      version: task.version,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ taskDefinitionKey: 'submitAddress', draft: { data: expect.objectContaining({ city: expect.any(String) }) } });
    const resent = await client.post<Data<TaskResponse>>(
      stepPath(task.externalId),
      exampleSubmission('submitAddress', changed.body.data.version, { values: { submitAddress: { city: 'Tartu' } } }),
    );
    expect(resent.body.data).toMatchObject({ taskDefinitionKey: 'checkAnswers', stepCount: task.stepCount });

    // A task not answered in this part, or a stale version, cannot be changed.
    const unknown = await client.post<ApiErrorBody>(changePath(task.externalId), {
      taskDefinitionKey: 'submitRealEstateInfo',
      fromTaskDefinitionKey: 'checkAnswers',
      version: resent.body.data.version,
    });
    expect(unknown.body.error.code).toBe('STEP_OUT_OF_ORDER');
    const stale = await client.post<ApiErrorBody>(changePath(task.externalId), {
      taskDefinitionKey: 'submitAddress',
      fromTaskDefinitionKey: 'checkAnswers',
      version: task.version,
    });
    expect(stale.body.error.code).toBe('VERSION_CONFLICT');
  });
});
