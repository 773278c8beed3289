/**
 * Issue 12 on the reference API: the current account's contract (docs/decisions/144, 145). Drawn up at
 * signCurrentAccountContract in the applicant's language with the account's terms (no credit figures),
 * downloaded by its owner only, signed only in the account's own ways, and the step goes on to the
 * "current account contract signed" page only once it is signed (section 3: date, method and file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountContractDetails } from '../../core/wire/account-contract.schema';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { SigningStatusResponse } from '../../core/wire/signing.schema';
import { CURRENT_ACCOUNT_TERMS } from '../../core/domain/account-contract';
import { displayDate } from '../../server/contracts/document-pdf';
import { renderAccountContractPdf } from '../../server/contracts/account-contract-pdf';
import { ACCOUNT_CONTRACT_TEXTS } from '../../server/contracts/account-contract-texts';
import { formatEur } from '../../core/validation/format/money';
import { pdfShows, pdfTextLines } from '../support/pdf-text';
import type { ApiClient } from './support/api-client';
import { MARI, stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

const detailsPath = (externalId: string) => `/api/v2/application/${externalId}/contract/current-account/unsigned/details`;
const downloadPath = (externalId: string, fileServiceId: string) => `/api/v2/application/${externalId}/download-contract/${fileServiceId}`;

let t: TestApp;
let latvia: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  latvia = t.withEnv({ BUSINESS_DOMAIN: 'retail-banking-lv', FEATURE_FLAGS: 'paymentSigning,eParakstsSigning' });
});
afterAll(() => t.database.dispose());

/** A current-account application of this client's session, identified, now at signCurrentAccountContract. */
async function atAccountContract(client: ApiClient, languageCode: 'est' | 'lav' | 'rus' | 'eng' = 'est'): Promise<TaskResponse> {
  const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: 'signCurrentAccountContract',
    productName: 'CURRENT_ACCOUNT',
    previousTasks: ['createApplicationStep', 'identifyCustomer'],
    languageCode,
    application: { personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { firstName: MARI.firstName, surname: MARI.surname } }] },
  });
  if (seeded.status !== 201) throw new Error(`seed answered ${seeded.status}: ${seeded.text}`);
  return seeded.body.data;
}

const details = (client: ApiClient, externalId: string) => client.get<Data<AccountContractDetails> & ApiErrorBody>(detailsPath(externalId));

const complete = (client: ApiClient, task: TaskResponse) =>
  client.post<Data<TaskResponse> & ApiErrorBody>(stepPath(task.externalId), {
    taskDefinitionKey: 'signCurrentAccountContract',
    version: task.version,
    application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
    variables: {},
  });

async function signWithSmartId(client: ApiClient, externalId: string, result: string): Promise<string> {
  expect((await client.post('/api/sandbox/signing/smart-id', { result, runningPolls: 0 })).status).toBe(200);
  const started = await client.post(`/api/v1/application/${externalId}/signing`, { method: 'SMART_ID' });
  expect(started.status).toBe(200);
  return (await client.post<Data<SigningStatusResponse>>(`/api/v1/application/${externalId}/signing/status`)).body.data.status;
}

describe('the current account contract PDF', () => {
  it.each(['et', 'lv', 'ru', 'en'] as const)('in %s states the parties and the account terms, and no credit figures', async (locale) => {
    const pdf = await renderAccountContractPdf(
      {
        locale,
        country: locale === 'lv' ? 'LV' : 'EE',
        reference: '3F2A-9C1B',
        drawnUpOn: '2026-11-26',
        holder: { name: 'Mari Maasikas', personalCode: '49001010006' },
        currency: 'EUR',
        monthlyFee: 1.5,
        balanceInterestRate: 0,
        holderNoticeDays: 30,
      },
      { compress: false },
    );
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const texts = ACCOUNT_CONTRACT_TEXTS[locale];
    for (const shown of [texts.title, '3F2A-9C1B', displayDate('2026-11-26'), 'Mari Maasikas', texts.accountHolder, texts.currency, 'EUR', texts.monthlyFee, formatEur(1.5, locale), texts.overdraftValue, texts.unsignedNotice]) {
      expect(pdfShows(pdf, shown), `${locale}: ${shown}\n${pdfTextLines(pdf).join('\n')}`).toBe(true);
    }
    expect(pdfTextLines(pdf).join('\n')).not.toMatch(/APR|interest rate \(fixed\)|Loan amount/);
  });
});

describe('the current account contract on the API', () => {
  it('is drawn up once at signCurrentAccountContract in the applicant’s language, with Estonia’s ways to sign', async () => {
    const client = t.client();
    const task = await atAccountContract(client, 'est');
    const first = await details(client, task.externalId);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      productName: 'CURRENT_ACCOUNT',
      signed: false,
      accountHolder: `${MARI.firstName} ${MARI.surname}`,
      currency: 'EUR',
      monthlyFee: CURRENT_ACCOUNT_TERMS.monthlyFee,
      signingChoices: ['SMART_ID', 'MOBILE_SIGNATURE'],
      esignInProgress: null,
    });
    const again = await details(client, task.externalId);
    expect(again.body.data.fileServiceId).toBe(first.body.data.fileServiceId);
    const stored = await t.database.db.query<{ language: string; product_name: string }>('select language, product_name from contract_files where id = $1', [first.body.data.fileServiceId]);
    expect(stored).toEqual([{ language: 'et', product_name: 'CURRENT_ACCOUNT' }]);
  });

  it('is downloaded by its owner only; anyone else gets the 404 of a missing file', async () => {
    const owner = t.client();
    const task = await atAccountContract(owner, 'rus');
    const contract = (await details(owner, task.externalId)).body.data;
    const reply = await owner.get(downloadPath(task.externalId, contract.fileServiceId));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="contract-[0-9A-F]{4}-[0-9A-F]{4}\.pdf"$/);
    expect(reply.text.startsWith('%PDF-')).toBe(true);
    const stranger = t.client();
    expect((await stranger.get(downloadPath(task.externalId, contract.fileServiceId))).status).toBe(404);
    expect((await details(stranger, task.externalId)).status).toBe(404);
  });

  it('is not there for an application not at the account contract', async () => {
    const client = t.client();
    const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', { taskDefinitionKey: 'identifyCustomer', productName: 'CURRENT_ACCOUNT', previousTasks: ['createApplicationStep'] });
    expect((await details(client, seeded.body.data.externalId)).status).toBe(404);
  });

  it('does not let the step go on until signed, then goes on to the current-account-contract-signed page', async () => {
    const client = t.client();
    const task = await atAccountContract(client);
    await details(client, task.externalId);
    const early = await complete(client, task);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('STEP_OUT_OF_ORDER');

    expect(await signWithSmartId(client, task.externalId, 'USER_CANCELLED')).toBe('USER_CANCELLED');
    expect((await complete(client, task)).status).toBe(409);

    expect(await signWithSmartId(client, task.externalId, 'SIGNED_CONTRACT')).toBe('SIGNED_CONTRACT');
    const signed = (await details(client, task.externalId)).body.data;
    expect(signed.signed).toBe(true);
    const info = await client.get<Data<{ contractsInfo: { productName: string; signing: { dateTime: string; method: string; fileServiceId: string } }[] }>>(`/api/sandbox/signing/${task.externalId}/contracts-info`);
    expect(info.body.data.contractsInfo).toEqual([{ productName: 'CURRENT_ACCOUNT', signing: { dateTime: expect.any(String), method: 'SMART_ID', fileServiceId: signed.fileServiceId } }]);

    const done = await complete(client, task);
    expect(done.status).toBe(200);
    expect(done.body.data.taskDefinitionKey).toBe('viewCurrentAccountContractSigned');
  });

  it('is signed in its own ways only: never by a payment, eParaksts only in Latvia', async () => {
    const estonian = t.client();
    const ee = await atAccountContract(estonian);
    await details(estonian, ee.externalId);
    const esign = await estonian.post<ApiErrorBody>(`/api/v1/application/${ee.externalId}/signing/eparaksts/authenticate`, { languageCode: 'est', signingMethod: 'EPARAKSTS' });
    expect(esign.status).toBe(409);
    expect(esign.body.error.code).toBe('SIGNING_NOT_AVAILABLE');

    const latvian = latvia.client();
    const lv = await atAccountContract(latvian, 'lav');
    const contract = (await details(latvian, lv.externalId)).body.data;
    expect(contract.signingChoices).toEqual(['SMART_ID', 'EPARAKSTS', 'EPARAKSTS_EID']);
    const payment = await latvian.post<ApiErrorBody>(`/api/v1/application/${lv.externalId}/signing`, { method: 'PAYMENT', selectedBankBic: 'HABALV22' });
    expect(payment.status).toBe(409);
    expect(payment.body.error.code).toBe('SIGNING_NOT_AVAILABLE');
    expect((await latvian.get<Data<{ enabled: boolean }>>(`/api/v1/signing/${lv.externalId}/check/payment-signing-enabled`)).body.data.enabled).toBe(false);
    const mobile = await latvian.post<ApiErrorBody>(`/api/v1/application/${lv.externalId}/signing`, { method: 'MOBILE_SIGNATURE' });
    expect(mobile.status).toBe(409);
  });
});
