/**
 * Issue 13 on the reference API: `POST /api/v1/application-process/{externalId}/document` checks
 * every upload rule of section 5 itself, by content, whatever the client checked; keeps the file
 * under a random id; and gives each person only their own files (docs/decisions/150-uploads.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedDocument, UploadedDocuments } from '../../core/wire/document.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { MESSAGES } from '../../core/validation/messages';
import { UPLOAD_LIMITS } from '../../core/validation/uploads/limits';
import type { ApiClient } from './support/api-client';
import { FILE_NAME_MAX_LENGTH } from '../../core/validation/uploads/limits';
import type { TaskResponse } from '../../core/wire/application.schema';
import { startTestApp, type TestApp } from './support/test-app';
import { openBytes, openText } from '../../server/crypto/data-cipher';

type Data<T> = { data: T };

const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A Windows executable's first bytes ("MZ"), named as a PDF. */
const EXECUTABLE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const documentPath = (externalId: string) => `/api/v1/application-process/${externalId}/document`;
const documentsPath = (externalId: string) => `/api/v1/application-process/${externalId}/documents`;

function form(name: string, content: Uint8Array<ArrayBuffer>, purpose = 'BANK_STATEMENT'): FormData {
  const body = new FormData();
  body.append('documentPurpose', purpose);
  body.append('file', new File([content], name, { type: 'application/octet-stream' }));
  return body;
}

/** A PDF of its own content (every upload in a list must differ, or it is a duplicate). */
function pdf(n: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`%PDF-1.7\n% statement ${n}\n%%EOF\n`);
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

async function upload(client: ApiClient, externalId: string, name: string, content: Uint8Array<ArrayBuffer>, purpose?: string) {
  return client.post<Data<UploadedDocument> & ApiErrorBody>(documentPath(externalId), form(name, content, purpose));
}

/** An application of a new session's, at its bank statement upload (the step that takes the files: decision 179). */
async function started(app: TestApp = t): Promise<{ client: ApiClient; externalId: string }> {
  const client = app.client();
  const reply = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: 'uploadBankAccountStatementDocuments',
    productName: 'SMALL_LOAN',
    previousTasks: ['checkAnswers', 'provideBasViaOpenBanking'],
  });
  if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
  return { client, externalId: reply.body.data.externalId };
}

describe('a document upload', () => {
  it('keeps an accepted file under a random id, never its name, and lists it back to its uploader', async () => {
    const { client, externalId } = await started();
    const reply = await upload(client, externalId, 'statement.pdf', PDF);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ fileName: 'statement.pdf', size: PDF.byteLength, purpose: 'BANK_STATEMENT' });
    expect(reply.body.data.documentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(reply.body.data.documentId).not.toContain('statement');

    const stored = await t.database.db.query<{ id: string; file_name: string; content: Uint8Array; detected_type: string }>(
      'select id, file_name, content, detected_type from documents where id = $1',
      [reply.body.data.documentId],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.detected_type).toBe('pdf');
    // Sealed at rest (issue 23): neither the name nor the bytes are there as sent; opened, they are.
    expect(Buffer.from(stored[0]!.content).includes(Buffer.from(PDF.subarray(0, 16)))).toBe(false);
    expect(stored[0]!.file_name).not.toContain('statement');
    expect(Buffer.from(openBytes('documents.content', stored[0]!.content)).equals(Buffer.from(PDF))).toBe(true);
    expect(openText('documents.file_name', stored[0]!.file_name)).toBe('statement.pdf');

    const listed = await client.get<Data<UploadedDocuments>>(documentsPath(externalId));
    expect(listed.body.data.documents).toEqual([reply.body.data]);
  });

  it.each([
    ['a PDF-named executable', 'statement.pdf', EXECUTABLE, MESSAGES.fileContentMismatch],
    ['a PNG named as a PDF', 'scan.pdf', PNG, MESSAGES.fileContentMismatch],
    ['an empty file', 'empty.pdf', new Uint8Array(0), MESSAGES.fileEmpty],
    ['a type section 5 does not allow', 'statement.exe', EXECUTABLE, MESSAGES.fileTypeNotAllowed],
  ])('refuses %s with its field message, and stores nothing', async (_what, name, content, message) => {
    const { client, externalId } = await started();
    const reply = await upload(client, externalId, name, content);
    expect(reply.status).toBe(422);
    expect(reply.body.error.fieldErrors).toEqual({ file: [message] });
    expect((await client.get<Data<UploadedDocuments>>(documentsPath(externalId))).body.data.documents).toEqual([]);
  });

  it('refuses an oversized file, whatever the client said about it', async () => {
    const { client, externalId } = await started();
    const big = new Uint8Array(UPLOAD_LIMITS.default.maxFileBytes + 1);
    big.set(PDF);
    const reply = await upload(client, externalId, 'big.pdf', big);
    expect(reply.status).toBe(422);
    expect(reply.body.error.fieldErrors).toEqual({ file: [MESSAGES.fileTooLarge] });
  });

  it('refuses a body beyond the largest file before reading it', async () => {
    const { client, externalId } = await started();
    const huge = new Uint8Array(UPLOAD_LIMITS.default.maxFileBytes + 128 * 1024);
    huge.set(PDF);
    const reply = await upload(client, externalId, 'huge.pdf', huge);
    expect(reply.status).toBe(422);
    // The rest of the body was not read: the connection cannot carry another request.
    expect(reply.headers.get('connection')).toBe('close');
    expect(reply.body.error.fieldErrors).toEqual({ file: [MESSAGES.fileTooLarge] });
  });

  it('refuses the same content again as a duplicate, under any name', async () => {
    const { client, externalId } = await started();
    expect((await upload(client, externalId, 'march.pdf', PDF)).status).toBe(200);
    const again = await upload(client, externalId, 'march-copy.pdf', PDF);
    expect(again.status).toBe(422);
    expect(again.body.error.fieldErrors).toEqual({ file: [MESSAGES.fileDuplicate] });
  });

  it('takes no more files of a purpose than section 5 allows', async () => {
    const { client, externalId } = await started();
    const limit = UPLOAD_LIMITS.default.maxFiles;
    for (let n = 0; n < limit; n += 1) expect((await upload(client, externalId, `statement-${n}.pdf`, pdf(n))).status).toBe(200);
    const over = await upload(client, externalId, 'one-more.pdf', pdf(limit));
    expect(over.status).toBe(422);
    expect(over.body.error.fieldErrors).toEqual({ file: [MESSAGES.filesTooMany] });
  });

  it('refuses an unknown purpose and a request that is not multipart', async () => {
    const { client, externalId } = await started();
    expect((await upload(client, externalId, 'statement.pdf', PDF, 'PASSPORT_SCAN')).status).toBe(422);
    expect((await client.post(documentPath(externalId), { file: 'statement.pdf' })).status).toBe(415);
  });

  it("is refused for another session's application, and another session sees none of its documents", async () => {
    const { client, externalId } = await started();
    const mine = await upload(client, externalId, 'statement.pdf', PDF);
    const stranger = t.client();
    await stranger.startSession();
    expect((await upload(stranger, externalId, 'statement.pdf', pdf(99))).status).toBe(404);
    expect((await stranger.get(documentsPath(externalId))).status).toBe(404);
    expect((await stranger.delete(`${documentPath(externalId)}/${mine.body.data.documentId}`)).status).toBe(404);
    expect((await upload(t.client(), externalId, 'statement.pdf', pdf(98))).status).toBe(404);
  });

  it('removes a file before the step is sent; the same file may then come again', async () => {
    const { client, externalId } = await started();
    const first = await upload(client, externalId, 'statement.pdf', PDF);
    expect((await client.delete(`${documentPath(externalId)}/${first.body.data.documentId}`)).status).toBe(200);
    expect((await client.get<Data<UploadedDocuments>>(documentsPath(externalId))).body.data.documents).toEqual([]);
    expect((await client.delete(`${documentPath(externalId)}/${first.body.data.documentId}`)).status).toBe(404);
    expect((await upload(client, externalId, 'statement.pdf', PDF)).status).toBe(200);
  });
});

describe('a Latvian retail bank statement', () => {
  it('is the Latvian pdf flow: a PDF only', async () => {
    const lv = await startTestApp({ BUSINESS_DOMAIN: 'retail-banking-lv' });
    try {
      const { client, externalId } = await started(lv);
      expect((await upload(client, externalId, 'scan.png', PNG)).body.error.fieldErrors).toEqual({ file: [MESSAGES.fileTypeNotAllowed] });
      expect((await upload(client, externalId, 'statement.pdf', PDF)).status).toBe(200);
    } finally {
      await lv.database.dispose();
    }
  });
});

/** Sends `name` as the multipart part's filename exactly (a browser's FormData would escape some characters). */
async function uploadRawName(client: ApiClient, externalId: string, name: string, content: Uint8Array = PDF) {
  const boundary = 'solis-test-boundary';
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="documentPurpose"\r\n\r\nBANK_STATEMENT\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/pdf\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head, 'utf8'), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8')]);
  // The PDF is ASCII: the whole body goes as UTF-8 text.
  return client.post<Data<UploadedDocument> & ApiErrorBody>(documentPath(externalId), body.toString('utf8'), {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe("an upload's file name (issue 23, decision 179)", () => {
  /** Uploads under `name`, and answers the name the reply, the list and the database hold. */
  async function storedName(name: string, raw = false): Promise<{ status: number; replied: string; listed: string[]; stored: string[] }> {
    const { client, externalId } = await started();
    const reply = raw ? await uploadRawName(client, externalId, name) : await upload(client, externalId, name, PDF);
    const listed = (await client.get<Data<UploadedDocuments>>(documentsPath(externalId))).body.data.documents.map((document) => document.fileName);
    const stored = reply.status === 200 ? (await t.database.db.query<{ file_name: string }>('select file_name from documents where id = $1', [reply.body.data.documentId])).map((row) => openText('documents.file_name', row.file_name)) : [];
    return { status: reply.status, replied: reply.body.data?.fileName ?? '', listed, stored };
  }

  it.each([
    ['a NUL, raw', 'statement\u0000.pdf', true, 'statement.pdf'],
    ['a NUL, as %00', 'statement%00.pdf', true, 'statement%00.pdf'],
    ['a NUL through FormData', 'march\u0000statement.pdf', false, 'marchstatement.pdf'],
    ['a right-to-left override', 'invoice\u202Efdp.pdf', false, 'invoicefdp.pdf'],
    ['markup', '<script>alert(1)</script>.pdf', false, 'scriptalert(1)script.pdf'],
    ['a path', '../../etc/statement.pdf', false, 'etcstatement.pdf'],
  ])('is stored and listed normalised, never a 500: %s', async (_what, name, raw, expected) => {
    const result = await storedName(name, raw);
    expect(result).toEqual({ status: 200, replied: expected, listed: [expected], stored: [expected] });
  });

  it(`cuts a 300-character name to ${FILE_NAME_MAX_LENGTH}, keeping its extension`, async () => {
    const expected = `${'a'.repeat(FILE_NAME_MAX_LENGTH - 4)}.pdf`;
    expect(await storedName(`${'a'.repeat(296)}.pdf`)).toEqual({ status: 200, replied: expected, listed: [expected], stored: [expected] });
  });

  it('names a file whose name leaves nothing by its content', async () => {
    expect(await storedName('\u202E\u0000<>', true)).toEqual({ status: 200, replied: 'document.pdf', listed: ['document.pdf'], stored: ['document.pdf'] });
  });
});
