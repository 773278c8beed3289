/**
 * The eParaksts adapter (the relying party of decision 168) against recorded answers of the public
 * specifications, replayed by a loopback server: OpenID Connect Discovery's and Core's examples,
 * RFC 6749's token and error responses. What each must give: the example provider's metadata is
 * taken, its ID token refused (its key is not published here; its lifetime ended in 2011), a token
 * type other than Bearer and a refused client are faults, an error response a failed attempt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESIGN_SIGNING_REFUSED } from '../../../core/domain/signing';
import { ProviderError } from '../../../server/providers/provider-http';
import { createEparakstsAdapter, type EparakstsFlow } from '../../../server/providers/eparaksts/eparaksts.adapter';
import { pkceChallenge } from '../../../server/providers/oidc/oidc-client';
import { recorded, routedTo, startRecordedServer, type RecordedServer } from './support/recorded-server';

const file = (name: string) => new URL(`./eparaksts/recorded/${name}`, import.meta.url);
const EXAMPLE = 'https://server.example.com';
const CLIENT = 's6BhdRkqt3';
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const responses = recorded(file('authorization-responses.rfc6749-4.1.2.json')) as unknown as { success: Record<string, string>; error: Record<string, string> };

/** The examples' flow: their nonce, their state, a verifier of RFC 7636's appendix B. */
const flow = (phase: 'authenticate' | 'sign'): EparakstsFlow => ({
  phase,
  redirectUri: 'https://client.example.com/cb',
  secrets: { state: 'xyz', nonce: 'n-0S6_WzA2Mj', codeVerifier: VERIFIER },
  ...(phase === 'sign' ? { document: { label: 'contract.pdf', hash: Buffer.alloc(32).toString('base64') } } : {}),
});

let server: RecordedServer;
beforeAll(async () => {
  server = await startRecordedServer();
  server.answer('/.well-known/openid-configuration', recorded(file('discovery.openid-connect-discovery-4.2.json')));
  server.answer('/jwks.json', { status: 200, body: { keys: [] } });
});
afterAll(() => server.close());

/** The adapter of the example provider: its requests go to the recorded server. */
const example = () => createEparakstsAdapter({ provider: 'eparaksts', issuer: EXAMPLE, clientId: CLIENT, clientSecret: 'example-secret', simulated: false }, routedTo(EXAMPLE, server.origin));

describe("the specifications' examples", () => {
  it('Discovery 4.2: the metadata is taken, and the authorization request goes to its endpoint', async () => {
    const url = new URL(await example().authorizationUrl({ ...flow('authenticate'), method: 'EPARAKSTS' }));
    expect(`${url.origin}${url.pathname}`).toBe(`${EXAMPLE}/connect/authorize`);
    // RFC 7636 appendix B: this verifier's S256 challenge.
    expect(url.searchParams.get('code_challenge')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(pkceChallenge(VERIFIER)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('Core 3.1.3.3: the token request is RFC 6749 4.1.3 with client_secret_basic; the example ID token is refused', async () => {
    server.answer('/connect/token', recorded(file('token-response.openid-connect-core-3.1.3.3.json')));
    const result = await example().complete(responses.success, flow('authenticate'), new Date());
    expect(result).toEqual({ outcome: 'failed', errorCode: null, reason: 'the ID token failed its key check' });
    const request = server.received.filter((item) => item.path === '/connect/token').at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.headers['authorization']).toBe(`Basic ${Buffer.from(`${CLIENT}:example-secret`).toString('base64')}`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'SplxlOBeZQQYbYS6WxSbIA',
      redirect_uri: 'https://client.example.com/cb',
      code_verifier: VERIFIER,
    });
  });

  it("Core 3.1.3.3's claims, signed with a key the provider publishes: refused as expired (2011)", async () => {
    const local = await startRecordedServer();
    try {
      const adapter = createEparakstsAdapter({ provider: 'eparaksts', issuer: local.origin, clientId: CLIENT, clientSecret: 's', simulated: false });
      const claims = { iss: local.origin, sub: '248289761001', aud: CLIENT, nonce: 'n-0S6_WzA2Mj', exp: 1311281970, iat: 1311280970 };
      local.answer('/token', { status: 200, body: { access_token: 'SlAV32hkKG', token_type: 'Bearer', expires_in: 3600, id_token: local.idToken(claims) } });
      expect(await adapter.complete(responses.success, flow('authenticate'), new Date())).toMatchObject({ reason: 'the ID token failed its expired check' });
      // The same claims in their time: taken (ES256, the provider's key).
      expect(await adapter.complete(responses.success, flow('authenticate'), new Date(1311281000_000))).toMatchObject({ outcome: 'authenticated', person: { subject: '248289761001', serialNumber: null } });
      // Not signed at all, or with a key both sides would hold: refused.
      for (const alg of ['none', 'HS256']) {
        const header = Buffer.from(JSON.stringify({ alg })).toString('base64url');
        const unsigned = `${header}.${local.idToken(claims).split('.')[1]}.c2ln`;
        local.answer('/token', { status: 200, body: { access_token: 'a', token_type: 'Bearer', id_token: unsigned } });
        expect(await adapter.complete(responses.success, flow('authenticate'), new Date(1311281000_000))).toMatchObject({ reason: 'the ID token failed its algorithm check' });
      }
    } finally {
      await local.close();
    }
  });

  it("RFC 6749 4.1.4's token type \"example\" is not a bearer token: a fault", async () => {
    server.answer('/connect/token', recorded(file('token-response.rfc6749-4.1.4.json')));
    await expect(example().complete(responses.success, flow('authenticate'), new Date())).rejects.toMatchObject({ name: 'ProviderError', fault: 'malformed' });
  });

  it("RFC 6749 5.2's error response: the attempt failed (a signing's errorCode: refused)", async () => {
    server.answer('/connect/token', recorded(file('token-error.rfc6749-5.2.json')));
    expect(await example().complete(responses.success, flow('authenticate'), new Date())).toEqual({ outcome: 'failed', errorCode: null, reason: 'the provider answered invalid_request' });
    expect(await example().complete(responses.success, flow('sign'), new Date())).toMatchObject({ outcome: 'failed', errorCode: ESIGN_SIGNING_REFUSED });
  });

  it('invalid_client (401): this server is not the client the provider knows, a fault to fix, not a person\'s failure', async () => {
    server.answer('/connect/token', recorded(file('token-error.invalid-client.rfc6749-5.2.json')));
    const failure = await example().complete(responses.success, flow('authenticate'), new Date()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ fault: 'status', status: 401 });
  });

  it("RFC 6749 4.1.2.1's access_denied at the callback: the authentication failed, no token asked for", async () => {
    const before = server.received.length;
    expect(await example().complete(responses.error, flow('authenticate'), new Date())).toMatchObject({ outcome: 'failed', errorCode: null });
    expect(server.received.slice(before).some((item) => item.path === '/connect/token')).toBe(false);
  });

  it("metadata naming another issuer than the configured one is refused (Discovery 4.3)", async () => {
    const elsewhere = createEparakstsAdapter({ provider: 'eparaksts', issuer: server.origin, clientId: CLIENT, clientSecret: 's', simulated: false });
    await expect(elsewhere.authorizationUrl({ ...flow('authenticate'), method: 'EPARAKSTS' })).rejects.toMatchObject({ fault: 'malformed' });
  });
});
