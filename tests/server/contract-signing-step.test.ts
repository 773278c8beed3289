/**
 * Issue 12 on the reference API: ViewContractConditions goes on to the contract-signed page only for
 * the application's owner, and only once the contract is really signed (section 3: date, method and
 * file all present), whatever the client sends. Signing goes through the sandbox Smart-ID provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ContractDetails } from '../../core/wire/contract.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { SigningStatusResponse } from '../../core/wire/signing.schema';
import type { ApiClient } from './support/api-client';
import { MARI, stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

/** An application of this client's session at the contract, the Smart-ID method chosen: now at ViewContractConditions. */
async function atSigning(client: ApiClient): Promise<TaskResponse> {
  const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: 'viewContractAndChooseSigningMethod',
    previousTasks: ['checkAnswers'],
    decision: 'POSITIVE',
    application: {
      applicationUpdates: { creditConditions: { loanAmount: 5000, loanPeriod: 36, monthlyPaymentDay: 20 } },
      // Smart-ID asks for the applicant by their personal code (decision 167).
      personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode }],
    },
  });
  if (seeded.status !== 201) throw new Error(`seed answered ${seeded.status}: ${seeded.text}`);
  const task = seeded.body.data;
  const chosen = await client.post<Data<TaskResponse>>(stepPath(task.externalId), {
    taskDefinitionKey: 'viewContractAndChooseSigningMethod',
    version: task.version,
    application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: { signingMethod: 'SMART_ID' } },
    variables: {},
  });
  expect(chosen.status).toBe(200);
  expect(chosen.body.data.taskDefinitionKey).toBe('viewContractConditions');
  return chosen.body.data;
}

const complete = (client: ApiClient, task: TaskResponse) =>
  client.post<Data<TaskResponse> & ApiErrorBody>(stepPath(task.externalId), {
    taskDefinitionKey: 'viewContractConditions',
    version: task.version,
    application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
    variables: {},
  });

const details = async (client: ApiClient, externalId: string) =>
  (await client.get<Data<ContractDetails>>(`/api/v2/application/${externalId}/contract/default/unsigned/details`)).body.data;

/** Smart-ID through the sandbox: the provider answers `result` on the first poll. */
async function signWithSmartId(client: ApiClient, externalId: string, result: string): Promise<string> {
  expect((await client.post('/api/sandbox/signing/smart-id', { result, runningPolls: 0 })).status).toBe(200);
  const started = await client.post(`/api/v1/application/${externalId}/signing`, { method: 'SMART_ID' });
  expect(started.status).toBe(200);
  return (await client.post<Data<SigningStatusResponse>>(`/api/v1/application/${externalId}/signing/status`)).body.data.status;
}

describe('completing ViewContractConditions', () => {
  it('is refused until the contract is signed, then goes on to the contract-signed page', async () => {
    const client = t.client();
    const task = await atSigning(client);
    const contract = await details(client, task.externalId);
    expect(contract).toMatchObject({ signingMethod: 'SMART_ID', signed: false, digitalSigningDisabledReason: null });

    // Nothing signed: the client's word is not enough.
    const early = await complete(client, task);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('STEP_OUT_OF_ORDER');

    // A failed signature signs nothing.
    expect(await signWithSmartId(client, task.externalId, 'USER_CANCELLED')).toBe('USER_CANCELLED');
    expect((await complete(client, task)).status).toBe(409);

    expect(await signWithSmartId(client, task.externalId, 'SIGNED_CONTRACT')).toBe('SIGNED_CONTRACT');
    // Section 3: the application's own contractsInfo now has date, method and file.
    const signed = await details(client, task.externalId);
    expect(signed.signed).toBe(true);
    const stored = await t.database.db.query<{ data: { contractsInfo: Array<{ signing: Record<string, unknown> }> } }>('select data from applications where external_id = $1', [task.externalId]);
    expect(stored[0]!.data.contractsInfo[0]!.signing).toMatchObject({ method: 'SMART_ID', fileServiceId: contract.fileServiceId });
    expect(typeof stored[0]!.data.contractsInfo[0]!.signing['dateTime']).toBe('string');

    const done = await complete(client, task);
    expect(done.status).toBe(200);
    expect(done.body.data.taskDefinitionKey).toBe('viewContractSigned');
  });

  it('the signing is of this application: another application’s signature does not count', async () => {
    const client = t.client();
    const signedOne = await atSigning(client);
    const other = await atSigning(client);
    expect(await signWithSmartId(client, signedOne.externalId, 'SIGNED_CONTRACT')).toBe('SIGNED_CONTRACT');
    expect((await complete(client, other)).status).toBe(409);
    expect((await complete(client, signedOne)).status).toBe(200);
  });

  it('nobody but the owner can complete it', async () => {
    const owner = t.client();
    const task = await atSigning(owner);
    expect(await signWithSmartId(owner, task.externalId, 'SIGNED_CONTRACT')).toBe('SIGNED_CONTRACT');
    const stranger = t.client();
    expect((await complete(stranger, task)).status).toBe(404);
    expect((await complete(owner, task)).status).toBe(200);
  });

  it('section 4: digital signing disabled for a reason is said in the contract’s details and refused by the signing call', async () => {
    const client = t.client();
    const task = await atSigning(client);
    expect((await client.post('/api/sandbox/signing/smart-id', { disabledReason: 'OVER_LIMIT' })).status).toBe(200);
    expect((await details(client, task.externalId)).digitalSigningDisabledReason).toBe('OVER_LIMIT');
    const refused = await client.post<ApiErrorBody>(`/api/v1/application/${task.externalId}/signing`, { method: 'SMART_ID' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SIGNING_NOT_AVAILABLE');
    expect((await complete(client, task)).status).toBe(409);
  });
});
