/**
 * Issue 24, decision 182: the leasing steps on the server. UploadLeasingDocuments takes the seller's offer of the leased asset
 * (`SALE_OFFER`) and nothing else, under the corporate limits of section 5 (5 MiB a file, 10 files),
 * and does not go on without one; SubmitLeasingData's payload is checked with the step's own rules.
 *
 * The corporate processes are engineer D's part of issue 24 and are not on this branch yet, so the
 * sandbox cannot seed a corporate application at this step. Each test seeds a retail application at
 * the campaign's upload step through the sandbox and then makes it a corporate car leasing
 * application at `uploadLeasingDocuments` (or `submitLeasingData`) in the database (its domain, product and current task: the
 * three facts the upload routes read), and then uses the real HTTP routes. Once the corporate process
 * exists, the seeding can go through `POST /api/sandbox/applications` alone.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { UploadedDocument } from '../../core/wire/document.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { MESSAGES } from '../../core/validation/messages';
import type { ApiClient } from './support/api-client';
import { exampleSubmission, stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };
type Reply = Data<UploadedDocument> & ApiErrorBody;

const MIB = 1024 * 1024;
const documentPath = (externalId: string) => `/api/v1/application-process/${externalId}/document`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

/** A PDF of `bytes` bytes, distinct by its random content. */
function pdf(bytes = 1024): Uint8Array<ArrayBuffer> {
  const content = new Uint8Array(randomBytes(bytes));
  content.set(new TextEncoder().encode('%PDF-1.7\n% offer\n'));
  return content;
}

function upload(client: ApiClient, externalId: string, content: Uint8Array<ArrayBuffer>, purpose = 'SALE_OFFER', name = 'offer.pdf') {
  const body = new FormData();
  body.append('documentPurpose', purpose);
  body.append('file', new File([content], name, { type: 'application/pdf' }));
  return client.post<Reply>(documentPath(externalId), body);
}

/** A new person's application at an upload step: the corporate leasing one unless `retail` (or at `taskKey`). */
async function seeded(options: { retail?: boolean; taskKey?: string } = {}) {
  const client = t.client();
  const reply = await client.post<Data<TaskResponse>>('/api/sandbox/applications', { taskDefinitionKey: 'uploadCampaignDocuments', productName: 'CAR_LOAN' });
  if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
  const { externalId, version } = reply.body.data;
  if (!options.retail) {
    await t.database.db.query(
      `update applications set business_domain = 'corporate-banking', product_name = 'CAR_LEASING_BUSINESS', task_key = $2 where external_id = $1`,
      [externalId, options.taskKey ?? 'uploadLeasingDocuments'],
    );
  }
  return { client, externalId, version };
}

describe('UploadLeasingDocuments on the server (decision 182)', () => {
  it("takes the seller's offer and refuses any other purpose with 409 STEP_OUT_OF_ORDER", async () => {
    const { client, externalId } = await seeded();
    const offer = await upload(client, externalId, pdf());
    expect(offer.status).toBe(200);
    expect(offer.body.data).toMatchObject({ fileName: 'offer.pdf', purpose: 'SALE_OFFER' });
    const statement = await upload(client, externalId, pdf(), 'BANK_STATEMENT', 'statement.pdf');
    expect(statement.status).toBe(409);
    expect(statement.body.error.code).toBe('STEP_OUT_OF_ORDER');
  });

  it('takes a file of exactly 5 MiB and refuses one byte more (the corporate limit; the retail default takes it)', async () => {
    const { client, externalId } = await seeded();
    expect((await upload(client, externalId, pdf(5 * MIB))).status).toBe(200);
    const tooLarge = await upload(client, externalId, pdf(5 * MIB + 1));
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.error.fieldErrors).toEqual({ file: [MESSAGES.fileTooLarge] });
    // The same file on a retail application's upload step: its limit is 20 MiB.
    const retail = await seeded({ retail: true });
    expect((await upload(retail.client, retail.externalId, pdf(5 * MIB + 1))).status).toBe(200);
  });

  it('takes ten files and refuses the eleventh; refuses an empty file and a copy', async () => {
    const { client, externalId } = await seeded();
    const first = pdf();
    expect((await upload(client, externalId, first)).status).toBe(200);
    const copy = await upload(client, externalId, first, 'SALE_OFFER', 'renamed-copy.pdf');
    expect(copy.status).toBe(422);
    expect(copy.body.error.fieldErrors).toEqual({ file: [MESSAGES.fileDuplicate] });
    const empty = await upload(client, externalId, new Uint8Array(0), 'SALE_OFFER', 'empty.pdf');
    expect(empty.status).toBe(422);
    for (let index = 2; index <= 10; index += 1) expect((await upload(client, externalId, pdf())).status, `file ${index}`).toBe(200);
    const eleventh = await upload(client, externalId, pdf());
    expect(eleventh.status).toBe(422);
    expect(eleventh.body.error.fieldErrors).toEqual({ file: [MESSAGES.filesTooMany] });
    const listed = await client.get<Data<{ documents: UploadedDocument[] }>>(`/api/v1/application-process/${externalId}/documents`);
    expect(listed.body.data.documents).toHaveLength(10);
  });

  it('does not go on without a document of its purpose', async () => {
    const { client, externalId, version } = await seeded();
    const refused = await client.post<ApiErrorBody>(stepPath(externalId), exampleSubmission('uploadLeasingDocuments', version));
    expect(refused.status).toBe(422);
    expect(refused.body.error.fieldErrors).toEqual({ documents: [MESSAGES.required] });
  });
});

describe('SubmitLeasingData on the server (decision 182)', () => {
  const leasing = (values: Record<string, unknown>, version: number) => ({
    taskDefinitionKey: 'submitLeasingData',
    version,
    application: {
      applicationUpdates: {
        leasing: {
          price: 30000,
          priceIncludesVat: false,
          assetYear: t.now().getFullYear() - 2,
          leaseType: 'FINANCIAL_LEASE',
          period: 60,
          paymentMode: 'percent',
          downPayment: 10,
          residual: 20,
          vatPaymentMethod: 'WITH_DOWN_PAYMENT',
          ...values,
        },
      },
      personUpdates: [],
      addRelations: [],
      customData: {},
    },
    variables: {},
  });

  it('checks the payload with the step’s own rules, whatever the client checked: the range of each, on its wire path', async () => {
    const { client, externalId, version } = await seeded({ taskKey: 'submitLeasingData' });
    const year = t.now().getFullYear();
    const refused = await client.post<ApiErrorBody>(
      stepPath(externalId),
      leasing({ price: 70000.01, assetYear: year - 16, leaseType: 'OPERATING_LEASE', period: 73, paymentMode: 'amount', downPayment: 5000, residual: 15000 }, version),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.fieldErrors).toEqual({
      'applicationUpdates.leasing.price': ['validation.messages.leasePriceOutOfRange?minEur=4000&maxEur=70000'],
      'applicationUpdates.leasing.assetYear': [`validation.messages.registrationYearOutOfRange?min=${year - 15}&max=${year + 1}`],
      'applicationUpdates.leasing.period': ['validation.messages.leasingPeriodOutOfRange?min=6&max=72'],
    });
    const tooMuch = await client.post<ApiErrorBody>(stepPath(externalId), leasing({ paymentMode: 'amount', downPayment: 15000, residual: 15000.01 }, version));
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.fieldErrors).toEqual({ 'applicationUpdates.leasing.residual': [MESSAGES.downPaymentAndResidualTooHigh] });
  });
});
