/**
 * The bank payment adapter against its simulator over loopback HTTP (issue 21; decision 168): one
 * provider per BIC, the payment as RFC 9396 authorization_details, the person's answers mapped to
 * section 4's results, the relying party's refusals, and the faults of decision 166.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_BANK_BICS } from '../../../core/domain/signing';
import { ConfigError } from '../../../server/config/env';
import { ProviderError } from '../../../server/providers/provider-http';
import { startSimulators, type RunningSimulators } from '../../../server/providers/simulator-host';
import { flowKeyOf, flowSecretsFor } from '../../../server/providers/oidc/flow-secrets';
import { BANK_PAYMENT_SIMULATOR, readBankPaymentSettings } from '../../../server/providers/bank-payment/bank-payment.settings';
import {
  bankPaymentAdaptersFor,
  configuredBanks,
  createBankPaymentAdapter,
  resultOfTransactionStatus,
  type BankPaymentAdapter,
  type BankPaymentFlow,
} from '../../../server/providers/bank-payment/bank-payment.adapter';
import { bankPaymentSimulator } from '../../../server/providers/bank-payment/bank-payment.simulator';
import { queryOf, visitProvider } from './support/provider-visit';
import { freshSecret } from '../support/secrets';
import { PATIENT_MS, SHORT_MS } from './support/deadlines';

const settings = readBankPaymentSettings({}, 'test');
const KEY = flowKeyOf('a-test-secret-of-at-least-32-bytes-long');
const REDIRECT_URI = 'https://apply.bank.example/api/v1/signing/payment/callback';
const PAYMENT = { amount: '0.01', creditorName: 'Solis demonstration lender', creditorIban: 'LV51SOLS0000000000001', remittance: 'Contract 2026-1' };

const swedbankSettings = () => settings.banks.find((bank) => bank.bic === 'HABALV22') ?? { clientId: '', clientSecret: '' };

let host: RunningSimulators;
let swedbank: BankPaymentAdapter;

beforeAll(async () => {
  host = await startSimulators((context) => [bankPaymentSimulator(settings, context)], { unref: true });
  swedbank = bankPaymentAdaptersFor(settings, host.origin).HABALV22 as BankPaymentAdapter;
});
afterAll(() => host.close());
afterEach(async () => void (await fetch(`${host.origin}/control/reset`, { method: 'POST' })));

async function start(on: BankPaymentAdapter = swedbank) {
  const flow: BankPaymentFlow = { redirectUri: REDIRECT_URI, secrets: flowSecretsFor(KEY, randomUUID()) };
  return { flow, url: await on.authorizationUrl({ ...flow, payment: PAYMENT }) };
}

describe('settings', () => {
  it('outside production every bank is simulated; in production only the listed ones exist', () => {
    expect(configuredBanks(bankPaymentAdaptersFor(settings, host.origin))).toEqual([...PAYMENT_BANK_BICS]);
    const production = readBankPaymentSettings(
      {
        BANK_PAYMENT_BANKS: 'UNLALV2X',
        BANK_PAYMENT_UNLALV2X_URL: 'https://auth.seb.example/oidc',
        BANK_PAYMENT_UNLALV2X_CLIENT_ID: 'solis',
        BANK_PAYMENT_UNLALV2X_CLIENT_SECRET: freshSecret(),
        BANK_PAYMENT_CREDITOR_NAME: 'Solis Bank AS',
        BANK_PAYMENT_CREDITOR_IBAN: 'LV51 SOLS 0000 0000 0000 1',
      },
      'production',
    );
    const adapters = bankPaymentAdaptersFor(production, null);
    expect(configuredBanks(adapters)).toEqual(['UNLALV2X']);
    expect(adapters.UNLALV2X?.issuer).toBe('https://auth.seb.example/oidc');
    expect(production.creditor).toEqual({ name: 'Solis Bank AS', iban: 'LV51SOLS0000000000001' });
  });

  it.each([
    [{ BANK_PAYMENT_BANKS: 'DEUTDEFF' }, 'BANK_PAYMENT_BANKS'],
    [{ BANK_PAYMENT_BANKS: 'HABALV22' }, 'BANK_PAYMENT_HABALV22_URL'],
    [{ BANK_PAYMENT_HABALV22_URL: 'https://auth.swedbank.example' }, 'BANK_PAYMENT_BANKS'],
    [{ BANK_PAYMENT_BANKS: 'HABALV22', BANK_PAYMENT_HABALV22_URL: 'https://auth.swedbank.example' }, 'BANK_PAYMENT_HABALV22_CLIENT_ID'],
    [{ BANK_PAYMENT_CREDITOR_IBAN: 'LV00NOPE' }, 'BANK_PAYMENT_CREDITOR_IBAN'],
    [{ BANK_PAYMENT_AMOUNT: '0' }, 'BANK_PAYMENT_AMOUNT'],
  ])('refuses %o naming %s', (env, variable) => {
    expect(() => readBankPaymentSettings(env, 'demonstration')).toThrow(ConfigError);
    try {
      readBankPaymentSettings(env, 'demonstration');
    } catch (error) {
      expect((error as ConfigError).variable).toBe(variable);
    }
  });
});

describe('a payment at the bank', () => {
  it('asks for the payment as one payment_initiation; the bank\'s page shows it', async () => {
    const { url } = await start();
    const request = new URL(url);
    expect(`${request.origin}${request.pathname}`).toBe(`${host.origin}/${BANK_PAYMENT_SIMULATOR}/HABALV22/authorize`);
    expect(JSON.parse(request.searchParams.get('authorization_details') ?? '')).toEqual([
      {
        type: 'payment_initiation',
        actions: ['initiate', 'status'],
        instructedAmount: { currency: 'EUR', amount: '0.01' },
        creditorName: PAYMENT.creditorName,
        creditorAccount: { iban: PAYMENT.creditorIban },
        remittanceInformationUnstructured: PAYMENT.remittance,
      },
    ]);
    const visit = await visitProvider(url, 'cancel');
    expect(visit.html).toContain('<h1>SWEDBANK (HABALV22): confirm a payment</h1>');
    expect(visit.html).toContain('0.01 EUR');
    expect(visit.html).toContain('Contract 2026-1');
  });

  it.each([
    ['approve', 'COMPLETED_OK'],
    ['decline', 'COMPLETED_FAILURE'],
    ['cancel', 'USER_CANCELLED'],
    ['error', 'PROVIDER_ERROR'],
  ])('%s: %s', async (answer, status) => {
    const { flow, url } = await start();
    const visit = await visitProvider(url, answer);
    expect(visit.callback.searchParams.get('state')).toBe(flow.secrets.state);
    expect((await swedbank.complete(queryOf(visit.callback), flow, new Date())).status).toBe(status);
  });

  it('each bank is its own provider: another bank\'s code is nothing at this one', async () => {
    const seb = bankPaymentAdaptersFor(settings, host.origin).UNLALV2X as BankPaymentAdapter;
    const { flow, url } = await start(seb);
    const visit = await visitProvider(url, 'approve');
    expect((await swedbank.complete(queryOf(visit.callback), flow, new Date())).status).toBe('PROVIDER_ERROR');
  });

  it('a replayed code, a wrong nonce, an expired ID token: not a payment anyone can read', async () => {
    const { flow, url } = await start();
    const visit = await visitProvider(url, 'approve');
    expect((await swedbank.complete(queryOf(visit.callback), flow, new Date())).status).toBe('COMPLETED_OK');
    expect(await swedbank.complete(queryOf(visit.callback), flow, new Date())).toMatchObject({ status: 'PROVIDER_ERROR', reason: 'the token endpoint answered invalid_grant' });

    const second = await start();
    const again = await visitProvider(second.url, 'approve');
    const otherNonce = { ...second.flow, secrets: { ...second.flow.secrets, nonce: 'not-the-nonce' } };
    expect(await swedbank.complete(queryOf(again.callback), otherNonce, new Date())).toMatchObject({ status: 'PROVIDER_ERROR', reason: 'the ID token failed its nonce check' });

    const third = await start();
    const late = await visitProvider(third.url, 'approve');
    expect(await swedbank.complete(queryOf(late.callback), third.flow, new Date(Date.now() + 3600_000))).toMatchObject({ reason: 'the ID token failed its expired check' });
  });

  it('a test script preselects the bank\'s answer', async () => {
    const { flow, url } = await start();
    await swedbank.script?.(flow.secrets.state, 'decline');
    const visit = await visitProvider(url);
    expect(visit.answer).toBe('decline');
  });

  it('maps NextGenPSD2 transaction statuses: accepted ones sign, RJCT fails, CANC is cancelled, pending ones are unknown', () => {
    expect(['ACCC', 'ACCP', 'ACSC', 'ACSP', 'ACTC', 'ACWC', 'ACWP', 'ACFC'].map((status) => resultOfTransactionStatus(status as 'ACSC'))).toEqual(Array(8).fill('COMPLETED_OK'));
    expect(resultOfTransactionStatus('RJCT')).toBe('COMPLETED_FAILURE');
    expect(resultOfTransactionStatus('CANC')).toBe('USER_CANCELLED');
    expect(['RCVD', 'PDNG', 'PATC', 'PART'].map((status) => resultOfTransactionStatus(status as 'RCVD'))).toEqual(Array(4).fill('UNKNOWN'));
  });
});

describe('faults (decision 166)', () => {
  const adapter = (timeoutMs = PATIENT_MS) =>
    createBankPaymentAdapter('HABALV22', { provider: 'bank-payment/HABALV22', issuer: swedbank.issuer, clientId: swedbankSettings().clientId, clientSecret: swedbankSettings().clientSecret, simulated: true, timeoutMs });
  const fault = (body: Record<string, unknown>) =>
    fetch(`${host.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ simulator: BANK_PAYMENT_SIMULATOR, ...body }) });

  it.each([
    [{ fault: 'status', status: 500, path: '/token' }, 'status'],
    [{ fault: 'hang', path: '/token' }, 'timeout'],
    [{ fault: 'malformed', path: '/status' }, 'malformed'],
  ])('%o: a %s fault, then the next payment works', async (control, kind) => {
    const party = adapter();
    const { flow, url } = await start(party);
    const visit = await visitProvider(url, 'approve');
    await fault(control);
    const failure = await adapter(SHORT_MS).complete(queryOf(visit.callback), flow, new Date()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).fault).toBe(kind);
    const again = await start(party);
    const second = await visitProvider(again.url, 'approve');
    expect((await party.complete(queryOf(second.callback), again.flow, new Date())).status).toBe('COMPLETED_OK');
  });
});
