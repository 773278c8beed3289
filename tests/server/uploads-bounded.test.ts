/**
 * Issue 23 item 4 (docs/decisions/179-upload-limits-steps-and-names.md): uploads are bounded. Each
 * person and each client address may upload so many files and MiB an hour (429 `RATE_LIMITED` with
 * Retry-After, before anything is stored; removed files count too); a document is taken only on the
 * step that asks for its purpose; and housekeeping reclaims removed documents' space.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { UploadedDocument } from '../../core/wire/document.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { startHousekeeping } from '../../server/db/housekeeping';
import { DEFAULT_UPLOAD_LIMITS } from '../../server/config/upload-limits';
import type { ApiClient } from './support/api-client';
import { createApplication, stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };
type Reply = Data<UploadedDocument> & ApiErrorBody;

const MIB = 1024 * 1024;
const documentPath = (externalId: string) => `/api/v1/application-process/${externalId}/document`;

/** A PDF of `bytes` bytes, distinct by `marker` (the same content twice would be a duplicate). */
function pdfOf(marker: string, bytes = 1024): Uint8Array<ArrayBuffer> {
  // Random, so incompressible: the database really stores its size (TOAST compresses).
  const content = new Uint8Array(randomBytes(bytes));
  content.set(new TextEncoder().encode(`%PDF-1.7\n% ${marker}\n`));
  return content;
}

function formOf(content: Uint8Array<ArrayBuffer>, purpose = 'BANK_STATEMENT', name = 'statement.pdf'): FormData {
  const body = new FormData();
  body.append('documentPurpose', purpose);
  body.append('file', new File([content], name, { type: 'application/pdf' }));
  return body;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

/** Moves the app's clock just past the start of the next hour: a burst never straddles two windows. */
function freshHour(app: TestApp = t): void {
  const now = app.now().getTime();
  app.advance(Math.ceil((Math.ceil(now / 3_600_000) * 3_600_000 - now) / 1000) + 1);
}

/** A new session's application, at a step: the bank statement upload unless told. */
async function seeded(app: TestApp = t, taskDefinitionKey = 'uploadBankAccountStatementDocuments', headers: Record<string, string> = {}) {
  const client = app.client();
  const reply = await client.post<Data<TaskResponse>>(
    '/api/sandbox/applications',
    { taskDefinitionKey, productName: 'SMALL_LOAN', previousTasks: ['checkAnswers', 'provideBasViaOpenBanking'] },
    { headers },
  );
  if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
  return { client, externalId: reply.body.data.externalId, task: reply.body.data };
}

async function storedCount(externalId: string, app: TestApp = t): Promise<number> {
  const rows = await app.database.db.query<{ n: string }>(
    'select count(*)::text as n from documents d join applications a on a.id = d.application_id where a.external_id = $1',
    [externalId],
  );
  return Number(rows[0]?.n ?? 0);
}

function upload(client: ApiClient, externalId: string, content: Uint8Array<ArrayBuffer>, options: { purpose?: string; headers?: Record<string, string> } = {}) {
  return client.post<Reply>(documentPath(externalId), formOf(content, options.purpose), { headers: options.headers ?? {} });
}

describe('upload limits per person and per client address (issue 23 item 4)', () => {
  it('the probe: 24 uploads of 5 MiB, each removed again, meet 429 RATE_LIMITED with Retry-After, and the refused one is not stored', async () => {
    // The MiB an hour lowered to 25 (the default 100 would take twenty such files first: a minute of
    // this test's time); the rule is the same.
    const app = t.withEnv({ UPLOAD_LIMIT_MIB_PER_HOUR: '25' });
    freshHour(app);
    const { client, externalId } = await seeded(app);
    const statuses: number[] = [];
    let refusal: { status: number; code: string; retryAfter: string | null } | undefined;
    for (let n = 0; n < 24 && !refusal; n++) {
      const reply = await upload(client, externalId, pdfOf(`probe-${n}`, 5 * MIB));
      statuses.push(reply.status);
      if (reply.status === 200) {
        expect((await client.delete(`${documentPath(externalId)}/${reply.body.data.documentId}`)).status).toBe(200);
      } else {
        refusal = { status: reply.status, code: reply.body.error.code, retryAfter: reply.headers.get('retry-after') };
      }
    }
    // 25 MiB an hour: five files of 5 MiB and no more.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(refusal).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(refusal?.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refusal?.retryAfter)).toBeLessThanOrEqual(3600);
    // Every accepted file is there (removed), the refused one never was.
    expect(await storedCount(externalId)).toBe(statuses.length - 1);
  }, 60_000);

  it(`counts files: ${DEFAULT_UPLOAD_LIMITS.filesPerHour} an hour per person, refused and removed ones too`, async () => {
    freshHour();
    const { client, externalId } = await seeded();
    const statuses: number[] = [];
    for (let n = 0; n < DEFAULT_UPLOAD_LIMITS.filesPerHour; n++) {
      // Four are refused by their content (one fewer than ends the step: decision 133), and still count.
      const content = n % 2 === 1 && n < 8 ? new Uint8Array([0x4d, 0x5a, 0x90, 0x00, n]) : pdfOf(`small-${n}`);
      const reply = await upload(client, externalId, content);
      statuses.push(reply.status);
      if (reply.status === 200) await client.delete(`${documentPath(externalId)}/${reply.body.data.documentId}`);
    }
    expect(statuses.every((status) => status === 200 || status === 422)).toBe(true);
    const over = await upload(client, externalId, pdfOf('one-more'));
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('RATE_LIMITED');
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
  }, 60_000);

  it('refuses by the Content-Length before the body is read', async () => {
    const small = t.withEnv({ UPLOAD_LIMIT_MIB_PER_HOUR: '21' });
    freshHour(small);
    const { client, externalId } = await seeded(small);
    expect((await upload(client, externalId, pdfOf('first', 5 * MIB))).status).toBe(200);
    // 17 MiB declared (with 5 sent, over 21): refused on the header alone; what follows it is never
    // parsed (here it is not even a multipart body).
    const reply = await client.post<Reply>(documentPath(externalId), 'not read', {
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(17 * MIB) },
    });
    expect(reply.status).toBe(429);
    expect(reply.body.error.code).toBe('RATE_LIMITED');
    expect(await storedCount(externalId)).toBe(1);
  }, 60_000);

  it('counts per client address across sessions (an address that opens session after session gains nothing)', async () => {
    const proxied = t.withEnv({ TRUST_PROXY: '1', CLIENT_UPLOAD_LIMIT_FILES_PER_HOUR: '3' });
    freshHour(proxied);
    const headers = { 'x-forwarded-for': '198.51.100.77' };
    const statuses: number[] = [];
    for (let n = 0; n < 4; n++) {
      const { client, externalId } = await seeded(proxied, undefined, headers);
      statuses.push((await upload(client, externalId, pdfOf(`address-${n}`), { headers })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another address is not held back.
    const other = { 'x-forwarded-for': '198.51.100.78' };
    const { client, externalId } = await seeded(proxied, undefined, other);
    expect((await upload(client, externalId, pdfOf('other-address'), { headers: other })).status).toBe(200);
  });
});

describe('uploads only on the step that asks for them (issue 23 item 4)', () => {
  it('refuses a document at a step that asks for none, with 409 STEP_OUT_OF_ORDER, and stores nothing', async () => {
    const client = t.client();
    const { externalId } = await createApplication(client);
    const reply = await upload(client, externalId, pdfOf('too-early'));
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('STEP_OUT_OF_ORDER');
    expect(await storedCount(externalId)).toBe(0);
  });

  it("refuses a SALE_OFFER without a campaign: the bank statement step asks only for statements", async () => {
    const { client, externalId } = await seeded();
    const reply = await upload(client, externalId, pdfOf('offer'), { purpose: 'SALE_OFFER' });
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('STEP_OUT_OF_ORDER');
    expect((await upload(client, externalId, pdfOf('statement'))).status).toBe(200);
    expect(await storedCount(externalId)).toBe(1);
  });

  it('removes a document only while its step is current', async () => {
    // Latvia's bank statements lead on to the approval's review: the application stays open.
    const { client, externalId, task } = await seeded(t.withEnv({ BUSINESS_DOMAIN: 'retail-banking-lv' }));
    await client.post('/api/sandbox/decision', { outcome: 'POSITIVE' });
    const uploaded = await upload(client, externalId, pdfOf('kept'));
    expect(uploaded.status).toBe(200);
    const sent = await client.post<Data<TaskResponse>>(stepPath(externalId), {
      taskDefinitionKey: 'uploadBankAccountStatementDocuments',
      version: task.version,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
      variables: {},
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.taskDefinitionKey).toBe('reviewApproved');
    const removal = await client.delete<ApiErrorBody>(`${documentPath(externalId)}/${uploaded.body.data.documentId}`);
    expect(removal.status).toBe(409);
    expect(removal.body.error.code).toBe('STEP_OUT_OF_ORDER');
    const [row] = await t.database.db.query<{ removed_at: Date | null; size: number }>('select removed_at, size from documents where id = $1', [uploaded.body.data.documentId]);
    expect(row).toMatchObject({ removed_at: null });
  });
});

/** The data directory's size on disk, in bytes. */
function directoryBytes(directory: string): number {
  let total = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    total += entry.isDirectory() ? directoryBytes(full) : statSync(full).size;
  }
  return total;
}

describe("removed documents' space is reclaimed by housekeeping (issue 23 item 4)", () => {
  it('upload 5 MiB, remove, sweep, again and again: the PGlite data directory grows by less than two files', async () => {
    // A database of its own: the other tests' writes do not land in the measured log.
    const own = await startTestApp({ UPLOAD_LIMIT_MIB_PER_HOUR: '1000', UPLOAD_LIMIT_FILES_PER_HOUR: '100' });
    try {
      await reclaimCycles(own);
    } finally {
      await own.database.dispose();
    }
  }, 180_000);
});

async function reclaimCycles(app: TestApp): Promise<void> {
  const { client, externalId } = await seeded(app);
  const sweep = async () => {
    const housekeeping = startHousekeeping(app.database.db, { intervalMs: 3_600_000 });
    await housekeeping.idle();
    housekeeping.stop();
  };
  const cycle = async (n: number) => {
    const reply = await upload(client, externalId, pdfOf(`cycle-${n}`, 5 * MIB));
    expect(reply.status).toBe(200);
    expect((await client.delete(`${documentPath(externalId)}/${reply.body.data.documentId}`)).status).toBe(200);
    await sweep();
  };
  // Two cycles first: the write-ahead log's recycled segments and the table's first pages settle.
  await cycle(0);
  await cycle(1);
  const before = directoryBytes(app.database.dataDir);
  for (let n = 2; n < 10; n++) await cycle(n);
  const growth = directoryBytes(app.database.dataDir) - before;
  expect(growth).toBeLessThan(2 * 5 * MIB);
  // The audit facts stay.
  const kept = await app.database.db.query<{ size: number; sha256: string; length: number }>(
    "select d.size, d.sha256, octet_length(d.content) as length from documents d join applications a on a.id = d.application_id where a.external_id = $1 and d.removed_at is not null",
    [externalId],
  );
  expect(kept).toHaveLength(10);
  expect(kept.every((row) => row.size === 5 * MIB && /^[0-9a-f]{64}$/.test(row.sha256) && Number(row.length) === 0)).toBe(true);
}
