/**
 * Issue 21 on the reference API (docs/decisions/167): section 7's signing calls reach Smart-ID and
 * Mobile-ID through their adapters. Without a sandbox setting the simulator waits for the person on
 * its phone page, as on `npm start`; the verification code is the contract's; the signature and the
 * signer's certificate are kept once verified; a party that fails answers 503 PROVIDER_UNAVAILABLE
 * and leaves the application as it was; production without a party does not offer it; a party
 * configured by its variables is trusted only through its certificates file.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { SigningStatusResponse, StartSigningResponse } from '../../core/wire/signing.schema';
import type { TaskResponse } from '../../core/wire/application.schema';
import { digest, mobileIdVerificationCode, smartIdVerificationCode } from '../../server/providers/sk-eid/hashes';
import { SimulatorCa, simulatorCa } from '../../server/providers/sk-eid/simulator-ca';
import type { ApiClient } from './support/api-client';
import { MARI } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';
import { freshSecret } from './support/secrets';
import { openBytes, openNullableText } from '../../server/crypto/data-cipher';

type Data<T> = { data: T };

const base = (externalId: string) => `/api/v1/application/${externalId}/signing`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

async function seeded(app: TestApp, options: { personalCode?: string | null; signingMethod?: string } = {}): Promise<{ client: ApiClient; externalId: string }> {
  const client = app.client();
  const personalCode = options.personalCode === undefined ? MARI.personalCode : options.personalCode;
  const reply = await client.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: 'viewContractConditions',
    previousTasks: ['checkAnswers', 'viewContractAndChooseSigningMethod'],
    decision: 'POSITIVE',
    application: {
      applicationUpdates: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 } },
      personUpdates: [
        { role: 'APPLICANT', ...(personalCode ? { personalCode } : {}), declaredData: { firstName: MARI.firstName, surname: MARI.surname, email: MARI.email, phoneNumber: MARI.phoneNumber } },
      ],
      customData: { signingMethod: options.signingMethod ?? 'SMART_ID' },
    },
  });
  if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
  return { client, externalId: reply.body.data.externalId };
}

const start = (client: ApiClient, externalId: string, method = 'SMART_ID') => client.post<Data<StartSigningResponse> & ApiErrorBody>(base(externalId), { method });
const status = (client: ApiClient, externalId: string) => client.post<Data<SigningStatusResponse> & ApiErrorBody>(`${base(externalId)}/status`);
const contractsInfo = async (client: ApiClient, externalId: string) =>
  (await client.get<Data<{ contractsInfo: Array<{ signing: { method: string; fileServiceId: string } }> }>>(`/api/sandbox/signing/${externalId}/contracts-info`)).body.data.contractsInfo;
const fault = (app: TestApp, body: Record<string, unknown>) =>
  fetch(`${app.simulators.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

interface TransactionRow {
  status: string;
  provider_session_id: string | null;
  signed_hash: string | null;
  signer_identity: string | null;
  signer_certificate: string | null;
  signature_value: string | null;
  provider_result: string | null;
}
// Whom it went to and the certificate are sealed at rest (issue 23): opened with the app's keys.
const transactions = async (externalId: string) =>
  (
    await t.database.db.query<TransactionRow>(
      `select s.status, s.provider_session_id, s.signed_hash, s.signer_identity, s.signer_certificate, s.signature_value, s.provider_result
       from signing_transactions s join applications a on a.id = s.application_id where a.external_id = $1 order by s.seq`,
      [externalId],
    )
  ).map((row) => ({
    ...row,
    signer_identity: openNullableText('signing_transactions.signer_identity', row.signer_identity),
    signer_certificate: openNullableText('signing_transactions.signer_certificate', row.signer_certificate),
  }));

/** The simulator page the simulators' index lists for this verification code (what a person would click). */
async function personPage(app: TestApp, verificationCode: string): Promise<string> {
  const index = await (await fetch(`${app.simulators.origin}/`)).text();
  const link = [...index.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a><\/li>/g)].find((match) => match[2]!.includes(`verification code ${verificationCode}`));
  if (!link) throw new Error(`the index lists no request with code ${verificationCode}`);
  return link[1]!.replace(/&#38;/g, '&');
}

describe('Smart-ID through its simulator, answered on its phone page', () => {
  it('RUNNING until the person confirms on the page the index lists; then signed, with the signature and certificate kept', async () => {
    const { client, externalId } = await seeded(t);
    const started = await start(client, externalId);
    expect(started.status).toBe(200);
    const code = started.body.data.verificationCode!;
    expect((await status(client, externalId)).body.data).toEqual({ method: 'SMART_ID', status: 'RUNNING', verificationCode: code });

    const page = await personPage(t, code);
    expect(await (await fetch(page)).text()).toContain(`<dd class="code">${code}</dd>`);
    expect((await fetch(page, { method: 'POST', body: new URLSearchParams({ endResult: 'OK' }) })).status).toBe(200);

    expect((await status(client, externalId)).body.data.status).toBe('SIGNED_CONTRACT');
    expect(await contractsInfo(client, externalId)).toMatchObject([{ signing: { method: 'SMART_ID', fileServiceId: `contract-${externalId}` } }]);
    const [row] = await transactions(externalId);
    expect(row).toMatchObject({ status: 'SIGNED_CONTRACT', signer_identity: 'PNOEE-38001085718', provider_result: 'OK' });
    expect(row!.provider_session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row!.signature_value && row!.signer_certificate).toBeTruthy();
    // The verification code is the hash's (section 2.3.13.2).
    expect(code).toBe(smartIdVerificationCode(Buffer.from(row!.signed_hash!, 'base64')));
  });

  it('signs the drawn-up contract PDF: the hash sent is the SHA-256 of its bytes', async () => {
    const { client, externalId } = await seeded(t);
    const details = await client.get<Data<{ fileServiceId: string }>>(`/api/v2/application/${externalId}/contract/default/unsigned/details`);
    const fileServiceId = details.body.data.fileServiceId;
    const [file] = await t.database.db.query<{ content: Uint8Array }>('select content from contract_files where id = $1', [fileServiceId]);
    const started = await start(client, externalId);
    const hash = digest('SHA256', openBytes('contract_files.content', file!.content));
    expect(started.body.data.verificationCode).toBe(smartIdVerificationCode(hash));
    expect((await transactions(externalId))[0]!.signed_hash).toBe(hash.toString('base64'));
  });

  it('the person refuses, or chooses a wrong code: the result, and nothing signed', async () => {
    for (const [endResult, expected] of [
      ['USER_REFUSED', 'USER_CANCELLED'],
      ['WRONG_VC', 'WRONG_VC'],
    ] as const) {
      const { client, externalId } = await seeded(t);
      const code = (await start(client, externalId)).body.data.verificationCode!;
      await fetch(await personPage(t, code), { method: 'POST', body: new URLSearchParams({ endResult }) });
      expect((await status(client, externalId)).body.data.status).toBe(expected);
      expect(await contractsInfo(client, externalId)).toEqual([]);
    }
  });

  it('an applicant without a personal code cannot be asked: NOT_CLIENT at the first poll', async () => {
    const { client, externalId } = await seeded(t, { personalCode: null });
    expect((await start(client, externalId)).status).toBe(200);
    expect((await status(client, externalId)).body.data.status).toBe('NOT_CLIENT');
    expect((await transactions(externalId))[0]).toMatchObject({ provider_session_id: null, provider_result: 'no personal code to ask Smart-ID for' });
  });
});

describe('Mobile-ID through its simulator, answered on its phone page', () => {
  it('the code is Mobile-ID\'s from the hash; PIN2 on the phone page signs; the certificate fetched first verifies it', async () => {
    const { client, externalId } = await seeded(t, { signingMethod: 'MOBILE_SIGNATURE' });
    const started = await start(client, externalId, 'MOBILE_SIGNATURE');
    const code = started.body.data.verificationCode!;
    const [before] = await transactions(externalId);
    expect(code).toBe(mobileIdVerificationCode(Buffer.from(before!.signed_hash!, 'base64')));
    expect(before).toMatchObject({ signer_identity: MARI.personalCode, status: 'PENDING' });
    expect(before!.signer_certificate).toBeTruthy();
    expect((await status(client, externalId)).body.data.status).toBe('RUNNING');
    await fetch(await personPage(t, code), { method: 'POST', body: new URLSearchParams({ result: 'OK' }) });
    expect((await status(client, externalId)).body.data.status).toBe('SIGNED_CONTRACT');
    expect(await contractsInfo(client, externalId)).toMatchObject([{ signing: { method: 'MOBILE_SIGNATURE' } }]);
    expect((await transactions(externalId))[0]!.signature_value).toBeTruthy();
  });
});

describe('a party that fails: 503 PROVIDER_UNAVAILABLE, the application as it was, the next try works', () => {
  it.each([
    [{ fault: 'status', status: 500 }],
    [{ fault: 'malformed' }],
  ])('opening the Smart-ID session fails (%o): no transaction; trying again starts one', async (spoil) => {
    const { client, externalId } = await seeded(t);
    await fault(t, { simulator: 'smart-id', path: '/v2/signature', ...spoil });
    const refused = await start(client, externalId);
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(await transactions(externalId)).toEqual([]);
    expect((await status(client, externalId)).status).toBe(404);
    expect((await start(client, externalId)).status).toBe(200);
  });

  it.each([
    [{ fault: 'status', status: 500 }],
    [{ fault: 'malformed' }],
    [{ fault: 'hang' }],
  ])("the status of a running signing fails (%o): it stays running, the next status call answers the person's result", async (spoil) => {
    const { client, externalId } = await seeded(t);
    await client.post('/api/sandbox/signing/smart-id', { runningPolls: 0, result: 'SIGNED_CONTRACT' });
    expect((await start(client, externalId)).status).toBe(200);
    await fault(t, { simulator: 'smart-id', path: '/v2/session', ...spoil });
    const failed = await status(client, externalId);
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe('PROVIDER_UNAVAILABLE');
    expect((await transactions(externalId))[0]!.status).toBe('PENDING');
    expect(await contractsInfo(client, externalId)).toEqual([]);
    expect((await status(client, externalId)).body.data.status).toBe('SIGNED_CONTRACT');
  });

  it("Mobile-ID's certificate request fails: 503, no transaction; then it works", async () => {
    const { client, externalId } = await seeded(t, { signingMethod: 'MOBILE_SIGNATURE' });
    await fault(t, { simulator: 'mobile-id', path: '/certificate', fault: 'status', status: 500 });
    expect((await start(client, externalId, 'MOBILE_SIGNATURE')).status).toBe(503);
    expect(await transactions(externalId)).toEqual([]);
    expect((await start(client, externalId, 'MOBILE_SIGNATURE')).status).toBe(200);
  });
});

describe('production without the parties configured', () => {
  it('offers neither: the runtime configuration says so, and the start call refuses with SIGNING_NOT_AVAILABLE', async () => {
    const production = t.withEnv({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: freshSecret() });
    expect(production.providers.smartId).toBeNull();
    const config = await production.client().get<Data<{ providers: { smartId: boolean; mobileId: boolean } }>>('/api/v1/runtime-config');
    expect(config.body.data.providers).toMatchObject({ smartId: false, mobileId: false });
    const { client, externalId } = await seeded(t);
    const asProduction = production.client();
    // The same browser (its session cookie) on the production app.
    asProduction.useCookie(client.sessionCookie);
    const smartId = await asProduction.post<ApiErrorBody>(base(externalId), { method: 'SMART_ID' });
    expect(smartId.status).toBe(409);
    expect(smartId.body.error).toMatchObject({ code: 'SIGNING_NOT_AVAILABLE', message: 'Smart-ID is not offered.' });
    const mobileId = await asProduction.post<ApiErrorBody>(base(externalId), { method: 'MOBILE_SIGNATURE' });
    expect(mobileId.body.error).toMatchObject({ code: 'SIGNING_NOT_AVAILABLE', message: 'Mobile-ID is not offered.' });
  });

  it('demonstration and test offer both (their simulators)', async () => {
    const config = await t.client().get<Data<{ providers: { smartId: boolean; mobileId: boolean } }>>('/api/v1/runtime-config');
    expect(config.body.data.providers).toMatchObject({ smartId: true, mobileId: true });
  });
});

describe('a party configured by its variables is trusted through its certificates file only', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'solis-smart-id-'));
  });

  async function signedThrough(pem: string): Promise<string> {
    const file = path.join(directory, `${Math.random().toString(36).slice(2)}.pem`);
    writeFileSync(file, pem);
    // The simulator's API, as a bank's test environment would be: a real party for the app (no scripts).
    const configured = t.withEnv({
      SMART_ID_URL: `${t.simulators.origin}/smart-id/v2`,
      SMART_ID_RP_UUID: 'de305d54-75b4-431b-adb2-eb6b9e546014',
      SMART_ID_RP_NAME: 'BANK123',
      SMART_ID_TRUSTED_CERTS: file,
    });
    expect(configured.providers.smartId?.scripts).toBeNull();
    const { client, externalId } = await seeded(configured);
    // A setting is no script for a real party: the person answers.
    await client.post('/api/sandbox/signing/smart-id', { runningPolls: 0, result: 'TIMEOUT' });
    const code = (await start(client, externalId)).body.data.verificationCode!;
    const page = await personPage(t, code);
    expect(await (await fetch(page)).text()).toContain('BANK123 asks you to sign');
    await fetch(page, { method: 'POST', body: new URLSearchParams({ endResult: 'OK' }) });
    return (await status(client, externalId)).body.data.status;
  }

  it("another CA's certificates: the simulator's signature is refused, nothing signed", async () => {
    expect(await signedThrough((await SimulatorCa.create({ commonName: 'Solis simulator Smart-ID CA' })).pem)).toBe('PROVIDER_ERROR');
  });

  it("the issuer's certificate: signed", async () => {
    expect(await signedThrough((await simulatorCa('smart-id')).pem)).toBe('SIGNED_CONTRACT');
  });
});
