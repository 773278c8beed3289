/**
 * The eParaksts adapter against its simulator over loopback HTTP (issue 21; decision 168): the
 * OpenID Connect authorization-code exchange from the authorization address to the result, the
 * person's answers, and what the relying party must refuse (a replayed code, a wrong nonce, an
 * expired ID token, a wrong verifier or redirect URI, a wrong client secret), and the faults of
 * decision 166 (an error status, malformed JSON, no answer), each a ProviderError that the next try
 * survives.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ESIGN_CERTIFICATE_INACTIVE, ESIGN_SIGNING_REFUSED } from '../../../core/domain/signing';
import { ProviderError } from '../../../server/providers/provider-http';
import { startSimulators, type RunningSimulators } from '../../../server/providers/simulator-host';
import { flowKeyOf, flowSecretsFor, transactionOfState } from '../../../server/providers/oidc/flow-secrets';
import { pkceChallenge } from '../../../server/providers/oidc/oidc-client';
import { readEparakstsSettings, EPARAKSTS_SIMULATOR } from '../../../server/providers/eparaksts/eparaksts.settings';
import { createEparakstsAdapter, eparakstsAdapterFor, ESIGN_PROVIDER_FAILED, type EparakstsAdapter, type EparakstsFlow } from '../../../server/providers/eparaksts/eparaksts.adapter';
import { eparakstsSimulator } from '../../../server/providers/eparaksts/eparaksts.simulator';
import { queryOf, visitProvider } from './support/provider-visit';
import { PATIENT_MS, SHORT_MS } from './support/deadlines';

const settings = readEparakstsSettings({}, 'test');
const KEY = flowKeyOf('a-test-secret-of-at-least-32-bytes-long');
const REDIRECT_URI = 'https://apply.bank.example/api/v1/signing/eparaksts/callback';
const PERSON = 'PNOLV-010190-12345';
const DOCUMENT = { label: 'contract-1.pdf', hash: Buffer.alloc(32, 7).toString('base64') };

let host: RunningSimulators;
let adapter: EparakstsAdapter;
let issuer: string;

beforeAll(async () => {
  host = await startSimulators((context) => [eparakstsSimulator(settings, context)], { unref: true });
  adapter = eparakstsAdapterFor(settings, host.origin) as EparakstsAdapter;
  issuer = `${host.origin}/${EPARAKSTS_SIMULATOR}`;
});
afterAll(() => host.close());
afterEach(async () => void (await fetch(`${host.origin}/control/reset`, { method: 'POST' })));

function flow(phase: 'authenticate' | 'sign'): EparakstsFlow {
  return { phase, redirectUri: REDIRECT_URI, secrets: flowSecretsFor(KEY, randomUUID()), ...(phase === 'sign' ? { document: DOCUMENT } : {}) };
}

async function start(phase: 'authenticate' | 'sign', on: EparakstsAdapter = adapter) {
  const f = flow(phase);
  const url = await on.authorizationUrl({ ...f, method: 'EPARAKSTS', locale: 'lv', loginHint: PERSON });
  return { flow: f, url };
}

const fault = (body: Record<string, unknown>) =>
  fetch(`${host.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ simulator: EPARAKSTS_SIMULATOR, ...body }) });

describe('the authorization request', () => {
  it('asks for a code with PKCE S256, a nonce, the state, the means and the person', async () => {
    const { flow: f, url } = await start('authenticate');
    const request = new URL(url);
    expect(`${request.origin}${request.pathname}`).toBe(`${issuer}/authorize`);
    expect(Object.fromEntries(request.searchParams)).toEqual({
      response_type: 'code',
      client_id: settings.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'openid',
      state: f.secrets.state,
      nonce: f.secrets.nonce,
      code_challenge: pkceChallenge(f.secrets.codeVerifier),
      code_challenge_method: 'S256',
      acr_values: 'urn:eparaksts:mobile',
      ui_locales: 'lv',
      login_hint: PERSON,
    });
    // The verifier never leaves before the token request.
    expect(url).not.toContain(f.secrets.codeVerifier);
  });

  it('carries the digest to sign as RFC 9396 authorization_details', async () => {
    const { url } = await start('sign');
    expect(JSON.parse(new URL(url).searchParams.get('authorization_details') ?? '')).toEqual([
      { type: 'credential', documentDigests: [{ hash: DOCUMENT.hash, label: DOCUMENT.label }], hashAlgorithmOID: '2.16.840.1.101.3.4.2.1' },
    ]);
  });

  it('a state names its transaction; an altered one names none', () => {
    const id = randomUUID();
    const { state } = flowSecretsFor(KEY, id);
    expect(transactionOfState(KEY, state)).toBe(id);
    expect(transactionOfState(KEY, `${randomUUID()}${state.slice(36)}`)).toBeNull();
    expect(transactionOfState(flowKeyOf('another-secret-of-at-least-32-bytes!!'), state)).toBeNull();
    expect(transactionOfState(KEY, undefined)).toBeNull();
  });
});

describe('authenticate', () => {
  it('approve: the ID token names the person, verified', async () => {
    const { flow: f, url } = await start('authenticate');
    const visit = await visitProvider(url, 'approve');
    expect(visit.html).toContain('<h1>eParaksts: confirm your identity</h1>');
    expect(visit.html).toContain(PERSON);
    expect(visit.callback.searchParams.get('state')).toBe(f.secrets.state);
    const result = await adapter.complete(queryOf(visit.callback), f, new Date());
    expect(result).toMatchObject({ outcome: 'authenticated', person: { serialNumber: PERSON } });
  });

  it.each([
    ['refuse', 'access_denied'],
    ['cancel', 'access_denied'],
    ['error', 'server_error'],
  ])('%s: the callback carries %s and the authentication failed without an errorCode', async (answer, error) => {
    const { flow: f, url } = await start('authenticate');
    const visit = await visitProvider(url, answer);
    expect(visit.callback.searchParams.get('error')).toBe(error);
    expect(visit.callback.searchParams.has('code')).toBe(false);
    expect(await adapter.complete(queryOf(visit.callback), f, new Date())).toMatchObject({ outcome: 'failed', errorCode: null });
  });
});

describe('sign', () => {
  it('sign: the signing endpoint signs exactly the approved digest', async () => {
    const { flow: f, url } = await start('sign');
    const visit = await visitProvider(url, 'sign');
    expect(visit.html).toContain('<h1>eParaksts: sign a document</h1>');
    expect(visit.html).toContain(DOCUMENT.label);
    const result = await adapter.complete(queryOf(visit.callback), f, new Date());
    expect(result).toMatchObject({ outcome: 'signed', person: { serialNumber: PERSON } });
  });

  it.each([
    ['refuse', ESIGN_SIGNING_REFUSED],
    ['certificate-inactive', ESIGN_CERTIFICATE_INACTIVE],
    ['error', ESIGN_PROVIDER_FAILED],
  ])('%s: the signing failed with %s', async (answer, errorCode) => {
    const { flow: f, url } = await start('sign');
    const visit = await visitProvider(url, answer);
    expect(await adapter.complete(queryOf(visit.callback), f, new Date())).toMatchObject({ outcome: 'failed', errorCode });
  });

  it('a test script preselects the answer on the page (keyed by state); the person still answers', async () => {
    const { flow: f, url } = await start('sign');
    await adapter.script?.(f.secrets.state, 'certificate-inactive');
    const visit = await visitProvider(url);
    expect(visit.html).toMatch(/value="certificate-inactive" checked/);
    expect(visit.answer).toBe('certificate-inactive');
  });
});

describe('what the relying party refuses', () => {
  it('a replayed code: the second exchange is refused (invalid_grant)', async () => {
    const { flow: f, url } = await start('authenticate');
    const visit = await visitProvider(url, 'approve');
    expect((await adapter.complete(queryOf(visit.callback), f, new Date())).outcome).toBe('authenticated');
    expect(await adapter.complete(queryOf(visit.callback), f, new Date())).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('invalid_grant') });
  });

  it('a wrong nonce: the ID token is not this flow', async () => {
    const { flow: f, url } = await start('sign');
    const visit = await visitProvider(url, 'sign');
    const other = { ...f, secrets: { ...f.secrets, nonce: flowSecretsFor(KEY, randomUUID()).nonce } };
    expect(await adapter.complete(queryOf(visit.callback), other, new Date())).toEqual({ outcome: 'failed', errorCode: ESIGN_SIGNING_REFUSED, reason: 'the ID token failed its nonce check' });
  });

  it('an expired ID token (this server an hour ahead)', async () => {
    const { flow: f, url } = await start('authenticate');
    const visit = await visitProvider(url, 'approve');
    expect(await adapter.complete(queryOf(visit.callback), f, new Date(Date.now() + 3600_000))).toMatchObject({ outcome: 'failed', reason: 'the ID token failed its expired check' });
  });

  it('a verifier or redirect URI that is not the request\'s: invalid_grant', async () => {
    for (const change of [{ secrets: { codeVerifier: flowSecretsFor(KEY, randomUUID()).codeVerifier } }, { redirectUri: 'https://elsewhere.example/callback' }]) {
      const { flow: f, url } = await start('authenticate');
      const visit = await visitProvider(url, 'approve');
      const changed = { ...f, ...change, secrets: { ...f.secrets, ...('secrets' in change ? change.secrets : {}) } };
      expect(await adapter.complete(queryOf(visit.callback), changed, new Date())).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('invalid_grant') });
    }
  });

  it('a client secret the provider does not know: a fault of this server\'s configuration, not a refusal', async () => {
    const wrong = createEparakstsAdapter({ provider: 'eparaksts', issuer, clientId: settings.clientId, clientSecret: 'not-the-secret', simulated: true });
    const { flow: f, url } = await start('authenticate', wrong);
    const visit = await visitProvider(url, 'approve');
    await expect(wrong.complete(queryOf(visit.callback), f, new Date())).rejects.toMatchObject({ name: 'ProviderError', status: 401 });
  });

  it('an authorization request without PKCE or from an unknown client is refused by the provider', async () => {
    const { url } = await start('authenticate');
    const withoutPkce = new URL(url);
    withoutPkce.searchParams.delete('code_challenge');
    const refused = await visitProvider(withoutPkce.toString());
    expect(refused.callback.searchParams.get('error')).toBe('invalid_request');
    const stranger = new URL(url);
    stranger.searchParams.set('client_id', 'someone-else');
    const page = await fetch(stranger, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
  });
});

describe('faults (decision 166): a ProviderError, and the next try works', () => {
  const adapter = (timeoutMs = PATIENT_MS) => createEparakstsAdapter({ provider: 'eparaksts', issuer, clientId: settings.clientId, clientSecret: settings.clientSecret, simulated: true, timeoutMs });

  it.each([
    [{ fault: 'status', status: 500 }, 'status'],
    [{ fault: 'malformed' }, 'malformed'],
    [{ fault: 'hang' }, 'timeout'],
  ])('at the token endpoint: %o gives a %s fault', async (control, kind) => {
    const party = adapter();
    const { flow: f, url } = await start('authenticate', party);
    const visit = await visitProvider(url, 'approve');
    await fault({ ...control, path: '/token' });
    const failure = await adapter(SHORT_MS).complete(queryOf(visit.callback), f, new Date()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).fault).toBe(kind);
    // The person tries again: a new authorization, a new code.
    const again = await start('authenticate', party);
    const second = await visitProvider(again.url, 'approve');
    expect((await party.complete(queryOf(second.callback), again.flow, new Date())).outcome).toBe('authenticated');
  });

  it('at the metadata: the authorization address cannot be had, and then it can', async () => {
    const party = adapter();
    await fault({ fault: 'status', status: 503, path: '/.well-known/' });
    await expect(start('authenticate', party)).rejects.toBeInstanceOf(ProviderError);
    expect((await start('authenticate', party)).url).toContain('/authorize?');
  });

  it('at the signing endpoint', async () => {
    const party = adapter();
    const { flow: f, url } = await start('sign', party);
    const visit = await visitProvider(url, 'sign');
    await fault({ fault: 'malformed', path: '/sign' });
    await expect(party.complete(queryOf(visit.callback), f, new Date())).rejects.toMatchObject({ fault: 'malformed' });
  });
});
