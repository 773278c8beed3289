/**
 * Issue 12 on the reference API: once the answers are checked, the decision engine decides
 * (docs/decisions/130-decision-engine.md) and the process ends at the decision's page; a test sets
 * the outcome for its session's applications through the sandbox. The rules themselves are unit
 * tested in decision-rules.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { ApiClient } from './support/api-client';
import { startTestApp, type TestApp } from './support/test-app';
import { continuePath, createApplication, createApplicationStep, stepPath, walk } from './support/payloads';

type Data<T> = { data: T };

const JAAN_CODE = '38503120003';
const continueAs = (externalId: string, role: 'applicant' | 'coborrower') => `/api/v1/application-process/${externalId}/continue?role=${role}`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

/** A small loan of `loanAmount` past its create step. */
async function started(client: ApiClient, loanAmount = 5000): Promise<TaskResponse> {
  const created = await createApplication(client);
  const sent = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(created.version, { loanAmount }));
  if (sent.status !== 200) throw new Error(`create step answered ${sent.status}: ${sent.text}`);
  return sent.body.data;
}

/** The applicant's part alone, with these incomes and obligations (the examples' otherwise). */
async function sent(client: ApiClient, options: { loanAmount?: number; financial?: Record<string, unknown> } = {}): Promise<TaskResponse> {
  const { task } = await walk(client, await started(client, options.loanAmount), {
    values: { submitBackgroundData: { hasCoApplicant: 'no' }, ...(options.financial ? { submitFinancialData: options.financial } : {}) },
  });
  return task;
}

const financial = (income: string, obligation?: { type: string; monthlyPayment: string; outstandingAmount: string }) => ({
  incomes: [{ source: 'SALARY', monthlyAmount: income }],
  noObligations: obligation === undefined,
  liabilities: obligation ? [{ creditor: 'Example Bank', ...obligation }] : [],
});

describe('the decision engine after check answers', () => {
  it('approves the examples’ applicant: the positive decision shows its offer, accepted, signed and on to the contract-signed page', async () => {
    const client = t.client();
    const task = await sent(client);
    expect(task).toMatchObject({ taskDefinitionKey: 'viewContractSigned', previousTaskDefinitionKey: null });
    expect(task.application.decision).toMatchObject({ outcome: 'POSITIVE', offer: { amount: 5000, variant: 'INITIAL' } });
  });

  it('refuses an applicant whose obligations already take more than half the income: a negative initial decision', async () => {
    const client = t.client();
    const task = await sent(client, { financial: financial('600', { type: 'CONSUMER_LOAN', monthlyPayment: '350', outstandingAmount: '9000' }) });
    expect(task).toMatchObject({ taskDefinitionKey: 'readNegativeDecision', previousTaskDefinitionKey: null });
    expect(task.application.decision).toEqual({ outcome: 'NEGATIVE_INITIAL' });
    // The decision ends the flow: nothing more can be sent, and continuing shows it again.
    const again = await client.post<Data<TaskResponse>>(continuePath(task.externalId));
    expect(again.body.data).toMatchObject({ taskDefinitionKey: 'readNegativeDecision', application: { decision: { outcome: 'NEGATIVE_INITIAL' } } });
  });

  it('leaves a tight case to a person: undecided, then the underwriter’s FINAL decision (decision 173)', async () => {
    const client = t.client();
    // 500 € income and 200 € rent: a 1000 € loan takes 47 % of it, and even the smallest loan over 40 %.
    const { task } = await walk(client, await started(client, 1000), {
      values: { submitBackgroundData: { hasCoApplicant: 'no' }, submitFinancialData: financial('500', { type: 'RENT', monthlyPayment: '200', outstandingAmount: '' }) },
      until: 'reviewApproved',
    });
    // This server's back office answers at once (the wait itself: final-stage.test.ts): the underwriter
    // accepts up to 50 %, so the offer shown is the final one.
    expect(task).toMatchObject({ taskDefinitionKey: 'reviewApproved', application: { decision: { outcome: 'POSITIVE', offer: { amount: 1000, variant: 'FINAL' } } } });
  });
});

describe('the sandbox decision control (test mode)', () => {
  // Two applications a test at most: a session may submit 30 steps a minute (server/rate-limit).
  it('sets the outcome for the session’s applications, not consumed', async () => {
    const client = t.client();
    await createApplication(client);
    expect((await client.post('/api/sandbox/decision', { outcome: 'NEGATIVE_REFINANCING' })).status).toBe(200);
    expect(await sent(client)).toMatchObject({ taskDefinitionKey: 'readNegativeDecision', application: { decision: { outcome: 'NEGATIVE_REFINANCING' } } });
    expect((await sent(client)).taskDefinitionKey).toBe('readNegativeDecision');
  });

  it('is set back to the rules with null', async () => {
    const client = t.client();
    await createApplication(client);
    await client.post('/api/sandbox/decision', { outcome: 'UNDECIDED_HOUSING_LOAN' });
    expect(await sent(client)).toMatchObject({ taskDefinitionKey: 'readUndecidedHousingLoanDecision', application: { decision: { outcome: 'UNDECIDED_HOUSING_LOAN' } } });
    await client.post('/api/sandbox/decision', { outcome: null });
    expect(await sent(client)).toMatchObject({ taskDefinitionKey: 'viewContractSigned', application: { decision: { outcome: 'POSITIVE' } } });
  });

  it('acts on this session only', async () => {
    const tester = t.client();
    await createApplication(tester);
    await tester.post('/api/sandbox/decision', { outcome: 'NEGATIVE_FINAL' });
    expect((await sent(t.client())).taskDefinitionKey).toBe('viewContractSigned');
    expect(await sent(tester)).toMatchObject({ taskDefinitionKey: 'readNegativeDecision', application: { decision: { outcome: 'NEGATIVE_FINAL' } } });
  });

  it('refuses an outcome the engine does not have', async () => {
    const client = t.client();
    await createApplication(client);
    const reply = await client.post<ApiErrorBody>('/api/sandbox/decision', { outcome: 'MAYBE' });
    expect(reply.status).toBe(422);
    expect(reply.body.error.code).toBe('VALIDATION_FAILED');
    expect((await client.post<ApiErrorBody>('/api/sandbox/decision', {})).status).toBe(422);
  });

  it('holds for the co-borrower’s last step, set by the applicant’s session: both see the decision', async () => {
    const applicant = t.client();
    const { task: waiting } = await walk(applicant, await started(applicant));
    expect(waiting.taskDefinitionKey).toBe('viewWaitingPage');
    await applicant.post('/api/sandbox/decision', { outcome: 'UNDECIDED' });
    const outbox = await applicant.get<Data<{ messages: { body: { link: string } }[] }>>(`/api/sandbox/outbox/${waiting.externalId}`);
    const link = outbox.body.data.messages.at(-1)?.body.link ?? '';
    const coBorrower = t.client();
    await coBorrower.post('/api/v1/invitations/accept', { token: link.split('/').at(-1) });
    const first = (await coBorrower.post<Data<TaskResponse>>(continueAs(waiting.externalId, 'coborrower'))).body.data;
    const { task } = await walk(coBorrower, first, { role: 'COBORROWER', values: { submitPersonalInfo: { personalCode: JAAN_CODE } } });
    expect(task).toMatchObject({ taskDefinitionKey: 'readUndecidedDecision', application: { decision: { outcome: 'UNDECIDED' } } });
    const applicantView = (await applicant.post<Data<TaskResponse>>(continueAs(waiting.externalId, 'applicant'))).body.data;
    expect(applicantView).toMatchObject({ taskDefinitionKey: 'readUndecidedDecision', application: { decision: { outcome: 'UNDECIDED' } } });
  });

  it('seeds an application already at a decision page, with its outcome', async () => {
    const client = t.client();
    const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
      taskDefinitionKey: 'readNegativeDecision',
      previousTasks: ['checkAnswers'],
      decision: 'NEGATIVE_REFINANCING',
    });
    expect(seeded.status).toBe(201);
    expect(seeded.body.data).toMatchObject({ taskDefinitionKey: 'readNegativeDecision', previousTaskDefinitionKey: null, application: { decision: { outcome: 'NEGATIVE_REFINANCING' } } });
    const plain = await client.post<Data<TaskResponse>>('/api/sandbox/applications', { taskDefinitionKey: 'readUndecidedDecision' });
    expect(plain.body.data.application.decision).toBeNull();
    expect((await client.post('/api/sandbox/applications', { taskDefinitionKey: 'readUndecidedDecision', decision: 'MAYBE' })).status).toBe(422);
  });
});
