/**
 * Decision 175 on the reference API: three closing pages reached by the bank's own process, without
 * any sandbox control moving the application there (the sandbox only sets up the other application,
 * or scripts what a signing provider answers, as its simulator would):
 * - the duplicate application page, when another owner's application of the same person and product
 *   is being handled by the bank;
 * - the short application page at the end of the partner short flow, decided but not shown;
 * - the signing negative page, when the signing provider refuses for good.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { EsignStatusResponse, SigningStatusResponse } from '../../core/wire/signing.schema';
import type { StepSubmission } from '../../core/wire/process.schema';
import { applicationReference } from '../../core/domain/application-reference';
import { elevenDigitCheckDigit } from '../../core/validation/estonia/personal-code';
import { SIGNING_ATTEMPTS_LIMIT } from '../../server/signing/signing-refusals';
import type { ApiClient } from './support/api-client';
import { MARI, continuePath, createApplication, createApplicationStep, stepPath, walk } from './support/payloads';
import { TEST_ORIGIN, startTestApp, type TestApp } from './support/test-app';
import { logInThroughSso, renewedSessionCookie } from './support/sso-login';
import { visitProvider } from './providers/support/provider-visit';
import { sealText } from '../../server/crypto/data-cipher';

type Data<T> = { data: T };

let t: TestApp;
beforeAll(async () => {
  // The duplicate check on, as the bank runs it (the test harness turns it off elsewhere).
  t = await startTestApp({ DUPLICATE_APPLICATION_DAYS: '30' });
});
afterAll(() => t.database.dispose());

/** A valid Estonian personal code of a man born on 8 January 1980, one per test (`serial` 10 to 99). */
function personCode(serial: number): string {
  const firstTen = `38001081${String(serial).padStart(2, '0')}`;
  return `${firstTen}${elevenDigitCheckDigit(firstTen)}`;
}

const previousPath = '/api/v1/application/previous-external-id';

async function stored(externalId: string): Promise<Record<string, unknown>> {
  const [row] = await t.database.db.query<{ data: Record<string, unknown> }>('select data from applications where external_id = $1', [externalId]);
  if (!row) throw new Error(`no application ${externalId}`);
  return row.data;
}

/** A new application of this client, its create step sent with `personalCode`: the task that follows. */
async function applyAs(client: ApiClient, personalCode: string = MARI.personalCode, change?: (step: StepSubmission) => void): Promise<TaskResponse> {
  const created = await createApplication(client);
  const step = createApplicationStep(created.version, { personalCode });
  change?.(step);
  const sent = await client.post<Data<TaskResponse>>(stepPath(created.externalId), step);
  if (sent.status !== 200) throw new Error(`create step answered ${sent.status}: ${sent.text}`);
  return sent.body.data;
}

/** A small loan of this client's whose applicant sent their answers: the bank decided, the offer waits (open). */
async function sentApplication(client: ApiClient, personalCode: string = MARI.personalCode): Promise<TaskResponse> {
  const first = await applyAs(client, personalCode);
  expect(first.taskDefinitionKey).toBe('submitPersonalInfo');
  const values = { submitPersonalInfo: { personalCode }, submitBackgroundData: { hasCoApplicant: 'no' } };
  const { task } = await walk(client, first, { until: 'reviewApproved', values });
  expect(task.taskDefinitionKey).toBe('reviewApproved');
  return task;
}

/** A small loan of this client, placed where the bank's process would rest, of the applicant with `personalCode`. */
async function seeded(client: ApiClient, personalCode: string, taskDefinitionKey: string, previousTasks = ['checkAnswers']): Promise<TaskResponse> {
  const reply = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey,
    productName: 'SMALL_LOAN',
    previousTasks,
    application: { personUpdates: [{ role: 'APPLICANT', personalCode, declaredData: { firstName: MARI.firstName } }] },
  });
  if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
  return reply.body.data;
}

describe('the duplicate application page: the bank already handles this person’s application for the product', () => {
  it('ends a new application of another session at the duplicate page, closed, undecided, telling nothing of the other', async () => {
    const owner = t.client();
    const earlier = await sentApplication(owner);
    const client = t.client();
    const task = await applyAs(client);
    expect(task).toMatchObject({ taskDefinitionKey: 'viewDuplicateApplication', previousTaskDefinitionKey: null });
    // Nothing about the other application: not its id, its reference, its amount or its stage.
    const text = JSON.stringify(task);
    expect(text).not.toContain(earlier.externalId);
    expect(text).not.toContain(applicationReference(earlier.externalId));
    expect(text).not.toContain('reviewApproved');
    // Not decided (a duplicate is not the engine's), and closed: not continued by `/`, no step taken.
    expect(task.application.decision).toBeNull();
    expect((await stored(task.externalId))['decision']).toBeUndefined();
    expect((await client.get<Data<{ externalId: string | null }>>(previousPath)).body.data.externalId).toBeNull();
    const again = await client.post<Data<TaskResponse>>(continuePath(task.externalId));
    expect(again.body.data.taskDefinitionKey).toBe('viewDuplicateApplication');
    const sent = await client.post<ApiErrorBody>(stepPath(task.externalId), createApplicationStep(again.body.data.version));
    expect(sent.status).toBe(409);
    // The earlier application goes on as it was, for its own session.
    expect((await owner.post<Data<TaskResponse>>(continuePath(earlier.externalId))).body.data.taskDefinitionKey).toBe('reviewApproved');
  });

  it('is not a duplicate while the other application is still in its applicant’s data steps, nor of another person', async () => {
    const code = personCode(12);
    const client = t.client();
    const open = await applyAs(client, code);
    expect(open.taskDefinitionKey).toBe('submitPersonalInfo');
    const { task } = await walk(client, open, { until: 'checkAnswers', values: { submitPersonalInfo: { personalCode: code }, submitBackgroundData: { hasCoApplicant: 'no' } } });
    expect(task.taskDefinitionKey).toBe('checkAnswers');
    // Waiting at the check of the answers: not sent yet, so not the bank's.
    expect((await applyAs(t.client(), code)).taskDefinitionKey).toBe('submitPersonalInfo');
    expect((await applyAs(t.client(), personCode(13))).taskDefinitionKey).toBe('submitPersonalInfo');
  });

  it('is not a duplicate for another product', async () => {
    const code = personCode(14);
    await sentApplication(t.client(), code);
    const carLoan = await applyAs(t.client(), code, (step) => {
      Object.assign(step.application.applicationUpdates, { creditConditions: { productName: 'CAR_LOAN', loanAmount: 12000, loanPeriod: 48 } });
    });
    expect(carLoan.taskDefinitionKey).toBe('submitPersonalInfo');
    expect(carLoan.application.creditConditions.productName).toBe('CAR_LOAN');
  });

  it.each([
    ['readUndecidedDecision', 20],
    ['viewUploadSkipped', 21],
    ['viewShortApplicationSubmitted', 22],
    ['weWillBeWaitingForYouInPostOffice', 23],
    ['viewContractConditions', 24],
  ] as const)('counts an application at %s, where the bank goes on with it', async (taskDefinitionKey, serial) => {
    const code = personCode(serial);
    await seeded(t.client(), code, taskDefinitionKey);
    expect((await applyAs(t.client(), code)).taskDefinitionKey).toBe('viewDuplicateApplication');
  });

  it.each([
    ['viewThankYouPage', 30],
    ['readNegativeDecision', 31],
    ['viewContractSigned', 32],
    ['showContractSigningNegativePage', 33],
    ['viewDuplicateApplication', 34],
  ] as const)('does not count an application ended at %s, which the bank is done with', async (taskDefinitionKey, serial) => {
    const code = personCode(serial);
    await seeded(t.client(), code, taskDefinitionKey);
    expect((await applyAs(t.client(), code)).taskDefinitionKey).toBe('submitPersonalInfo');
  });

  it('does not count an annulled application', async () => {
    const code = personCode(40);
    const annulled = await sentApplication(t.client(), code);
    await t.database.db.query('update applications set annulled_at = now() where external_id = $1', [annulled.externalId]);
    expect((await applyAs(t.client(), code)).taskDefinitionKey).toBe('submitPersonalInfo');
  });

  it('within one session ChooseContinueOption comes first; going on with the new application then meets the other session’s', async () => {
    const code = personCode(41);
    const other = await sentApplication(t.client(), code);
    const client = t.client();
    // This session's own open application of the person (its data steps under way).
    await seeded(client, code, 'submitAddress', ['createApplicationStep', 'submitPersonalInfo', 'submitBackgroundData']);
    const choosing = await applyAs(client, code);
    expect(choosing.taskDefinitionKey).toBe('chooseContinueOption');
    const chosen = await client.post<Data<TaskResponse>>(stepPath(choosing.externalId), {
      taskDefinitionKey: 'chooseContinueOption',
      version: choosing.version,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: { continueOption: 'ANNUL_ACTIVE' } },
      variables: {},
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.taskDefinitionKey).toBe('viewDuplicateApplication');
    expect(JSON.stringify(chosen.body.data)).not.toContain(other.externalId);
  });

  it('counts only another session’s applications: the same session’s sent one does not make a duplicate', async () => {
    const code = personCode(42);
    const client = t.client();
    const mine = await sentApplication(client, code);
    // Its own open application is ChooseContinueOption's (decision 121), not a duplicate.
    const asked = await applyAs(client, code);
    expect(asked.taskDefinitionKey).toBe('chooseContinueOption');
    expect((await client.post(`/api/v1/application-process/${asked.externalId}/annul`)).status).toBe(200);
    // Sent and ended where the bank goes on with it (an undecided decision): this session knows it; not a duplicate.
    await t.database.db.query("update applications set process_done = true, task_key = 'readUndecidedDecision' where external_id = $1", [mine.externalId]);
    expect((await applyAs(client, code)).taskDefinitionKey).toBe('submitPersonalInfo');
  });

});

describe('the short application page: the end of the partner short flow', () => {
  it('follows the check of the answers: the engine decides for the bank’s staff, the applicant is not shown it', async () => {
    const client = t.client();
    const seededAt = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
      taskDefinitionKey: 'submitBackgroundData',
      productName: 'SMALL_LOAN',
      previousTasks: ['createApplicationStep', 'submitPersonalInfo'],
      application: {
        applicationUpdates: { creditConditions: { loanAmount: 3000, loanPeriod: 36 }, source: { channel: 'PARTNER_SHORT' } },
        personUpdates: [{ role: 'APPLICANT', personalCode: personCode(60), declaredData: { firstName: MARI.firstName, surname: MARI.surname, email: MARI.email } }],
      },
    });
    expect(seededAt.status).toBe(201);
    const { task, answered } = await walk(client, seededAt.body.data, {
      channel: 'PARTNER_SHORT',
      values: { submitBackgroundData: { loanPeriod: '36', hasCoApplicant: 'no' } },
    });
    expect(task).toMatchObject({ taskDefinitionKey: 'viewShortApplicationSubmitted', previousTaskDefinitionKey: null });
    expect(answered.at(-1)).toBe('checkAnswers');
    expect(task.application.decision).toBeNull();
    // Decided, and kept with the application for the bank's staff.
    expect((await stored(task.externalId))['decision']).toMatchObject({ outcome: expect.any(String) });
    const again = await client.post<Data<TaskResponse>>(continuePath(task.externalId));
    expect(again.body.data).toMatchObject({ taskDefinitionKey: 'viewShortApplicationSubmitted', application: { decision: null } });
  });
});

describe('the signing negative page: the signing provider refuses for good', () => {
  const base = (externalId: string) => `/api/v1/application/${externalId}/signing`;

  /** An application of this client's session at ViewContractConditions, Smart-ID chosen, its applicant with a personal code. */
  async function atSigning(client: ApiClient, options: { cardAccepted?: boolean } = {}): Promise<TaskResponse> {
    const seededAt = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
      taskDefinitionKey: 'viewContractAndChooseSigningMethod',
      previousTasks: ['checkAnswers'],
      decision: 'POSITIVE',
      application: {
        applicationUpdates: { creditConditions: { loanAmount: 5000, loanPeriod: 36, monthlyPaymentDay: 20 }, ...(options.cardAccepted ? { creditCardOfferAccepted: true } : {}) },
        personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { bankAccountNumber: 'EE382200221020145685' } }],
      },
    });
    if (seededAt.status !== 201) throw new Error(`seed answered ${seededAt.status}: ${seededAt.text}`);
    const chosen = await client.post<Data<TaskResponse>>(stepPath(seededAt.body.data.externalId), {
      taskDefinitionKey: 'viewContractAndChooseSigningMethod',
      version: seededAt.body.data.version,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: { signingMethod: 'SMART_ID' } },
      variables: {},
    });
    expect(chosen.body.data.taskDefinitionKey).toBe('viewContractConditions');
    return chosen.body.data;
  }

  /** One Smart-ID attempt whose answer the simulator is scripted with: the status call's answer. */
  async function smartId(client: ApiClient, externalId: string, result: string): Promise<SigningStatusResponse> {
    expect((await client.post('/api/sandbox/signing/smart-id', { result, runningPolls: 0 })).status).toBe(200);
    const started = await client.post(base(externalId), { method: 'SMART_ID' });
    expect(started.status, started.text).toBe(200);
    return (await client.post<Data<SigningStatusResponse>>(`${base(externalId)}/status`)).body.data;
  }

  const current = async (client: ApiClient, externalId: string) => (await client.post<Data<TaskResponse>>(continuePath(externalId))).body.data;

  it('another person signed (the certificate names someone else): at once to the signing negative page, and nothing more is signed', async () => {
    const client = t.client();
    const task = await atSigning(client);
    expect(await smartId(client, task.externalId, 'NAMES_DONT_MATCH')).toMatchObject({ status: 'NAMES_DONT_MATCH', signingEnded: true });
    expect(await current(client, task.externalId)).toMatchObject({ taskDefinitionKey: 'showContractSigningNegativePage', previousTaskDefinitionKey: null });
    expect((await stored(task.externalId))['signingRefusal']).toMatchObject({ reason: 'ANOTHER_PERSON' });
    // The status keeps saying so; a new signing is refused; the signing step cannot be sent.
    expect((await client.post<Data<SigningStatusResponse>>(`${base(task.externalId)}/status`)).body.data.signingEnded).toBe(true);
    const again = await client.post<ApiErrorBody>(base(task.externalId), { method: 'SMART_ID' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('SIGNING_NOT_AVAILABLE');
    const sent = await client.post<ApiErrorBody>(stepPath(task.externalId), {
      taskDefinitionKey: 'viewContractConditions',
      version: task.version + 1,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
      variables: {},
    });
    expect(sent.status).toBe(409);
  });

  it(`the signer's failed attempts across methods end it at the ${SIGNING_ATTEMPTS_LIMIT}th; until then each may be tried again, and the providers' own failures do not count`, async () => {
    const client = t.client();
    const task = await atSigning(client);
    // eParaksts' page refused by the person: one failed attempt of another method.
    const auth = await client.post<Data<{ redirectUrl: string }>>(`${base(task.externalId)}/eparaksts/authenticate`, { languageCode: 'est', signingMethod: 'EPARAKSTS' });
    expect(auth.status, auth.text).toBe(200);
    const visit = await visitProvider(auth.body.data.redirectUrl, 'refuse');
    await client.get(`${visit.callback.pathname}${visit.callback.search}`);
    expect((await client.get<Data<EsignStatusResponse>>(`${base(task.externalId)}/eparaksts/status`)).body.data).toMatchObject({ status: 'AUTHENTICATION_FAILED' });
    for (const result of ['USER_CANCELLED', 'PROVIDER_ERROR', 'WRONG_VC', 'END_PROVIDER_MISCONFIGURATION', 'TIMEOUT']) {
      const answer = await smartId(client, task.externalId, result);
      expect(answer.status).toBe(result);
      expect(answer.signingEnded, result).toBeUndefined();
    }
    expect((await current(client, task.externalId)).taskDefinitionKey).toBe('viewContractConditions');
    // The fifth failure on the signer's side (not a client of Smart-ID).
    expect(await smartId(client, task.externalId, 'NOT_CLIENT')).toMatchObject({ status: 'NOT_CLIENT', signingEnded: true });
    expect((await current(client, task.externalId)).taskDefinitionKey).toBe('showContractSigningNegativePage');
    expect((await stored(task.externalId))['signingRefusal']).toMatchObject({ reason: 'TOO_MANY_ATTEMPTS' });
    expect((await client.get<Data<EsignStatusResponse>>(`${base(task.externalId)}/eparaksts/status`)).body.data.signingEnded).toBe(true);
  });

  it('eParaksts names another person than the applicant: the signing ends, and the e-signature status says so', async () => {
    const client = t.client();
    const task = await atSigning(client);
    const auth = await client.post<Data<{ redirectUrl: string }>>(`${base(task.externalId)}/eparaksts/authenticate`, { languageCode: 'est', signingMethod: 'EPARAKSTS' });
    const visit = await visitProvider(auth.body.data.redirectUrl, 'approve');
    // The provider identified someone else than the application's applicant.
    await t.database.db.query(`update persons set personal_code = $2 where application_id = (select id from applications where external_id = $1)`, [
      task.externalId,
      sealText('persons.personal_code', personCode(70)),
    ]);
    await client.get(`${visit.callback.pathname}${visit.callback.search}`);
    expect((await client.get<Data<EsignStatusResponse>>(`${base(task.externalId)}/eparaksts/status`)).body.data).toMatchObject({
      status: 'AUTHENTICATION_FAILED',
      signingEnded: true,
    });
    expect((await current(client, task.externalId)).taskDefinitionKey).toBe('showContractSigningNegativePage');
  });

  it('a contract signed already is not undone: with the loan signed, a refusal of the card leaves the signing step as it is', async () => {
    const flagged = t.withEnv({ FEATURE_FLAGS: 'crossSellSigning' });
    const client = flagged.client();
    const task = await atSigning(client, { cardAccepted: true });
    expect((await smartId(client, task.externalId, 'SIGNED_CONTRACT')).status).toBe('SIGNED_CONTRACT');
    expect(await smartId(client, task.externalId, 'NAMES_DONT_MATCH')).not.toHaveProperty('signingEnded');
    expect((await current(client, task.externalId)).taskDefinitionKey).toBe('viewContractConditions');
  });
});

describe('the loyalty segment at /start, from the bank’s own records of the customer who logged in', () => {
  const segmentPath = '/api/v1/application-process/upsale/loyalty-segment';
  const segmentOf = async (client: ApiClient) => (await client.get<Data<{ segment: string | null }>>(segmentPath)).body.data.segment;

  /** A small loan of `personalCode`, applied for, approved and signed in this client's session. */
  async function signedLoan(client: ApiClient, personalCode: string): Promise<TaskResponse> {
    const first = await applyAs(client, personalCode);
    const { task } = await walk(client, first, { values: { submitPersonalInfo: { personalCode }, submitBackgroundData: { hasCoApplicant: 'no' } } });
    expect(task.taskDefinitionKey).toBe('viewContractSigned');
    return task;
  }

  /** A new browser that started an application and logged in at the login service as `personalCode`. */
  async function loggedInAs(personalCode: string): Promise<ApiClient> {
    const client = t.client();
    await client.startSession();
    const reply = await logInThroughSso(t, client, `${TEST_ORIGIN}/`, { personalCode });
    const cookie = renewedSessionCookie(reply);
    expect(cookie, JSON.stringify(reply)).toBeDefined();
    client.useCookie(cookie);
    return client;
  }

  it('a customer with a signed loan who logged in: a personal offer (segment one)', async () => {
    const code = personCode(80);
    await signedLoan(t.client(), code);
    expect(await segmentOf(await loggedInAs(code))).toBe('LOYALTY_SEGMENT_ONE');
  });

  it('someone the bank has no signed contract of, or who did not log in: product selection (segment two)', async () => {
    expect(await segmentOf(await loggedInAs(personCode(81)))).toBe('LOYALTY_SEGMENT_TWO');
    // Typing a customer's personal code is not identification.
    const code = personCode(82);
    await signedLoan(t.client(), code);
    const typed = t.client();
    await applyAs(typed, code);
    expect(await segmentOf(typed)).toBe('LOYALTY_SEGMENT_TWO');
    expect(await segmentOf(t.client())).toBe('LOYALTY_SEGMENT_TWO');
  });

  it('a loan counts while it runs or for two years after signing, whichever is longer', async () => {
    const code = personCode(83);
    const signed = await signedLoan(t.client(), code);
    const client = await loggedInAs(code);
    const signedAgo = (months: number) =>
      t.database.db.query(`update signed_contracts set signed_at = now() - make_interval(months => $2) where application_id = (select id from applications where external_id = $1)`, [
        signed.externalId,
        months,
      ]);
    // A 36-month loan signed 30 months ago still runs.
    await signedAgo(30);
    expect(await segmentOf(client)).toBe('LOYALTY_SEGMENT_ONE');
    // Repaid (its period over) and signed over two years ago: no product at the bank any more.
    await signedAgo(40);
    expect(await segmentOf(client)).toBe('LOYALTY_SEGMENT_TWO');
  });

  it('in test mode the sandbox’s segment wins over the records', async () => {
    const code = personCode(84);
    await signedLoan(t.client(), code);
    const client = await loggedInAs(code);
    expect((await client.post('/api/sandbox/loyalty-segment', { segment: 'LOYALTY_SEGMENT_TWO' })).status).toBe(200);
    expect(await segmentOf(client)).toBe('LOYALTY_SEGMENT_TWO');
  });
});

describe('the bank’s period (runs last: it moves the clock)', () => {
  it('an application last changed longer ago than the bank’s period no longer counts (runs last: it moves the clock)', async () => {
    const code = personCode(50);
    await sentApplication(t.client(), code);
    expect((await applyAs(t.client(), code)).taskDefinitionKey).toBe('viewDuplicateApplication');
    t.advance(31 * 24 * 60 * 60);
    expect((await applyAs(t.client(), code)).taskDefinitionKey).toBe('submitPersonalInfo');
  });
});
