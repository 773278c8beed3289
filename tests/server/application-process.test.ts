import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { startTestApp, type TestApp } from './support/test-app';
import { CREATE_REQUEST, MARI, continuePath, createApplication, createApplicationStep, finish, stepPath } from './support/payloads';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };

describe('create', () => {
  it('starts the retail process at the create-application step with the chosen product', async () => {
    const reply = await t.client().post<Data<TaskResponse>>('/api/v1/application-process', CREATE_REQUEST);
    expect(reply.status).toBe(201);
    const task = reply.body.data;
    expect(task).toMatchObject({ taskDefinitionKey: 'createApplicationStep', version: 1, stepCount: 1, draft: null });
    expect(task.application).toMatchObject({
      externalId: task.externalId,
      businessDomain: 'retail-banking-ee',
      currency: 'EUR',
      creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36, interestRate: 13.9, monthlyPaymentDay: 15 },
      source: { countryCode: 'EE' },
    });
    // The applicant exists from the start, carrying the chosen language (section 4).
    expect(task.application.relatedPersons.persons).toMatchObject([{ role: 'APPLICANT', languageCode: 'est', personalCodeMasked: null }]);
  });

  it('keeps amount and period within the product bounds and defaults them to the base values', async () => {
    const client = t.client();
    const high = await client.post<Data<TaskResponse>>('/api/v1/application-process', {
      application: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 1_000_000, loanPeriod: 1 } },
    });
    expect(high.body.data.application.creditConditions).toMatchObject({ loanAmount: 15000, loanPeriod: 6 });
    const none = await client.post<Data<TaskResponse>>('/api/v1/application-process', {
      application: { creditConditions: { productName: 'CAR_LOAN' } },
    });
    expect(none.body.data.application.creditConditions).toMatchObject({ productName: 'CAR_LOAN', loanAmount: 15000, loanPeriod: 60 });
  });

  it('refuses a product outside the domain catalogue with a field error', async () => {
    const reply = await t.client().post<ApiErrorBody>('/api/v1/application-process', {
      application: { creditConditions: { productName: 'OPERATING_LOAN' } },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { 'application.creditConditions.productName': ['validation.messages.choiceInvalid'] },
    });
  });

  it('refuses a malformed request with field errors by path', async () => {
    const reply = await t.client().post<ApiErrorBody>('/api/v1/application-process', { application: { creditConditions: {} } });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.error.fieldErrors ?? {})).toEqual(['application.creditConditions.productName']);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const reply = await t.client().post<ApiErrorBody>('/api/v1/application-process', '{not json');
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe('BAD_REQUEST');
  });

  it('creates a company’s application in corporate banking at its business-data step (issue 24)', async () => {
    const corporate = t.withEnv({ BUSINESS_DOMAIN: 'corporate-banking' });
    const reply = await corporate.client().post<{ data: TaskResponse }>('/api/v1/application-process', {
      application: { creditConditions: { productName: 'OPERATING_LOAN' } },
    });
    expect(reply.status).toBe(201);
    // Section 9's corporate defaults: the base amount and period where none was asked.
    expect(reply.body.data).toMatchObject({ taskDefinitionKey: 'businessData', application: { creditConditions: { productName: 'OPERATING_LOAN', loanAmount: 250000, loanPeriod: 60, interestRate: 15.9 } } });
  });

  it.each(['retail-banking-lv', 'retail-banking-lt'])('creates in %s with its country', async (domain) => {
    const task = await createApplication(t.withEnv({ BUSINESS_DOMAIN: domain }).client());
    expect(task.application).toMatchObject({ businessDomain: domain, source: { countryCode: domain.slice(-2).toUpperCase() } });
  });
});

describe('submit a step', () => {
  it('validates, stores, advances to the next step and counts the step', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const reply = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(created.version));
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      taskDefinitionKey: 'submitPersonalInfo',
      version: 2,
      stepCount: 2,
      // Decision 196: the personal code the first page gave starts the personal details (nothing typed there yet).
      draft: { taskDefinitionKey: 'submitPersonalInfo', version: 0, data: { personalCode: MARI.personalCode } },
      previousTaskDefinitionKey: 'createApplicationStep',
    });
    const [applicant] = reply.body.data.application.relatedPersons.persons;
    expect(applicant).toMatchObject({
      role: 'APPLICANT',
      declaredData: { firstName: 'Mari', surname: 'Maasikas', email: MARI.email, phoneNumber: MARI.phoneNumber },
      personalCodeMasked: '*******5718',
    });
    // Continue shows the same, with nothing left to resume.
    const resumed = await client.post<Data<TaskResponse>>(continuePath(created.externalId));
    expect(resumed.body.data).toEqual(reply.body.data);
  });

  it('stores the values as the shared schema outputs them (names capitalised)', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const submission = createApplicationStep(created.version);
    const person = submission.application.personUpdates[0] as { declaredData: Record<string, unknown> };
    person.declaredData['firstName'] = 'mari-liis';
    const reply = await client.post<Data<TaskResponse>>(stepPath(created.externalId), submission);
    expect(reply.body.data.application.relatedPersons.persons[0]?.declaredData?.firstName).toBe('Mari-Liis');
  });

  it('refuses a malformed payload with field errors: dotted paths relative to `application`, message keys', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const reply = await client.post<ApiErrorBody>(
      stepPath(created.externalId),
      createApplicationStep(created.version, { email: 'mari@gmail.co', personalCode: '38001085710', loanAmount: 10 }),
    );
    expect(reply.status).toBe(422);
    expect(reply.body.error.code).toBe('VALIDATION_FAILED');
    expect(reply.body.error.fieldErrors).toEqual({
      'applicationUpdates.creditConditions.loanAmount': ['validation.messages.amountOutOfRange?minEur=500&maxEur=15000'],
      'personUpdates.0.personalCode': [expect.stringMatching(/^validation\.messages\.personalCode/)],
      'personUpdates.0.declaredData.email': [expect.stringMatching(/^validation\.messages\.email/)],
    });
    // Nothing moved.
    const resumed = await client.post<Data<TaskResponse>>(continuePath(created.externalId));
    expect(resumed.body.data).toMatchObject({ taskDefinitionKey: 'createApplicationStep', version: 1, stepCount: 1 });
  });

  it('refuses a submission without the envelope fields', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const reply = await client.post<ApiErrorBody>(stepPath(created.externalId), { taskDefinitionKey: 'createApplicationStep' });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.error.fieldErrors ?? {})).toEqual(expect.arrayContaining(['version', 'application', 'variables']));
  });

  it('refuses a step that is not the current task with 409 STEP_OUT_OF_ORDER', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const reply = await client.post<ApiErrorBody>(stepPath(created.externalId), {
      ...createApplicationStep(created.version),
      taskDefinitionKey: 'viewThankYouPage',
    });
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('STEP_OUT_OF_ORDER');
  });

  it('refuses a submission after the process has ended', async () => {
    const client = t.client();
    const done = await finish(client, await createApplication(client));
    const reply = await client.post<ApiErrorBody>(stepPath(done.externalId), {
      ...createApplicationStep(done.version),
      taskDefinitionKey: 'viewAdditionalDataSubmitted',
    });
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('STEP_OUT_OF_ORDER');
  });

  it('refuses a stale version (two tabs) with 409 VERSION_CONFLICT', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const firstTab = await client.post(stepPath(created.externalId), createApplicationStep(created.version));
    expect(firstTab.status).toBe(200);
    const secondTab = await client.post<ApiErrorBody>(stepPath(created.externalId), createApplicationStep(created.version));
    expect(secondTab.status).toBe(409);
    expect(secondTab.body.error.code).toBe('VERSION_CONFLICT');
  });
});

describe('idempotent submit', () => {
  it('answers a repeated key with the first reply and advances once', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const headers = { 'idempotency-key': 'submit-key-0001' };
    const first = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(1), { headers });
    const again = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(1), { headers });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const resumed = await client.post<Data<TaskResponse>>(continuePath(created.externalId));
    expect(resumed.body.data).toMatchObject({ version: 2, stepCount: 2 });
  });

  it('answers concurrent double clicks once each, advancing once', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const headers = { 'idempotency-key': 'double-click-0001' };
    const replies = await Promise.all(
      [1, 2, 3].map(() => client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(1), { headers })),
    );
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    // Same content (a stored reply comes back from jsonb, so compare values, not key order).
    expect(replies[1]?.body).toEqual(replies[0]?.body);
    expect(replies[2]?.body).toEqual(replies[0]?.body);
    const resumed = await client.post<Data<TaskResponse>>(continuePath(created.externalId));
    expect(resumed.body.data.stepCount).toBe(2);
  });

  it('refuses the same key with another payload with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const headers = { 'idempotency-key': 'reused-key-0001' };
    await client.post(stepPath(created.externalId), createApplicationStep(1), { headers });
    const other = await client.post<ApiErrorBody>(stepPath(created.externalId), createApplicationStep(1, { email: 'other@example.com' }), { headers });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('lets a key be used again after its request failed, since nothing was changed', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const headers = { 'idempotency-key': 'after-failure-01' };
    const failed = await client.post(stepPath(created.externalId), createApplicationStep(1, { email: 'nope' }), { headers });
    expect(failed.status).toBe(422);
    const fixed = await client.post(stepPath(created.externalId), createApplicationStep(1, { email: 'nope' }), { headers });
    expect(fixed.status).toBe(422);
  });

  it('refuses a malformed idempotency key', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const reply = await client.post<ApiErrorBody>(stepPath(created.externalId), createApplicationStep(1), { headers: { 'idempotency-key': 'x' } });
    expect(reply.status).toBe(400);
  });
});

describe('drafts', () => {
  const draft = (version: number, data: Record<string, unknown>) => ({ taskDefinitionKey: 'createApplicationStep', version, data });

  it('saves versioned drafts apart from the application and offers the latest on continue', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const first = await client.put<Data<{ version: number }>>(stepPath(created.externalId), draft(0, { firstName: 'Ma' }));
    expect(first.body.data).toEqual({ version: 1 });
    const second = await client.put<Data<{ version: number }>>(stepPath(created.externalId), draft(1, { firstName: 'Mari', personalCode: '380010' }));
    expect(second.body.data).toEqual({ version: 2 });
    const resumed = await client.post<Data<TaskResponse>>(continuePath(created.externalId));
    expect(resumed.body.data).toMatchObject({
      version: 1,
      draft: { taskDefinitionKey: 'createApplicationStep', version: 2, data: { firstName: 'Mari', personalCode: '380010' } },
    });
  });

  it('refuses a stale draft version (two tabs) with 409 VERSION_CONFLICT', async () => {
    const client = t.client();
    const created = await createApplication(client);
    await client.put(stepPath(created.externalId), draft(0, { firstName: 'Tab one' }));
    const fresh = await client.put<ApiErrorBody>(stepPath(created.externalId), draft(0, { firstName: 'Tab two' }));
    expect(fresh.status).toBe(409);
    expect(fresh.body.error.code).toBe('VERSION_CONFLICT');
    const ahead = await client.put<ApiErrorBody>(stepPath(created.externalId), draft(5, { firstName: 'Tab two' }));
    expect(ahead.status).toBe(409);
  });

  it('refuses a draft for a task that is not current, and offers no draft of another task after a submit', async () => {
    const client = t.client();
    const created = await createApplication(client);
    await client.put(stepPath(created.externalId), draft(0, { firstName: 'Mari' }));
    const wrong = await client.put<ApiErrorBody>(stepPath(created.externalId), { ...draft(1, {}), taskDefinitionKey: 'viewThankYouPage' });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.code).toBe('STEP_OUT_OF_ORDER');
    const submitted = await client.post<Data<TaskResponse>>(stepPath(created.externalId), { ...createApplicationStep(1), draft: { firstName: 'Mari' } });
    // Only the next task's own starting answers (decision 196), never the first page's draft.
    expect(submitted.body.data.draft).toEqual({ taskDefinitionKey: 'submitPersonalInfo', version: 0, data: { personalCode: MARI.personalCode } });
    const late = await client.put<ApiErrorBody>(stepPath(created.externalId), draft(1, { firstName: 'Late' }));
    expect(late.body.error.code).toBe('STEP_OUT_OF_ORDER');
  });
});

describe('previous external id', () => {
  it('is the newest unfinished application of this session, or null', async () => {
    const client = t.client();
    const empty = await client.get<Data<{ externalId: string | null }>>('/api/v1/application/previous-external-id');
    expect(empty.body.data).toEqual({ externalId: null });
    const older = await createApplication(client);
    const newer = await createApplication(client);
    const newest = await client.get<Data<{ externalId: string | null }>>('/api/v1/application/previous-external-id');
    expect(newest.body.data.externalId).toBe(newer.externalId);
    await finish(client, newer);
    const afterFinish = await client.get<Data<{ externalId: string | null }>>('/api/v1/application/previous-external-id');
    expect(afterFinish.body.data.externalId).toBe(older.externalId);
    const stranger = await t.client().get<Data<{ externalId: string | null }>>('/api/v1/application/previous-external-id');
    expect(stranger.body.data.externalId).toBeNull();
  });

  it("with a product (the link named one, decision 239): the newest unfinished application of that product only", async () => {
    const client = t.client();
    const previous = async (query: string) => (await client.get<Data<{ externalId: string | null }>>(`/api/v1/application/previous-external-id${query}`)).body.data.externalId;
    const smallLoan = await createApplication(client);
    const carReply = await client.post<Data<TaskResponse>>('/api/v1/application-process', {
      application: { ...CREATE_REQUEST.application, creditConditions: { productName: 'CAR_LOAN', loanAmount: 15000, loanPeriod: 60 } },
    });
    expect(carReply.status).toBe(201);
    const carLoan = carReply.body.data;
    expect(await previous('')).toBe(carLoan.externalId);
    expect(await previous('?productName=CAR_LOAN')).toBe(carLoan.externalId);
    // An older application of the product asked for, past a newer one of another product.
    expect(await previous('?productName=SMALL_LOAN')).toBe(smallLoan.externalId);
    expect(await previous('?productName=HOUSING_LOAN')).toBeNull();
    await finish(client, smallLoan);
    expect(await previous('?productName=SMALL_LOAN')).toBeNull();
    // Not a product name: refused, never read as "any product".
    const unknown = await client.get<ApiErrorBody>('/api/v1/application/previous-external-id?productName=BOAT_LOAN');
    expect(unknown.status).toBe(422);
  });
});
