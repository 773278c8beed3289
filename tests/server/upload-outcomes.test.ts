/**
 * The bank statement upload's two other outcomes (issue 13; docs/decisions/133, 134, 146): the
 * server counts the person's failed attempts (refused files, refused submissions of the step) and, at
 * the bank's limit, the process goes to the upload-limit page whatever the client does; and the step
 * goes on without statements (to the upload-skipped page) only where the bank allows a manual review.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { UploadedDocument } from '../../core/wire/document.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { UPLOAD_ATTEMPT_LIMIT } from '../../core/domain/documents';
import { MESSAGES } from '../../core/validation/messages';
import type { ApiClient } from './support/api-client';
import { continuePath, stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };
type Refusal = ApiErrorBody & { error: { details?: Record<string, number> } };

const EMPTY = { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} };
const documentPath = (externalId: string) => `/api/v1/application-process/${externalId}/document`;

function pdf(n: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`%PDF-1.7\n% statement ${n}\n%%EOF\n`);
}

/** An executable named as a PDF: refused by its content. */
const EXECUTABLE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

function upload(client: ApiClient, externalId: string, name: string, content: Uint8Array<ArrayBuffer>) {
  const body = new FormData();
  body.append('documentPurpose', 'BANK_STATEMENT');
  body.append('file', new File([content], name, { type: 'application/octet-stream' }));
  return client.post<Data<UploadedDocument> & Refusal>(documentPath(externalId), body);
}

let lv: TestApp;
let ee: TestApp;
beforeAll(async () => {
  lv = await startTestApp({ BUSINESS_DOMAIN: 'retail-banking-lv' });
  ee = lv.withEnv({ BUSINESS_DOMAIN: 'retail-banking-ee' });
});
afterAll(() => lv.database.dispose());

async function atUpload(t: TestApp, productName = 'SMALL_LOAN') {
  const client = t.client();
  const reply = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: 'uploadBankAccountStatementDocuments',
    productName,
    previousTasks: ['checkAnswers', 'provideBasViaOpenBanking'],
  });
  if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
  await client.post('/api/sandbox/decision', { outcome: 'POSITIVE' });
  return { client, task: reply.body.data, externalId: reply.body.data.externalId };
}

async function currentTask(client: ApiClient, externalId: string): Promise<TaskResponse> {
  const reply = await client.post<Data<TaskResponse>>(continuePath(externalId), {});
  expect(reply.status).toBe(200);
  return reply.body.data;
}

describe('failed upload attempts (decision 133)', () => {
  it('tells the attempts left with each refused file, and the one that reaches the limit leads to the upload-limit page', async () => {
    const { client, externalId } = await atUpload(lv);
    for (let attempt = 1; attempt < UPLOAD_ATTEMPT_LIMIT; attempt += 1) {
      const refused = await upload(client, externalId, `statement-${attempt}.pdf`, EXECUTABLE);
      expect(refused.status).toBe(422);
      expect(refused.body.error.fieldErrors).toEqual({ file: [MESSAGES.fileContentMismatch] });
      expect(refused.body.error.details).toEqual({ uploadAttemptsLeft: UPLOAD_ATTEMPT_LIMIT - attempt });
    }
    expect((await currentTask(client, externalId)).taskDefinitionKey).toBe('uploadBankAccountStatementDocuments');
    const last = await upload(client, externalId, 'empty.pdf', new Uint8Array(0));
    expect(last.status).toBe(422);
    expect(last.body.error.details).toEqual({ uploadAttemptsLeft: 0 });
    const after = await currentTask(client, externalId);
    expect(after).toMatchObject({ taskDefinitionKey: 'viewDocumentUploadLimitThankYouPage' });
    // The application has ended there: no more files, and the step cannot be sent any more.
    expect((await upload(client, externalId, 'late.pdf', pdf(1))).status).toBe(404);
    const sent = await client.post<ApiErrorBody>(stepPath(externalId), { taskDefinitionKey: 'uploadBankAccountStatementDocuments', version: after.version, application: EMPTY, variables: {} });
    expect(sent.status).toBe(409);
  });

  it('cannot be reset by the client: refused submissions count too, and removing files, reloading or a clean variable change nothing', async () => {
    const { client, externalId, task } = await atUpload(lv);
    expect((await upload(client, externalId, 'a.pdf', EXECUTABLE)).body.error.details).toEqual({ uploadAttemptsLeft: UPLOAD_ATTEMPT_LIMIT - 1 });
    // An accepted file is not an attempt failed; removing it resets nothing.
    const accepted = await upload(client, externalId, 'b.pdf', pdf(2));
    expect(accepted.status).toBe(200);
    expect((await client.delete(`${documentPath(externalId)}/${accepted.body.data.documentId}`)).status).toBe(200);
    // A submission without a statement is refused and counted, whatever variables it carries.
    const submission = { taskDefinitionKey: 'uploadBankAccountStatementDocuments', version: task.version, application: EMPTY, variables: { uploadRetriesExceeded: false, uploadAttempts: 0 } };
    const refused = await client.post<Refusal>(stepPath(externalId), submission);
    expect(refused.status).toBe(422);
    expect(refused.body.error.fieldErrors).toEqual({ documents: [MESSAGES.required] });
    expect(refused.body.error.details).toEqual({ uploadAttemptsLeft: UPLOAD_ATTEMPT_LIMIT - 2 });
    // A reload of the page (continue, the list of files) keeps the count.
    await currentTask(client, externalId);
    expect((await client.get(`/api/v1/application-process/${externalId}/documents`)).status).toBe(200);
    expect((await upload(client, externalId, 'c.pdf', new Uint8Array(0))).body.error.details).toEqual({ uploadAttemptsLeft: UPLOAD_ATTEMPT_LIMIT - 3 });
    // Another session cannot touch it (not found), and is not counted.
    expect((await upload(lv.client(), externalId, 'd.pdf', EXECUTABLE)).status).toBe(404);
    expect((await upload(client, externalId, 'e.pdf', EXECUTABLE)).body.error.details).toEqual({ uploadAttemptsLeft: UPLOAD_ATTEMPT_LIMIT - 4 });
  });

  it('counts nothing on a step that is not the bank statement upload', async () => {
    const client = lv.client();
    const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', { taskDefinitionKey: 'checkAnswers', productName: 'SMALL_LOAN' });
    const externalId = seeded.body.data.externalId;
    for (let attempt = 0; attempt <= UPLOAD_ATTEMPT_LIMIT; attempt += 1) {
      // Decision 179: this step takes no documents at all.
      const refused = await upload(client, externalId, `x-${attempt}.pdf`, EXECUTABLE);
      expect(refused.status).toBe(409);
      expect(refused.body.error.details).toBeUndefined();
    }
    expect((await currentTask(client, externalId)).taskDefinitionKey).toBe('checkAnswers');
  });
});

describe('going on without statements (decision 134)', () => {
  it('where the bank allows a manual review (Estonia, a small loan) ends at the upload-skipped page without asking the engine', async () => {
    const { client, externalId, task } = await atUpload(ee);
    const sent = await client.post<Data<TaskResponse>>(stepPath(externalId), {
      taskDefinitionKey: 'uploadBankAccountStatementDocuments',
      version: task.version,
      application: EMPTY,
      variables: { skipped: true },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.taskDefinitionKey).toBe('viewUploadSkipped');
    const [row] = await ee.database.db.query<{ data: Record<string, unknown>; process_done: boolean }>('select data, process_done from applications where external_id = $1', [externalId]);
    expect(row?.process_done).toBe(true);
    expect(row?.data['decision']).toBeUndefined();
  });

  it('is refused with 400 and a translated message in Latvia, for a loan secured by real estate, and for anything but true', async () => {
    for (const [t, productName, skipped] of [
      [lv, 'SMALL_LOAN', true],
      [ee, 'HOUSING_LOAN', true],
      [ee, 'SMALL_LOAN', 'yes'],
    ] as const) {
      const { client, externalId, task } = await atUpload(t, productName);
      const refused = await client.post<Refusal>(stepPath(externalId), {
        taskDefinitionKey: 'uploadBankAccountStatementDocuments',
        version: task.version,
        application: EMPTY,
        variables: { skipped },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { 'variables.skipped': [MESSAGES.uploadSkipNotAllowed] } });
      // Not an upload attempt of the person's: nothing is counted.
      expect(refused.body.error.details).toBeUndefined();
      expect((await currentTask(client, externalId)).taskDefinitionKey).toBe('uploadBankAccountStatementDocuments');
    }
  });

  it('with statements uploaded, going on without skipping leads to the decision as before', async () => {
    const { client, externalId, task } = await atUpload(ee);
    expect((await upload(client, externalId, 'march.pdf', pdf(3))).status).toBe(200);
    const sent = await client.post<Data<TaskResponse>>(stepPath(externalId), { taskDefinitionKey: 'uploadBankAccountStatementDocuments', version: task.version, application: EMPTY, variables: {} });
    expect(sent.body.data.taskDefinitionKey).toBe('reviewApproved');
  });
});
