/**
 * Issue 23 item 1 (docs/decisions/176-personal-data-at-rest.md): a canary personal code, e-mail and
 * surname typed into the steps through the API (the create step's personal details, the background
 * step's co-applicant, an upload named after the person, the contract drawn up with their name and
 * code, the Smart-ID signing, a submission with an idempotency key whose reply is stored) is found
 * nowhere in clear: not in any table's rows read back as text, not in the bytes of the PGlite data
 * directory's files after a checkpoint, not in a log line. The API answers exactly as before.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import { IDEMPOTENCY_HEADER } from '../../core/wire/envelope.schema';
import type { ErrorLogEntry, Logger, RequestLogEntry } from '../../server/http/logger';
import { createApplication, createApplicationStep, stepPath, walk } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

/** A valid Estonian personal code (check digit 7) that no other test uses, and a name and addresses found nowhere else. */
const CANARY = {
  personalCode: '49107132767',
  surname: 'Kanarbikuvits',
  email: 'kanarbik.q7zx@example.com',
  coApplicantEmail: 'kaaslane.q7zx@example.com',
} as const;
const NEEDLES = [CANARY.personalCode, CANARY.surname, CANARY.email, CANARY.coApplicantEmail];

const logged: (RequestLogEntry | ErrorLogEntry)[] = [];
const recordingLogger: Logger = { request: (entry) => logged.push(entry), error: (entry) => logged.push(entry) };
const printed: string[] = [];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, recordingLogger);
});
afterAll(() => t.database.dispose());
afterEach(() => vi.restoreAllMocks());

function capturePrinted(): void {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
    });
  }
}

const PDF = (text: string) => new TextEncoder().encode(`%PDF-1.7\n% ${text}\n%%EOF\n`);

function uploadForm(name: string, content: Uint8Array<ArrayBuffer>): FormData {
  const form = new FormData();
  form.append('documentPurpose', 'BANK_STATEMENT');
  form.append('file', new File([content], name, { type: 'application/octet-stream' }));
  return form;
}

/** The canary's own create step: their personal code, surname and e-mail. */
function canaryCreateStep(version: number) {
  const step = createApplicationStep(version, { personalCode: CANARY.personalCode, email: CANARY.email });
  const person = (step.application.personUpdates as { declaredData: Record<string, unknown> }[])[0]!;
  person.declaredData['surname'] = CANARY.surname;
  return step;
}

/** Walks the canary's application through every kind of step that keeps what they typed. */
async function typeTheCanaryEverywhere(): Promise<void> {
  // 1. Alone: personal details, the contract with their name and code, the Smart-ID signing (whom it was asked for), a stored idempotent reply.
  const alone = t.client();
  const created = await createApplication(alone);
  const sent = await alone.post<Data<TaskResponse>>(stepPath(created.externalId), canaryCreateStep(created.version), {
    headers: { [IDEMPOTENCY_HEADER]: 'canary-create-step-0001' },
  });
  expect(sent.status).toBe(200);
  const { task } = await walk(alone, sent.body.data, { values: { submitBackgroundData: { hasCoApplicant: 'no' } }, until: 'viewContractConditions' });
  expect(task.application.relatedPersons.persons.find((person) => person.role === 'APPLICANT')?.declaredData).toMatchObject({ surname: CANARY.surname, email: CANARY.email });
  // The walk signs the contract with the sandbox Smart-ID before it sends the signing step.
  const { task: end } = await walk(alone, task);
  expect(end.taskDefinitionKey).toBe('viewContractSigned');

  // 2. With a co-applicant of the canary's surname and e-mail: the invitation "sent" to them.
  const withCo = t.client();
  const second = await createApplication(withCo);
  const step = await withCo.post<Data<TaskResponse>>(stepPath(second.externalId), createApplicationStep(second.version));
  const { task: waiting } = await walk(withCo, step.body.data, {
    values: { submitBackgroundData: { coApplicantSurname: CANARY.surname, coApplicantEmail: CANARY.coApplicantEmail } },
  });
  expect(waiting.taskDefinitionKey).toBe('viewWaitingPage');
  const outbox = await withCo.get<Data<{ messages: { recipient: string }[] }>>(`/api/sandbox/outbox/${second.externalId}`);
  expect(outbox.body.data.messages.map((message) => message.recipient)).toContain(CANARY.coApplicantEmail);

  // 3. An upload named after them (its content names them too), on the step that asks for it
  // (decision 179: uploads are taken only there).
  const uploader = t.client();
  const seeded = await uploader.post<Data<{ externalId: string }>>('/api/sandbox/applications', {
    taskDefinitionKey: 'uploadBankAccountStatementDocuments',
    productName: 'SMALL_LOAN',
    previousTasks: ['checkAnswers', 'provideBasViaOpenBanking'],
  });
  expect(seeded.status, seeded.text).toBe(201);
  const upload = await uploader.post<Data<{ fileName: string }>>(
    `/api/v1/application-process/${seeded.body.data.externalId}/document`,
    uploadForm(`${CANARY.surname}-statement.pdf`, PDF(`statement of ${CANARY.surname} ${CANARY.personalCode}`)),
  );
  expect(upload.status, upload.text).toBe(200);
  expect(upload.body.data.fileName).toBe(`${CANARY.surname}-statement.pdf`);
  // Listed back as it was named: the API answers as before.
  const listed = await uploader.get(`/api/v1/application-process/${seeded.body.data.externalId}/documents`);
  expect(listed.status).toBe(200);
  expect(listed.text).toContain(`${CANARY.surname}-statement.pdf`);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('a canary typed into the steps is found nowhere at rest (issue 23)', () => {
  beforeAll(async () => {
    capturePrinted();
    await typeTheCanaryEverywhere();
    vi.restoreAllMocks();
  }, 120_000);

  it('is in no row of any table, read back as text', async () => {
    const tables = await t.database.db.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    );
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['persons', 'drafts', 'documents', 'contract_files', 'sandbox_outbox', 'idempotency_keys', 'signing_transactions']));
    const found: string[] = [];
    for (const { name } of tables) {
      const rows = await t.database.db.query<{ row: string }>(`select t::text as row from "${name}" t`);
      for (const { row } of rows) {
        // bytea reads back as hex: look for the canary's hex too.
        for (const needle of NEEDLES) {
          if (row.includes(needle) || row.includes(Buffer.from(needle).toString('hex'))) found.push(`${name}: ${needle}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('is in no file of the data directory after a checkpoint', async () => {
    await t.database.db.exec('checkpoint');
    const found: string[] = [];
    for (const file of filesUnder(t.database.dataDir)) {
      const bytes = readFileSync(file);
      for (const needle of NEEDLES) {
        for (const encoding of ['utf8', 'utf16le'] as const) {
          if (bytes.includes(Buffer.from(needle, encoding))) found.push(`${path.relative(t.database.dataDir, file)}: ${needle} (${encoding})`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('is in no log line', () => {
    expect(logged.length).toBeGreaterThan(10);
    const lines = [...logged.map((entry) => JSON.stringify(entry)), ...printed];
    expect(lines.filter((line) => NEEDLES.some((needle) => line.includes(needle)))).toEqual([]);
  });
});
