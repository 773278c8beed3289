/**
 * Issue 21 (docs/decisions/167): the Smart-ID adapter speaks the relying-party REST API v2. Against
 * its simulator over real HTTP on loopback (every end result, the person's phone page, Smart-ID's
 * own timeout, the simulators' fault controls), and against the documentation's recorded answers
 * replayed by a tiny loopback server (every end result, every documented refusal, and the answers a
 * relying party must not believe: wrong CA, expired certificate, a signature over another hash, an
 * advanced certificate where a qualified one is asked for).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../../server/providers/provider-http';
import { startSimulators, type RunningSimulators } from '../../../server/providers/simulator-host';
import { createSmartIdAdapter, type SmartIdAdapter } from '../../../server/providers/smart-id/smart-id.adapter';
import { createSmartIdSimulator } from '../../../server/providers/smart-id/smart-id.simulator';
import { digest } from '../../../server/providers/sk-eid/hashes';
import { SimulatorCa, signHash, simulatorCa, smartIdPolicies, type PersonCertificate } from '../../../server/providers/sk-eid/simulator-ca';
import type { SignableData, SigningPoll } from '../../../server/providers/sk-eid/signing-session';
import { filled, readRecorded, startReplayServer, type ReplayServer } from './support/replay-server';

const PERSON = 'PNOEE-38001085718';
const signable: SignableData = { data: Buffer.from('%PDF-1.7 the loan contract'), hashType: 'SHA256' };
const RELYING_PARTY = { relyingPartyUuid: '00000000-0000-0000-0000-000000000000', relyingPartyName: 'DEMO' };

const poll = (adapter: SmartIdAdapter, sessionId: string, semanticsIdentifier = PERSON) => adapter.sessionStatus({ sessionId, signable, semanticsIdentifier, now: new Date() });
const start = (adapter: SmartIdAdapter, nonce?: string) => adapter.startSignature({ semanticsIdentifier: PERSON, signable, displayText: 'Sign contract 3F2A-9C1B', nonce });

async function sessionOf(adapter: SmartIdAdapter, nonce?: string): Promise<string> {
  const started = await start(adapter, nonce);
  if (started.kind !== 'session') throw new Error(`no session: ${JSON.stringify(started)}`);
  return started.sessionId;
}

async function faultOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

describe('against the simulator, over HTTP', () => {
  let simulators: RunningSimulators;
  let adapter: SmartIdAdapter;
  let nonces = 0;
  const nonce = () => `nonce-${++nonces}`;

  beforeAll(async () => {
    simulators = await startSimulators((context) => [createSmartIdSimulator(context, { sessionTimeoutMs: 2500 })], { unref: true });
    adapter = createSmartIdAdapter({
      baseUrl: `${simulators.origin}/smart-id/v2`,
      ...RELYING_PARTY,
      trusted: async () => [(await simulatorCa('smart-id')).certificate],
      simulatorControlUrl: `${simulators.origin}/smart-id/control`,
      requestTimeoutMs: 2000,
    });
  });
  afterAll(() => simulators.close());

  async function scripted(script: Record<string, unknown>): Promise<SigningPoll> {
    const key = nonce();
    await adapter.scripts!.script({ nonce: key, runningPolls: 0, endResult: 'OK', ...script });
    return poll(adapter, await sessionOf(adapter, key));
  }

  const control = (body: unknown) => fetch(`${simulators.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('OK: RUNNING for the scripted polls, then SIGNED_CONTRACT with a verified signature of a certificate naming the person', async () => {
    const key = nonce();
    await adapter.scripts!.script({ nonce: key, runningPolls: 2, endResult: 'OK' });
    const sessionId = await sessionOf(adapter, key);
    expect(await poll(adapter, sessionId)).toEqual({ kind: 'running' });
    expect(await poll(adapter, sessionId)).toEqual({ kind: 'running' });
    const signed = await poll(adapter, sessionId);
    expect(signed).toMatchObject({ kind: 'complete', status: 'SIGNED_CONTRACT', providerResult: 'OK', signature: { algorithm: 'sha256WithRSAEncryption' } });
    // The finished session answers the same again (within its five minutes).
    expect(await poll(adapter, sessionId)).toEqual(signed);
  });

  it.each([
    ['USER_REFUSED', 'USER_CANCELLED'],
    ['USER_REFUSED_CERT_CHOICE', 'USER_CANCELLED'],
    ['USER_REFUSED_DISPLAYTEXTANDPIN', 'USER_CANCELLED'],
    ['USER_REFUSED_VC_CHOICE', 'USER_CANCELLED'],
    ['USER_REFUSED_CONFIRMATIONMESSAGE', 'USER_CANCELLED'],
    ['USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE', 'USER_CANCELLED'],
    ['TIMEOUT', 'TIMEOUT'],
    ['DOCUMENT_UNUSABLE', 'END_PROVIDER_MISCONFIGURATION'],
    ['WRONG_VC', 'WRONG_VC'],
    ['REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP', 'END_PROVIDER_MISCONFIGURATION'],
    ['A_RESULT_NOT_YET_DOCUMENTED', 'UNKNOWN'],
  ])('end result %s is %s, and signs nothing', async (endResult, status) => {
    expect(await scripted({ endResult })).toEqual({ kind: 'complete', status, providerResult: endResult, signature: null });
  });

  it.each([
    [404, 'NOT_CLIENT'],
    [471, 'INVALID_CERTIFICATE_LEVEL'],
    [472, 'END_PROVIDER_MISCONFIGURATION'],
  ] as const)('a session refused with HTTP %s is %s', async (refuseWith, status) => {
    const key = nonce();
    await adapter.scripts!.script({ nonce: key, refuseWith, runningPolls: 0, endResult: 'OK' });
    expect(await start(adapter, key)).toMatchObject({ kind: 'refused', status });
  });

  it('an OK it must not believe is a failed signing: an advanced certificate, another person, a signature over another hash', async () => {
    expect(await scripted({ certificateLevel: 'ADVANCED' })).toMatchObject({ status: 'INVALID_CERTIFICATE_LEVEL', signature: null });
    expect(await scripted({ spoil: 'another-person' })).toMatchObject({ status: 'NAMES_DONT_MATCH', providerResult: 'OK refused: the certificate names another person', signature: null });
    expect(await scripted({ spoil: 'other-hash' })).toMatchObject({ status: 'PROVIDER_ERROR', providerResult: 'OK refused: the signature is not a signature over the hash that was sent', signature: null });
  });

  it("the person's phone page: listed on the index with its code, confirmed there, then signed", async () => {
    const sessionId = await sessionOf(adapter);
    // Nobody answered yet: the long poll waits its second and answers RUNNING.
    expect(await poll(adapter, sessionId)).toEqual({ kind: 'running' });
    const code = adapter.verificationCode(signable);
    const index = await (await fetch(`${simulators.origin}/`)).text();
    const device = `${simulators.origin}/smart-id/device/${sessionId}`;
    expect(index).toContain(`href="${device}"`);
    expect(index).toContain(`DEMO asks ${PERSON} to sign (verification code ${code})`);
    const page = await (await fetch(device)).text();
    expect(page).toContain('<h1>Smart-ID: DEMO asks you to sign</h1>');
    expect(page).toContain(`<dd class="code">${code}</dd>`);
    expect(page).toContain('Sign contract 3F2A-9C1B');
    for (const label of ['Confirm (enter PIN)', 'Choose a wrong code', 'Refuse', 'Let it time out', 'Document unusable']) expect(page).toContain(`>${label}</button>`);
    // The long poll ends as soon as the person answers.
    const waiting = poll(adapter, sessionId);
    const answered = await fetch(device, { method: 'POST', body: new URLSearchParams({ endResult: 'OK' }) });
    expect(answered.status).toBe(200);
    expect(await waiting).toMatchObject({ kind: 'complete', status: 'SIGNED_CONTRACT' });
    expect((await fetch(device)).status).toBe(404);
    expect(await (await fetch(`${simulators.origin}/`)).text()).not.toContain(device);
  });

  it.each([
    ['WRONG_VC', 'WRONG_VC'],
    ['USER_REFUSED', 'USER_CANCELLED'],
    ['TIMEOUT', 'TIMEOUT'],
    ['DOCUMENT_UNUSABLE', 'END_PROVIDER_MISCONFIGURATION'],
  ])("the person's answer %s on the phone page is %s", async (endResult, status) => {
    const sessionId = await sessionOf(adapter);
    await fetch(`${simulators.origin}/smart-id/device/${sessionId}`, { method: 'POST', body: new URLSearchParams({ endResult }) });
    expect(await poll(adapter, sessionId)).toMatchObject({ status, providerResult: endResult });
  });

  it("nobody answers: RUNNING until Smart-ID's own timeout, then TIMEOUT", async () => {
    const sessionId = await sessionOf(adapter);
    expect(await poll(adapter, sessionId)).toEqual({ kind: 'running' });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await poll(adapter, sessionId)).toMatchObject({ status: 'TIMEOUT', providerResult: 'TIMEOUT' });
  });

  it('a Latvian personal code keeps its hyphen in the semantics identifier', async () => {
    const key = nonce();
    await adapter.scripts!.script({ nonce: key, runningPolls: 0, endResult: 'OK' });
    const started = await adapter.startSignature({ semanticsIdentifier: 'PNOLV-329999-99901', signable, displayText: 'Sign', nonce: key });
    expect(started.kind).toBe('session');
    if (started.kind === 'session') expect(await poll(adapter, started.sessionId, 'PNOLV-329999-99901')).toMatchObject({ status: 'SIGNED_CONTRACT' });
  });

  it('a session it does not know (or no longer keeps) cannot end signed', async () => {
    expect(await poll(adapter, '6a7e2a2d-0000-4000-8000-000000000000')).toEqual({ kind: 'complete', status: 'PROVIDER_ERROR', providerResult: 'SESSION_NOT_FOUND (404)', signature: null });
  });

  it('refuses a request outside the protocol (HTTP 400): the adapter reports a fault', async () => {
    const error = await faultOf(adapter.startSignature({ semanticsIdentifier: 'not-an-identifier', signable, displayText: '' }));
    expect(error).toMatchObject({ provider: 'smart-id', fault: 'status', status: 400 });
  });

  describe('faults', () => {
    it.each([
      [{ fault: 'status', status: 500 }, 'status'],
      [{ fault: 'status', status: 580 }, 'status'],
      [{ fault: 'malformed' }, 'malformed'],
      [{ fault: 'slow', delayMs: 3000 }, 'timeout'],
      [{ fault: 'hang' }, 'timeout'],
    ] as const)('%o on opening a session is a %s fault; the next try works', async (fault, kind) => {
      expect((await control({ simulator: 'smart-id', path: '/v2/signature', ...fault })).status).toBe(200);
      expect(await faultOf(start(adapter))).toMatchObject({ provider: 'smart-id', fault: kind });
      expect(await start(adapter)).toMatchObject({ kind: 'session' });
    });

    it.each([
      [{ fault: 'status', status: 503 }, 'status'],
      [{ fault: 'malformed' }, 'malformed'],
      [{ fault: 'hang' }, 'timeout'],
    ] as const)('%o on the status is a %s fault; the next poll answers', async (fault, kind) => {
      const key = nonce();
      await adapter.scripts!.script({ nonce: key, runningPolls: 0, endResult: 'OK' });
      const sessionId = await sessionOf(adapter, key);
      await control({ simulator: 'smart-id', path: '/v2/session', ...fault });
      expect(await faultOf(poll(adapter, sessionId))).toMatchObject({ fault: kind });
      expect(await poll(adapter, sessionId)).toMatchObject({ status: 'SIGNED_CONTRACT' });
    });
  });
});

describe("against the documentation's recorded answers", () => {
  const recorded = readRecorded(path.join(import.meta.dirname, 'smart-id', 'recorded'));
  let server: ReplayServer;
  let adapter: SmartIdAdapter;
  let ca: SimulatorCa;
  let person: PersonCertificate;
  const trusted: { current: SimulatorCa[] } = { current: [] };

  beforeAll(async () => {
    server = await startReplayServer();
    ca = await SimulatorCa.create({ commonName: 'TEST of EID-Q 2024E' });
    trusted.current = [ca];
    person = await ca.issue({ serialNumber: PERSON, givenName: 'MARI', surname: 'MAASIKAS', country: 'EE', keyType: 'rsa', policies: smartIdPolicies('QUALIFIED') });
    adapter = createSmartIdAdapter({ baseUrl: `${server.origin}/v2`, ...RELYING_PARTY, trusted: async () => trusted.current.map((item) => item.certificate) });
  });
  afterAll(() => server.close());

  const hash = digest('SHA256', signable.data);
  const ok = (overrides: Partial<Record<'cert' | 'signature' | 'algorithm' | 'certificateLevel' | 'documentNumber', string>> = {}) =>
    filled(recorded['session-ok']!, {
      documentNumber: `${PERSON}-MOCK-Q`,
      cert: person.base64,
      signature: signHash(person, 'SHA256', hash).toString('base64'),
      algorithm: 'sha256WithRSAEncryption',
      certificateLevel: 'QUALIFIED',
      ...overrides,
    });
  async function answered(...answers: ReturnType<typeof ok>[]): Promise<SigningPoll> {
    server.queue(...answers);
    return poll(adapter, 'de305d54-75b4-431b-adb2-eb6b9e546016');
  }

  it('sends the documented signature request, and reads the documented session', async () => {
    server.queue(recorded['signature-session-created']!);
    expect(await start(adapter, 'a-nonce')).toEqual({ kind: 'session', sessionId: 'de305d54-75b4-431b-adb2-eb6b9e546016' });
    const request = server.received.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: `/v2/signature/etsi/${PERSON}` });
    expect(request.body).toEqual({
      relyingPartyUUID: RELYING_PARTY.relyingPartyUuid,
      relyingPartyName: 'DEMO',
      certificateLevel: 'QUALIFIED',
      hash: hash.toString('base64'),
      hashType: 'SHA256',
      allowedInteractionsOrder: [
        { type: 'verificationCodeChoice', displayText60: 'Sign contract 3F2A-9C1B' },
        { type: 'displayTextAndPIN', displayText60: 'Sign contract 3F2A-9C1B' },
      ],
      nonce: 'a-nonce',
    });
  });

  it('polls with a short long poll: RUNNING, with or without properties it does not know', async () => {
    expect(await answered(recorded['session-running']!)).toEqual({ kind: 'running' });
    const request = server.received.at(-1)!;
    expect(request).toMatchObject({ method: 'GET', path: '/v2/session/de305d54-75b4-431b-adb2-eb6b9e546016' });
    expect(request.query.get('timeoutMs')).toBe('1000');
    expect(await answered(recorded['session-running-with-ignored-properties']!)).toEqual({ kind: 'running' });
  });

  it.each([
    ['session-user-refused', 'USER_CANCELLED'],
    ['session-user-refused-cert-choice', 'USER_CANCELLED'],
    ['session-user-refused-displaytextandpin', 'USER_CANCELLED'],
    ['session-user-refused-vc-choice', 'USER_CANCELLED'],
    ['session-user-refused-confirmationmessage', 'USER_CANCELLED'],
    ['session-user-refused-confirmationmessage-with-vc-choice', 'USER_CANCELLED'],
    ['session-timeout', 'TIMEOUT'],
    ['session-document-unusable', 'END_PROVIDER_MISCONFIGURATION'],
    ['session-wrong-vc', 'WRONG_VC'],
    ['session-required-interaction-not-supported-by-app', 'END_PROVIDER_MISCONFIGURATION'],
    ['session-unknown-end-result', 'UNKNOWN'],
    ['session-not-found', 'PROVIDER_ERROR'],
  ])('%s is %s', async (name, status) => {
    expect(await answered(recorded[name]!)).toMatchObject({ kind: 'complete', status, signature: null });
  });

  it.each([
    ['signature-refused-404', 'NOT_CLIENT'],
    ['signature-refused-471', 'INVALID_CERTIFICATE_LEVEL'],
    ['signature-refused-472', 'END_PROVIDER_MISCONFIGURATION'],
    ['signature-refused-401', 'END_PROVIDER_MISCONFIGURATION'],
    ['signature-refused-403', 'END_PROVIDER_MISCONFIGURATION'],
    ['signature-refused-480', 'END_PROVIDER_MISCONFIGURATION'],
  ])('%s: no session, the signing is %s', async (name, status) => {
    server.queue(recorded[name]!);
    expect(await start(adapter)).toMatchObject({ kind: 'refused', status });
  });

  it('580 (maintenance) and an answer outside the protocol are faults of the party', async () => {
    server.queue(recorded['signature-refused-580']!);
    expect(await faultOf(start(adapter))).toMatchObject({ fault: 'status', status: 580 });
    server.queue(recorded['session-complete-without-end-result']!);
    expect(await faultOf(poll(adapter, 'x'))).toMatchObject({ fault: 'malformed' });
  });

  it('OK with a verified signature is SIGNED_CONTRACT, with the certificate and signature kept', async () => {
    const answer = ok();
    expect(await answered(answer)).toEqual({
      kind: 'complete',
      status: 'SIGNED_CONTRACT',
      providerResult: 'OK',
      signature: { certificate: person.base64, value: (answer.body as { signature: { value: string } }).signature.value, algorithm: 'sha256WithRSAEncryption' },
    });
  });

  it('the OK of the documentation verbatim is refused: its values are abbreviated, nothing verifies', async () => {
    expect(await answered(recorded['session-ok-as-documented']!)).toMatchObject({ status: 'PROVIDER_ERROR', providerResult: 'OK refused: the certificate cannot be read', signature: null });
  });

  it('refuses a certificate of a CA it does not trust, an expired one, and a signature over another hash', async () => {
    const stranger = await (await SimulatorCa.create({ commonName: 'TEST of EID-Q 2024E' })).issue({ serialNumber: PERSON, givenName: 'MARI', surname: 'MAASIKAS', country: 'EE', keyType: 'rsa', policies: smartIdPolicies('QUALIFIED') });
    expect(await answered(ok({ cert: stranger.base64, signature: signHash(stranger, 'SHA256', hash).toString('base64') }))).toMatchObject({
      status: 'PROVIDER_ERROR',
      providerResult: 'OK refused: the certificate is not issued by a trusted certificate',
    });
    const expired = await ca.issue({ serialNumber: PERSON, givenName: 'MARI', surname: 'MAASIKAS', country: 'EE', keyType: 'rsa', policies: smartIdPolicies('QUALIFIED'), notBefore: new Date(Date.now() - 900 * 86_400_000), notAfter: new Date(Date.now() - 86_400_000) });
    expect(await answered(ok({ cert: expired.base64, signature: signHash(expired, 'SHA256', hash).toString('base64') }))).toMatchObject({ status: 'PROVIDER_ERROR', providerResult: 'OK refused: the certificate is expired' });
    expect(await answered(ok({ signature: signHash(person, 'SHA256', digest('SHA256', Buffer.from('another contract'))).toString('base64') }))).toMatchObject({
      status: 'PROVIDER_ERROR',
      providerResult: 'OK refused: the signature is not a signature over the hash that was sent',
    });
    expect(await answered(ok({ algorithm: 'sha512WithRSAEncryption' }))).toMatchObject({ status: 'PROVIDER_ERROR' });
  });

  it('refuses an advanced certificate where a qualified one is asked for, however the answer names its level', async () => {
    const advanced = await ca.issue({ serialNumber: PERSON, givenName: 'MARI', surname: 'MAASIKAS', country: 'EE', keyType: 'rsa', policies: smartIdPolicies('ADVANCED') });
    const signedBy = (certificate: PersonCertificate) => signHash(certificate, 'SHA256', hash).toString('base64');
    expect(await answered(ok({ cert: advanced.base64, signature: signedBy(advanced), certificateLevel: 'ADVANCED' }))).toMatchObject({ status: 'INVALID_CERTIFICATE_LEVEL', signature: null });
    expect(await answered(ok({ cert: advanced.base64, signature: signedBy(advanced), certificateLevel: 'QUALIFIED' }))).toMatchObject({ status: 'INVALID_CERTIFICATE_LEVEL', signature: null });
    expect(await answered(ok({ certificateLevel: 'ADVANCED' }))).toMatchObject({ status: 'INVALID_CERTIFICATE_LEVEL', signature: null });
  });

  it("refuses an authentication certificate, and another person's certificate", async () => {
    const authentication = await ca.issue({ serialNumber: PERSON, givenName: 'MARI', surname: 'MAASIKAS', country: 'EE', keyType: 'rsa', policies: smartIdPolicies('QUALIFIED'), usage: 'authentication' });
    expect(await answered(ok({ cert: authentication.base64, signature: signHash(authentication, 'SHA256', hash).toString('base64') }))).toMatchObject({
      status: 'PROVIDER_ERROR',
      providerResult: 'OK refused: the certificate is not a signing (non-repudiation) certificate',
    });
    const someoneElse = await ca.issue({ serialNumber: 'PNOEE-38001085729', givenName: 'JAAN', surname: 'TAMM', country: 'EE', keyType: 'rsa', policies: smartIdPolicies('QUALIFIED') });
    expect(await answered(ok({ cert: someoneElse.base64, signature: signHash(someoneElse, 'SHA256', hash).toString('base64') }))).toMatchObject({ status: 'NAMES_DONT_MATCH', signature: null });
  });
});
