/**
 * Issue 12 on the reference API: the contract of a positive decision (section 7 contract details and
 * download; docs/decisions/135-contract-documents.md, 137-contract-access.md) and the pre-contract
 * information of the offer (decision 138). Only the application's owner reads or downloads them;
 * anyone else, and any other id, gets the 404 of a missing file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ContractDetails } from '../../core/wire/contract.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { ApiClient } from './support/api-client';
import { createApplication, createApplicationStep, stepPath, walk } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';
import { openBytes } from '../../server/crypto/data-cipher';

type Data<T> = { data: T };

const detailsPath = (externalId: string) => `/api/v2/application/${externalId}/contract/default/unsigned/details`;
const downloadPath = (externalId: string, fileServiceId: string) => `/api/v2/application/${externalId}/download-contract/${fileServiceId}`;
const preContractPath = (externalId: string) => `/api/v2/application/${externalId}/offer/pre-contract-information`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

/** An application of this client's session already at the contract, after a positive decision. */
async function atContract(client: ApiClient, languageCode?: 'eng' | 'est' | 'rus'): Promise<TaskResponse> {
  const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: 'viewContractAndChooseSigningMethod',
    previousTasks: ['checkAnswers'],
    decision: 'POSITIVE',
    ...(languageCode ? { languageCode } : {}),
    application: {
      applicationUpdates: { creditConditions: { loanAmount: 5000, loanPeriod: 36, monthlyPaymentDay: 20 } },
      personUpdates: [{ role: 'APPLICANT', declaredData: { firstName: 'Jüri', surname: 'Õunapuu' } }],
    },
  });
  if (seeded.status !== 201) throw new Error(`seed answered ${seeded.status}: ${seeded.text}`);
  return seeded.body.data;
}

async function details(client: ApiClient, externalId: string) {
  return client.get<Data<ContractDetails> & ApiErrorBody>(detailsPath(externalId));
}

function bytesOf(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);
}

describe('the contract details', () => {
  it('draw up the contract once, with the offer’s figures, the PDF’s id and the expected signing date, and keep contractsInfo unsigned', async () => {
    const client = t.client();
    const task = await atContract(client);
    const first = await details(client, task.externalId);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const contract = first.body.data;
    expect(contract).toMatchObject({ productName: 'SMALL_LOAN', signed: false, figures: { amount: 5000, period: 36, paymentDay: 20 } });
    expect(contract.fileServiceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(contract.expectedSigningDate).toBe(new Date().toISOString().slice(0, 10));
    expect(contract.figures.monthlyPayment).toBeGreaterThan(5000 / 36);
    expect(contract.figures.totalRepaymentAmount).toBeGreaterThan(5000);
    expect(contract.figures.firstPaymentDate.slice(8)).toBe('20');
    expect(contract.signingChoices).toContain('SMART_ID');

    const again = await details(client, task.externalId);
    expect(again.body.data).toEqual(contract);
    // Drawing it up changed nothing the applicant answered: the form open in the browser may still be sent.
    const version = await t.database.db.query<{ version: number }>('select version from applications where external_id = $1', [task.externalId]);
    expect(version[0]!.version).toBe(task.version);
    const stored = await t.database.db.query<{ data: { contractsInfo: unknown; contract: { expectedSigningDate: string } } }>(
      'select data from applications where external_id = $1',
      [task.externalId],
    );
    // Decision 162: each contract keeps its amount (and a card's issuing fee) beside its signing.
    expect(stored[0]!.data.contractsInfo).toEqual([
      { productName: 'SMALL_LOAN', amount: contract.figures.amount, cardIssuingFee: null, signing: { dateTime: null, method: null, fileServiceId: contract.fileServiceId } },
    ]);
    expect(contract.contractsInfo).toEqual([{ productName: 'SMALL_LOAN', amount: contract.figures.amount, cardIssuingFee: null, fileServiceId: contract.fileServiceId, signed: false }]);
    expect(stored[0]!.data.contract.expectedSigningDate).toBe(contract.expectedSigningDate);
    expect(await t.database.db.query('select id from contract_files where id = $1', [contract.fileServiceId])).toHaveLength(1);
  });

  it('are not there before a positive decision has led to the contract', async () => {
    const client = t.client();
    const negative = await client.post<Data<TaskResponse>>('/api/sandbox/applications', { taskDefinitionKey: 'readNegativeDecision', previousTasks: ['checkAnswers'], decision: 'NEGATIVE_INITIAL' });
    expect((await details(client, negative.body.data.externalId)).status).toBe(404);
    const created = await createApplication(client);
    expect((await details(client, created.externalId)).status).toBe(404);
  });

  it('are drawn up when the applicant’s answers lead to the contract, and the chosen signing method is kept', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const sent = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(created.version));
    const { task } = await walk(client, sent.body.data, { until: 'viewContractAndChooseSigningMethod', values: { submitBackgroundData: { hasCoApplicant: 'no' } } });
    expect(task).toMatchObject({ taskDefinitionKey: 'viewContractAndChooseSigningMethod', previousTaskDefinitionKey: null, application: { decision: { outcome: 'POSITIVE' } } });
    const contract = (await details(client, task.externalId)).body.data;
    expect(contract.figures.productName).toBe('SMALL_LOAN');

    const refused = await client.post<ApiErrorBody>(stepPath(task.externalId), {
      taskDefinitionKey: 'viewContractAndChooseSigningMethod',
      version: task.version,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: { signingMethod: 'PARTNER_STORE' } },
      variables: {},
    });
    expect(refused.status).toBe(422);
    // A partner's store is not a way to sign an application that came from the bank's own site.
    expect(refused.body.error.fieldErrors).toEqual({ 'customData.signingMethod': ['validation.messages.choiceInvalid'] });

    const chosen = await client.post<Data<TaskResponse>>(stepPath(task.externalId), {
      taskDefinitionKey: 'viewContractAndChooseSigningMethod',
      version: task.version,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: { signingMethod: 'SMART_ID' } },
      variables: {},
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.taskDefinitionKey).toBe('viewContractConditions');
    const stored = await t.database.db.query<{ data: { customData: Record<string, unknown> } }>('select data from applications where external_id = $1', [task.externalId]);
    expect(stored[0]!.data.customData['signingMethod']).toBe('SMART_ID');
    // The contract stays the applicant's to download after the choice.
    expect((await client.get(downloadPath(task.externalId, contract.fileServiceId))).status).toBe(200);
  });
});

describe('the contract download', () => {
  it('gives the owner the PDF with its figures and names, not cached, as an attachment', async () => {
    const client = t.client();
    const task = await atContract(client, 'est');
    const contract = (await details(client, task.externalId)).body.data;
    const reply = await client.get(downloadPath(task.externalId, contract.fileServiceId));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="contract-[0-9A-F]{4}-[0-9A-F]{4}\.pdf"$/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.text.startsWith('%PDF-')).toBe(true);
    const stored = await t.database.db.query<{ content: Uint8Array; language: string }>('select content, language from contract_files where id = $1', [contract.fileServiceId]);
    expect(stored[0]!.language).toBe('et');
    expect(stored[0]!.content.byteLength).toBeGreaterThan(1000);
    // Sealed at rest (issue 23): the download is the stored contract, opened.
    expect(bytesOf(reply.text.slice(0, 5))).toEqual(openBytes('contract_files.content', stored[0]!.content).slice(0, 5));
  });

  it('answers anyone else, and any other id, with the 404 of a missing file', async () => {
    const owner = t.client();
    const task = await atContract(owner);
    const contract = (await details(owner, task.externalId)).body.data;
    const stranger = t.client();
    await stranger.startSession();
    const theirs = await stranger.get<ApiErrorBody>(downloadPath(task.externalId, contract.fileServiceId));
    const unknown = await owner.get<ApiErrorBody>(downloadPath(task.externalId, '00000000-0000-4000-8000-000000000000'));
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    expect(theirs.text).not.toContain('%PDF');
    expect((await stranger.get(detailsPath(task.externalId))).status).toBe(404);
    // Without any session at all.
    expect((await t.client().get(downloadPath(task.externalId, contract.fileServiceId))).status).toBe(404);
    // Another application of the owner does not reach this one's file.
    const other = await atContract(owner);
    expect((await owner.get(downloadPath(other.externalId, contract.fileServiceId))).status).toBe(404);
  });
});

describe('the pre-contract information', () => {
  it('is the offer’s standard European consumer credit information as a PDF, to the owner only after a positive decision', async () => {
    const client = t.client();
    const task = await atContract(client, 'rus');
    const reply = await client.get(preContractPath(task.externalId));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="pre-contract-information-[0-9A-F-]+\.pdf"$/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.text.startsWith('%PDF-')).toBe(true);

    const stranger = t.client();
    await stranger.startSession();
    expect((await stranger.get(preContractPath(task.externalId))).status).toBe(404);
    const undecided = await client.post<Data<TaskResponse>>('/api/sandbox/applications', { taskDefinitionKey: 'readUndecidedDecision', previousTasks: ['checkAnswers'], decision: 'UNDECIDED' });
    expect((await client.get(preContractPath(undecided.body.data.externalId))).status).toBe(404);
  });
});

describe('signing in person (decision 149)', () => {
  let lv: TestApp;
  beforeAll(async () => {
    lv = await startTestApp({ BUSINESS_DOMAIN: 'retail-banking-lv' });
  });
  afterAll(() => lv.database.dispose());

  it('a Latvian applicant who chooses the post office is told what to do there; the online flow ends', async () => {
    const client = lv.client();
    const task = await atContract(client);
    expect((await details(client, task.externalId)).body.data.signingChoices).toContain('POST');
    const chosen = await client.post<Data<TaskResponse>>(stepPath(task.externalId), {
      taskDefinitionKey: 'viewContractAndChooseSigningMethod',
      version: task.version,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: { signingMethod: 'POST' } },
      variables: {},
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.taskDefinitionKey).toBe('weWillBeWaitingForYouInPostOffice');
    // The end of the flow: nothing more to send.
    const again = await client.post<ApiErrorBody>(stepPath(task.externalId), {
      taskDefinitionKey: 'weWillBeWaitingForYouInPostOffice',
      version: chosen.body.data.version,
      application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
      variables: {},
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
  });
});
