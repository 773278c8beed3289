/**
 * Issue 21 (docs/decisions/170): the open-banking adapter speaks Berlin Group NextGenPSD2 (account
 * information, redirect SCA) through an aggregator. Tested two ways, never with a mocked network:
 * against the simulator over loopback HTTP (consents approved, refused, cancelled, expired, revoked,
 * terminated; accounts and paged transactions; the faults of the simulators' host), and against the
 * answers of the Berlin Group OpenAPI's published examples, replayed by a tiny loopback server.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../../../server/providers/provider-http';
import { BG_CONSENT_STATUSES, SIMULATOR_CREDENTIALS, createPsd2Client, milliOf, resolveLink, type Psd2Aggregator } from '../../../server/providers/psd2/psd2.adapter';
import { createPsd2Simulator } from '../../../server/providers/psd2/psd2.simulator';
import { PSD2_VARIABLES, readPsd2Settings } from '../../../server/providers/psd2/psd2.settings';
import { createProviders, providerAvailability, readProviderSettings, simulatedParties } from '../../../server/providers/providers';
import { startSimulators, type RunningSimulators } from '../../../server/providers/simulator-host';
import { freshSecret } from '../support/secrets';
import { PATIENT_MS, SHORT_MS, SLOW_ANSWER_MS } from './support/deadlines';

const PERIOD = (() => {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 4, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { dateFrom: from.toISOString().slice(0, 10), dateTo: to.toISOString().slice(0, 10) };
})();
const REDIRECT = 'http://localhost/api/v1/psd2/callback?state=s1';
const NOK = 'http://localhost/api/v1/psd2/callback?state=s1&result=nok';

async function expectFault(promise: Promise<unknown>, fault: ProviderError['fault'], detail?: RegExp): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  const providerError = error as ProviderError;
  expect(providerError.provider).toBe('psd2');
  expect(providerError.fault).toBe(fault);
  if (detail) expect(providerError.message).toMatch(detail);
  return providerError;
}

/** IBAN check (ISO 13616 mod 97). */
function validIban(iban: string): boolean {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

describe('the adapter against the simulator (over HTTP)', () => {
  let host: RunningSimulators;
  let psd2: Psd2Aggregator;
  const client = (overrides: Partial<Parameters<typeof createPsd2Client>[0]> = {}) =>
    createPsd2Client({ baseUrl: `${host.origin}/psd2`, ...SIMULATOR_CREDENTIALS, tppName: 'Solis Bank', timeoutMs: PATIENT_MS, simulator: true, ...overrides });
  const impatient = () => client({ timeoutMs: SHORT_MS });

  beforeAll(async () => {
    host = await startSimulators((context) => [createPsd2Simulator(context)], { unref: true });
  });
  afterAll(() => host.close());
  beforeEach(async () => {
    await fetch(`${host.origin}/control/reset`, { method: 'POST' });
    psd2 = client();
  });

  const consent = (aspspId = 'CITADELE_LV', via: Psd2Aggregator = psd2) =>
    via.createConsent({ aspspId, psuIpAddress: '192.0.2.10', redirectUri: REDIRECT, nokRedirectUri: NOK, validUntil: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), language: 'lv' });
  /** The person's answer on the bank's page; answers where the bank sends the browser. */
  const answer = async (scaRedirect: string, outcome: 'approve' | 'refuse' | 'cancel' | 'revoke') => {
    const response = await fetch(scaRedirect, { method: 'POST', body: new URLSearchParams({ outcome }), redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location'), text: await response.text() };
  };
  const fault = (body: Record<string, unknown>) =>
    fetch(`${host.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ simulator: 'psd2', ...body }) });

  it("lists a country's banks (the aggregator's list), and keeps it briefly", async () => {
    const banks = await psd2.listAspsps('LV');
    expect(banks.map((bank) => [bank.id, bank.bic])).toEqual([
      ['CITADELE_LV', 'PARXLV22'],
      ['LUMINOR_LV', 'RIKOLV2X'],
      ['SEB_LV', 'UNLALV2X'],
      ['SWEDBANK_LV', 'HABALV22'],
    ]);
    expect(banks[0]?.logoUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await psd2.listAspsps('EE')).map((bank) => bank.bic)).toEqual(['HABAEE2X', 'EEUHEE2X', 'LHVBEE22', 'RIKOEE22', 'EKRDEE22']);
    // Kept: a failing aggregator does not take the list away within the minute.
    await fault({ fault: 'status', status: 500, path: '/v1/aspsps' });
    expect(await psd2.listAspsps('LV')).toHaveLength(4);
    await expectFault(client().listAspsps('LV'), 'status', /HTTP 500/);
  });

  it('creates a consent: received, with the bank SCA page on the simulator', async () => {
    const created = await consent();
    expect(created.consentStatus).toBe('received');
    expect(created.consentId).toMatch(/^CONSENT-[0-9A-F]{12}$/);
    expect(new URL(created.scaRedirect).origin).toBe(host.origin);
    expect(psd2.pageOrigins).toEqual([host.origin]);
    expect(await psd2.consentStatus('CITADELE_LV', created.consentId)).toBe('received');
    const page = await (await fetch(created.scaRedirect)).text();
    expect(page).toContain('Citadele (PARXLV22)');
    expect(page).toContain('Solis Bank asks to read, once,');
    // The index page lists it for a person trying the demonstration.
    expect(await (await fetch(host.origin)).text()).toContain('Citadele: Solis Bank asks for access to account information');
  });

  it('approved: valid, back through TPP-Redirect-URI; two accounts and four months of booked transactions, the same for the same consent', async () => {
    const created = await consent();
    expect(await answer(created.scaRedirect, 'approve')).toMatchObject({ status: 303, location: REDIRECT });
    expect(await psd2.consentStatus('CITADELE_LV', created.consentId)).toBe('valid');
    const accounts = await psd2.accounts('CITADELE_LV', created.consentId, '192.0.2.10');
    expect(accounts).toHaveLength(2);
    for (const account of accounts) {
      expect(account.iban).toMatch(/^LV\d{2}PARX\d{13}$/);
      expect(validIban(account.iban)).toBe(true);
      expect(account.currency).toBe('EUR');
    }
    const booked = await psd2.bookedTransactions('CITADELE_LV', created.consentId, accounts[0]!.resourceId, PERIOD, '192.0.2.10');
    // Five a month over four months: more than a page of ten, so `_links.next` was followed.
    expect(booked).toHaveLength(20);
    expect(booked.every((transaction) => transaction.date >= PERIOD.dateFrom && transaction.date <= PERIOD.dateTo)).toBe(true);
    expect(booked.filter((transaction) => transaction.milli > 0)).toHaveLength(4);
    // Decision 172: who paid and what the payment says come along (the statement analysis reads them).
    expect(booked.filter((transaction) => transaction.milli > 0).every((transaction) => transaction.counterparty === 'Employer UAB' && transaction.text === 'Salary')).toBe(true);
    expect(await psd2.bookedTransactions('CITADELE_LV', created.consentId, accounts[0]!.resourceId, PERIOD, null)).toEqual(booked);
    expect(await psd2.accounts('CITADELE_LV', created.consentId, null)).toEqual(accounts);
    const other = await consent();
    await answer(other.scaRedirect, 'approve');
    expect((await psd2.accounts('CITADELE_LV', other.consentId, null))[0]?.iban).not.toBe(accounts[0]?.iban);
  });

  it('refused: rejected, back through TPP-Nok-Redirect-URI; its account data is refused (401 CONSENT_INVALID)', async () => {
    const created = await consent('SEB_LV');
    expect(await answer(created.scaRedirect, 'refuse')).toMatchObject({ status: 303, location: NOK });
    expect(await psd2.consentStatus('SEB_LV', created.consentId)).toBe('rejected');
    const error = await expectFault(psd2.accounts('SEB_LV', created.consentId, null), 'status', /HTTP 401 \(CONSENT_INVALID\)/);
    expect(error.status).toBe(401);
  });

  it('cancelled: still received, back through the Nok address; terminated by us it is terminatedByTpp', async () => {
    const created = await consent();
    expect(await answer(created.scaRedirect, 'cancel')).toMatchObject({ status: 303, location: NOK });
    expect(await psd2.consentStatus('CITADELE_LV', created.consentId)).toBe('received');
    await psd2.deleteConsent('CITADELE_LV', created.consentId);
    expect(await psd2.consentStatus('CITADELE_LV', created.consentId)).toBe('terminatedByTpp');
    // Answered after it ended: back through the Nok address, nothing changes.
    expect(await answer(created.scaRedirect, 'approve')).toMatchObject({ status: 303, location: NOK });
    expect(await psd2.consentStatus('CITADELE_LV', created.consentId)).toBe('terminatedByTpp');
  });

  it('left alone for five minutes: expired at the bank, its page says so, its data is refused (401 CONSENT_EXPIRED)', async () => {
    const created = await consent();
    const aged = await psd2.simulatorControls?.elapse([created.consentId], 4);
    expect(aged).toBe(1);
    // Opening the page is the person's activity: the five minutes start again.
    expect(await (await fetch(created.scaRedirect)).text()).toContain('Approve');
    await psd2.simulatorControls?.elapse([created.consentId], 4);
    expect(await psd2.consentStatus('CITADELE_LV', created.consentId)).toBe('received');
    await psd2.simulatorControls?.elapse([created.consentId], 1);
    expect(await psd2.consentStatus('CITADELE_LV', created.consentId)).toBe('expired');
    expect(await (await fetch(created.scaRedirect)).text()).toContain('This consent request has expired.');
    expect(await answer(created.scaRedirect, 'approve')).toMatchObject({ status: 303, location: NOK });
    await expectFault(psd2.accounts('CITADELE_LV', created.consentId, null), 'status', /CONSENT_EXPIRED/);
  });

  it('withdrawn by the person at the bank: revokedByPsu', async () => {
    const created = await consent();
    await answer(created.scaRedirect, 'approve');
    const withdrawn = await answer(created.scaRedirect, 'revoke');
    expect(withdrawn.text).toContain('You have withdrawn this consent.');
    expect(await psd2.consentStatus('CITADELE_LV', created.consentId)).toBe('revokedByPsu');
  });

  it('a consent the bank does not know (or another bank\'s) is unknown; DELETE of it is refused', async () => {
    expect(await psd2.consentStatus('CITADELE_LV', 'CONSENT-000000000000')).toBe('unknown');
    const created = await consent('CITADELE_LV');
    expect(await psd2.consentStatus('SEB_LV', created.consentId)).toBe('unknown');
    await expectFault(psd2.deleteConsent('SEB_LV', created.consentId), 'status', /CONSENT_UNKNOWN/);
  });

  it('refuses calls without the client credentials, a one-off consent asking for more than one read a day, an unknown bank', async () => {
    await expectFault(client({ apiKey: '' }).listAspsps('LT'), 'status', /HTTP 401 \(TOKEN_INVALID\)/);
    const raw = await fetch(`${host.origin}/psd2/v1/consents`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': 'a1',
        'x-client-id': 'c',
        'x-api-key': 'k',
        'aspsp-id': 'CITADELE_LV',
        'psu-ip-address': '192.0.2.10',
        'tpp-redirect-uri': REDIRECT,
      },
      body: JSON.stringify({ access: { allPsd2: 'allAccounts' }, recurringIndicator: false, validUntil: '2999-01-01', frequencyPerDay: 4 }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: 'A one-off consent has frequencyPerDay 1.', path: 'frequencyPerDay' }] });
    expect(raw.headers.get('x-request-id')).toBe('a1');
    await expectFault(consent('NO_SUCH_BANK'), 'status', /HTTP 400 \(FORMAT_ERROR\)/);
  });

  describe('faults of the simulators\' host (issue 21): each a ProviderError, and the next call works', () => {
    it.each([
      ['answers 500', { fault: 'status', status: 500 }, 'status'],
      ['answers malformed JSON', { fault: 'malformed' }, 'malformed'],
      ['never answers', { fault: 'hang' }, 'timeout'],
      ['answers after the deadline', { fault: 'slow', delayMs: SLOW_ANSWER_MS }, 'timeout'],
    ] as const)('creating a consent %s', async (_name, spoil, expected) => {
      await fault({ ...spoil, path: '/v1/consents' });
      await expectFault(consent(undefined, impatient()), expected);
      expect((await consent()).consentStatus).toBe('received');
    });

    it.each([
      ['answers 500', { fault: 'status', status: 503 }, 'status'],
      ['answers malformed JSON', { fault: 'malformed' }, 'malformed'],
      ['never answers', { fault: 'hang' }, 'timeout'],
    ] as const)('reading the transactions %s', async (_name, spoil, expected) => {
      const created = await consent();
      await answer(created.scaRedirect, 'approve');
      const [account] = await psd2.accounts('CITADELE_LV', created.consentId, null);
      await fault({ ...spoil, path: '/transactions' });
      await expectFault(impatient().bookedTransactions('CITADELE_LV', created.consentId, account!.resourceId, PERIOD, null), expected);
      expect(await psd2.bookedTransactions('CITADELE_LV', created.consentId, account!.resourceId, PERIOD, null)).toHaveLength(20);
    });
  });
});

/** The Berlin Group OpenAPI's example answers (tests/server/providers/psd2/recorded/), replayed on loopback. */
describe('the adapter against the published examples (recorded answers)', () => {
  const RECORDED = path.join(path.dirname(fileURLToPath(import.meta.url)), 'psd2', 'recorded');
  const recorded = (name: string) => JSON.parse(readFileSync(path.join(RECORDED, name), 'utf8')) as { status: number; body: unknown };
  let server: Server;
  let base: string;
  /** `METHOD /path` → recorded file; the requests as they came. */
  let routes: Record<string, string> = {};
  let requests: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  let psd2: Psd2Aggregator;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://replay');
        requests.push({ method: request.method ?? '', url: `${url.pathname}${url.search}`, headers: request.headers, body });
        const file = routes[`${request.method} ${url.pathname}`];
        if (!file) {
          response.writeHead(404, { 'content-type': 'application/json' }).end('{"tppMessages":[{"category":"ERROR","code":"RESOURCE_UNKNOWN"}]}');
          return;
        }
        const answer = recorded(file);
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/berlingroup`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    routes = {};
    requests = [];
    psd2 = createPsd2Client({ baseUrl: base, clientId: 'bank-client', apiKey: 'secret-key', tppName: 'Solis Bank', timeoutMs: 1_000, scaOrigins: ['https://www.testbank.com'] });
  });

  const request = { aspspId: 'CITADELE_LV', psuIpAddress: '192.0.2.10', redirectUri: REDIRECT, nokRedirectUri: NOK, validUntil: '2030-01-02', language: 'lv' };

  it('consent created (redirect, implicit authorisation): the scaRedirect, with every header Berlin Group asks for', async () => {
    routes = { 'POST /berlingroup/v1/consents': 'consent-created.json' };
    expect(await psd2.createConsent(request)).toEqual({ consentId: '1234-wertiq-983', consentStatus: 'received', scaRedirect: 'https://www.testbank.com/authentication/1234-wertiq-983' });
    const [sent] = requests;
    expect(sent?.headers).toMatchObject({
      'x-client-id': 'bank-client',
      'x-api-key': 'secret-key',
      'aspsp-id': 'CITADELE_LV',
      'psu-ip-address': '192.0.2.10',
      'psu-accept-language': 'lv',
      'tpp-redirect-preferred': 'true',
      'tpp-redirect-uri': REDIRECT,
      'tpp-nok-redirect-uri': NOK,
      'tpp-name': 'Solis Bank',
      'content-type': 'application/json',
    });
    expect(sent?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(sent?.body ?? '')).toEqual({ access: { allPsd2: 'allAccounts' }, recurringIndicator: false, validUntil: '2030-01-02', frequencyPerDay: 1, combinedServiceIndicator: false });
    expect(psd2.pageOrigins).toEqual(['http://127.0.0.1:' + new URL(base).port, 'https://www.testbank.com']);
  });

  it('consent created with an explicit start of the authorisation: the link is followed (relative, without its slash) for the scaRedirect', async () => {
    routes = { 'POST /berlingroup/v1/consents': 'consent-created-explicit-start.json', 'POST /berlingroup/v1/consents/1234-wertiq-983/authorisations': 'authorisation-started-redirect.json' };
    expect((await psd2.createConsent(request)).scaRedirect).toBe('https://www.testbank.com/authentication/1234-wertiq-983');
    expect(requests.map((sent) => `${sent.method} ${sent.url}`)).toEqual(['POST /berlingroup/v1/consents', 'POST /berlingroup/v1/consents/1234-wertiq-983/authorisations']);
    expect(requests[1]?.headers).toMatchObject({ 'tpp-redirect-uri': REDIRECT, 'tpp-nok-redirect-uri': NOK, 'aspsp-id': 'CITADELE_LV' });
  });

  it.each([
    ['the OAuth2 approach', 'consent-created-oauth2.json', undefined],
    ['a decoupled authorisation', 'consent-created-explicit-start.json', 'authorisation-started-decoupled.json'],
  ])('consent created for %s: not supported (only the redirect approach), a ProviderError', async (_name, created, started) => {
    routes = { 'POST /berlingroup/v1/consents': created, ...(started ? { 'POST /berlingroup/v1/consents/1234-wertiq-983/authorisations': started } : {}) };
    await expectFault(psd2.createConsent(request), 'malformed');
  });

  it.each(BG_CONSENT_STATUSES)('consent status %s', async (status) => {
    routes = { 'GET /berlingroup/v1/consents/1234-wertiq-983/status': `consent-status-${status}.json` };
    expect(await psd2.consentStatus('CITADELE_LV', '1234-wertiq-983')).toBe(status);
    expect(requests[0]?.headers['aspsp-id']).toBe('CITADELE_LV');
  });

  it('consent status of a consent the bank does not know (403 CONSENT_UNKNOWN): unknown', async () => {
    routes = { 'GET /berlingroup/v1/consents/gone/status': 'error-403-consent-unknown.json' };
    expect(await psd2.consentStatus('CITADELE_LV', 'gone')).toBe('unknown');
  });

  it('accounts: the IBAN accounts whose transactions may be read, with Consent-ID sent', async () => {
    routes = { 'GET /berlingroup/v1/accounts': 'accounts.json' };
    expect(await psd2.accounts('CITADELE_LV', '1234-wertiq-983', '192.0.2.10')).toEqual([
      { resourceId: '3dc3d5b3-7023-4848-9853-f5400a64e80f', iban: 'DE2310010010123456789', currency: 'EUR', name: 'Main Account' },
    ]);
    expect(requests[0]?.headers).toMatchObject({ 'consent-id': '1234-wertiq-983', 'psu-ip-address': '192.0.2.10', 'aspsp-id': 'CITADELE_LV' });
  });

  it('transactions: the booked ones (pending left out), asked for the period and booked status', async () => {
    routes = { 'GET /berlingroup/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80f/transactions': 'transactions.json' };
    expect(await psd2.bookedTransactions('CITADELE_LV', '1234-wertiq-983', '3dc3d5b3-7023-4848-9853-f5400a64e80f', { dateFrom: '2017-10-01', dateTo: '2017-10-31' }, null)).toEqual([
      { transactionId: '1234567', date: '2017-10-25', currency: 'EUR', milli: 256_670, counterparty: 'John Miles', text: 'Example 1' },
      { transactionId: '1234568', date: '2017-10-25', currency: 'EUR', milli: 343_010, counterparty: 'Paul Simpson', text: 'Example 2' },
    ]);
    expect(requests[0]?.url).toBe('/berlingroup/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80f/transactions?dateFrom=2017-10-01&dateTo=2017-10-31&bookingStatus=booked');
    expect(requests[0]?.headers['psu-ip-address']).toBeUndefined();
  });

  it('transactions of a multicurrency account keep each amount\'s currency and sign', async () => {
    routes = { 'GET /berlingroup/v1/accounts/a1/transactions': 'transactions-multicurrency.json' };
    const booked = await psd2.bookedTransactions('CITADELE_LV', 'c', 'a1', { dateFrom: '2017-10-01', dateTo: '2017-10-31' }, null);
    expect(booked.map((transaction) => [transaction.currency, transaction.milli, transaction.counterparty])).toEqual([
      ['EUR', -256_670, 'John Miles'],
      ['EUR', 343_010, 'Paul Simpson'],
      ['USD', 100_000, 'Pepe Martin'],
    ]);
  });

  it('transactions offered as a download only: not supported, a ProviderError', async () => {
    routes = { 'GET /berlingroup/v1/accounts/a1/transactions': 'transactions-download.json' };
    await expectFault(psd2.bookedTransactions('CITADELE_LV', 'c', 'a1', PERIOD, null), 'malformed', /download/);
  });

  it.each([
    ['401 CONSENT_INVALID', 'error-401-consent-invalid.json', /HTTP 401 \(CONSENT_INVALID\)/],
    ['429 ACCESS_EXCEEDED', 'error-429-access-exceeded.json', /HTTP 429 \(ACCESS_EXCEEDED\)/],
  ])('an error body with tppMessages (%s): a ProviderError naming the code, with the body kept', async (_name, file, message) => {
    routes = { 'GET /berlingroup/v1/accounts': file };
    const error = await expectFault(psd2.accounts('CITADELE_LV', 'c', null), 'status', message);
    expect(error.body).toEqual(recorded(file).body);
  });

  it("the aggregator's bank list: the country's banks, a missing logo as null", async () => {
    routes = { 'GET /berlingroup/v1/aspsps': 'aspsps.json' };
    expect(await psd2.listAspsps('LV')).toEqual([
      { id: 'CITADELE_LV', name: 'Citadele', bic: 'PARXLV22', country: 'LV', logoUrl: 'https://aggregator.example/logos/PARXLV22.png' },
      { id: 'SWEDBANK_LV', name: 'Swedbank', bic: 'HABALV22', country: 'LV', logoUrl: null },
    ]);
    expect(requests[0]?.url).toBe('/berlingroup/v1/aspsps?country=LV');
  });
});

describe('links and amounts', () => {
  it('resolves links relative to the host (with or without the base path), and refuses another origin', () => {
    const base = 'https://xs2a.example/berlingroup';
    expect(resolveLink(base, '/berlingroup/v1/accounts/a/transactions?page=2')).toBe('https://xs2a.example/berlingroup/v1/accounts/a/transactions?page=2');
    expect(resolveLink(base, 'v1/consents/1/authorisations')).toBe('https://xs2a.example/berlingroup/v1/consents/1/authorisations');
    expect(resolveLink(base, '/v1/consents/1/authorisations')).toBe('https://xs2a.example/berlingroup/v1/consents/1/authorisations');
    expect(resolveLink(base, 'https://xs2a.example/berlingroup/v1/x')).toBe('https://xs2a.example/berlingroup/v1/x');
    expect(() => resolveLink(base, 'https://elsewhere.example/v1/x')).toThrow(ProviderError);
    expect(() => resolveLink(base, '//elsewhere.example/v1/x')).toThrow(ProviderError);
  });

  it('reads Berlin Group amounts exactly, in thousandths', () => {
    expect([milliOf('256.67'), milliOf('-100.03'), milliOf('100'), milliOf('0.5'), milliOf('-0.001')]).toEqual([256_670, -100_030, 100_000, 500, -1]);
  });
});

describe('settings (PSD2_*), checked at start-up', () => {
  const PSD2_API_KEY = freshSecret();
  const real = { PSD2_URL: 'https://xs2a.aggregator.example/berlingroup/', PSD2_CLIENT_ID: 'bank', PSD2_API_KEY, PSD2_TPP_NAME: 'Solis Bank' };

  it('unset: the simulator outside production; in production open banking is not offered', () => {
    expect(readPsd2Settings({}, 'demonstration').source).toEqual({ kind: 'simulator' });
    const production = readProviderSettings({}, 'production');
    expect(production.psd2.source).toEqual({ kind: 'none' });
    expect(simulatedParties(production)).not.toContain('psd2');
    const providers = createProviders(production, null);
    expect(providers.psd2).toBeNull();
    expect(providerAvailability(providers).openBanking).toBe(false);
    expect(simulatedParties(readProviderSettings({}, 'demonstration'))).toContain('psd2');
  });

  it('set: the real aggregator, its page origins (its own and the banks\' SCA origins) on the redirect allowlist', () => {
    const settings = readProviderSettings({ ...real, PSD2_SCA_ORIGINS: 'https://auth.citadele.lv, https://ib.swedbank.lv/' }, 'production');
    expect(settings.psd2).toMatchObject({ source: { kind: 'real', url: 'https://xs2a.aggregator.example/berlingroup' }, clientId: 'bank', apiKey: PSD2_API_KEY, tppName: 'Solis Bank', timeoutMs: 10_000 });
    const providers = createProviders(settings, null);
    expect(providers.pageOrigins).toEqual(['https://xs2a.aggregator.example', 'https://auth.citadele.lv', 'https://ib.swedbank.lv']);
    expect(providers.psd2?.simulatorControls).toBeNull();
    expect(providerAvailability(providers).openBanking).toBe(true);
  });

  it.each([
    [{ ...real, PSD2_CLIENT_ID: '' }, 'PSD2_CLIENT_ID'],
    [{ ...real, PSD2_API_KEY: undefined }, 'PSD2_API_KEY'],
    [{ ...real, PSD2_TPP_NAME: ' ' }, 'PSD2_TPP_NAME'],
    [{ ...real, PSD2_URL: 'http://xs2a.aggregator.example' }, 'PSD2_URL'],
    [{ ...real, PSD2_SCA_ORIGINS: 'https://auth.bank.example/login' }, 'PSD2_SCA_ORIGINS'],
    [{ ...real, PSD2_SCA_ORIGINS: 'http://auth.bank.example' }, 'PSD2_SCA_ORIGINS'],
    [{ ...real, PSD2_TIMEOUT_MS: '10s' }, 'PSD2_TIMEOUT_MS'],
  ])('refuses %o in production, naming %s', (env, variable) => {
    expect(() => readPsd2Settings(env, 'production')).toThrow(new RegExp(`Invalid configuration: ${variable}`));
  });

  it('lists its variables for the README table, the required ones first', () => {
    expect(PSD2_VARIABLES.map((variable) => [variable.name, variable.required])).toEqual([
      ['PSD2_URL', true],
      ['PSD2_CLIENT_ID', true],
      ['PSD2_API_KEY', true],
      ['PSD2_TPP_NAME', true],
      ['PSD2_SCA_ORIGINS', false],
      ['PSD2_TIMEOUT_MS', false],
    ]);
  });
});
