/**
 * Issue 21 (docs/decisions/167): the Mobile-ID adapter speaks the MID REST API. Against its
 * simulator over real HTTP on loopback (every result, the person's phone page, the provider's own
 * timeout, the simulators' fault controls), and against the documentation's recorded answers
 * replayed by a tiny loopback server (every result, the documented errors, and the answers a
 * relying party must not believe: wrong CA, expired certificate, a signature over another hash).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../../server/providers/provider-http';
import { startSimulators, type RunningSimulators } from '../../../server/providers/simulator-host';
import { createMobileIdAdapter, type MobileIdAdapter, type MobileIdStart } from '../../../server/providers/mobile-id/mobile-id.adapter';
import { createMobileIdSimulator } from '../../../server/providers/mobile-id/mobile-id.simulator';
import { digest } from '../../../server/providers/sk-eid/hashes';
import { SimulatorCa, signHash, simulatorCa, type PersonCertificate } from '../../../server/providers/sk-eid/simulator-ca';
import type { SignableData, SigningPoll } from '../../../server/providers/sk-eid/signing-session';
import { filled, readRecorded, startReplayServer, type ReplayServer } from './support/replay-server';

const PERSON = { phoneNumber: '+37251234567', nationalIdentityNumber: '38001085718' };
const signable: SignableData = { data: Buffer.from('%PDF-1.7 the loan contract'), hashType: 'SHA256' };
const RELYING_PARTY = { relyingPartyUuid: '00000000-0000-0000-0000-000000000000', relyingPartyName: 'DEMO' };

const start = (adapter: MobileIdAdapter, person = PERSON) => adapter.startSignature({ ...person, signable, language: 'EST', displayText: 'Sign contract 3F2A-9C1B' });
const poll = (adapter: MobileIdAdapter, session: { sessionId: string; certificate: string }) =>
  adapter.sessionStatus({ ...PERSON, sessionId: session.sessionId, certificate: session.certificate, signable, country: 'EE', now: new Date() });

async function sessionOf(adapter: MobileIdAdapter): Promise<Extract<MobileIdStart, { kind: 'session' }>> {
  const started = await start(adapter);
  if (started.kind !== 'session') throw new Error(`no session: ${JSON.stringify(started)}`);
  return started;
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
  let adapter: MobileIdAdapter;

  beforeAll(async () => {
    simulators = await startSimulators((context) => [createMobileIdSimulator(context, { sessionTimeoutMs: 2500 })], { unref: true });
    adapter = createMobileIdAdapter({
      baseUrl: `${simulators.origin}/mobile-id/mid-api`,
      ...RELYING_PARTY,
      trusted: async () => [(await simulatorCa('mobile-id')).certificate],
      simulatorControlUrl: `${simulators.origin}/mobile-id/control`,
      requestTimeoutMs: 2000,
    });
  });
  afterAll(() => simulators.close());

  async function scripted(result: string, spoil?: 'other-hash'): Promise<SigningPoll> {
    const session = await sessionOf(adapter);
    await adapter.scripts!.script({ sessionId: session.sessionId, runningPolls: 0, result, ...(spoil ? { spoil } : {}) });
    return poll(adapter, session);
  }

  const control = (body: unknown) => fetch(`${simulators.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('fetches the signing certificate, opens the session; OK after the scripted RUNNING polls is SIGNED_CONTRACT, verified with that certificate', async () => {
    const session = await sessionOf(adapter);
    await adapter.scripts!.script({ sessionId: session.sessionId, runningPolls: 1, result: 'OK' });
    expect(await poll(adapter, session)).toEqual({ kind: 'running' });
    expect(await poll(adapter, session)).toMatchObject({ kind: 'complete', status: 'SIGNED_CONTRACT', providerResult: 'OK', signature: { certificate: session.certificate, algorithm: 'SHA256WithECEncryption' } });
  });

  it.each([
    ['TIMEOUT', 'TIMEOUT'],
    ['NOT_MID_CLIENT', 'NOT_CLIENT'],
    ['USER_CANCELLED', 'USER_CANCELLED'],
    ['SIGNATURE_HASH_MISMATCH', 'END_PROVIDER_MISCONFIGURATION'],
    ['PHONE_ABSENT', 'PROVIDER_ERROR'],
    ['DELIVERY_ERROR', 'PROVIDER_ERROR'],
    ['SIM_ERROR', 'PROVIDER_ERROR'],
    ['A_RESULT_NOT_YET_DOCUMENTED', 'UNKNOWN'],
  ])('result %s is %s, and signs nothing', async (result, status) => {
    expect(await scripted(result)).toEqual({ kind: 'complete', status, providerResult: result, signature: null });
  });

  it('an OK whose signature is over another hash is refused', async () => {
    expect(await scripted('OK', 'other-hash')).toMatchObject({ status: 'PROVIDER_ERROR', providerResult: 'OK refused: the signature is not a signature over the hash that was sent', signature: null });
  });

  it('a certificate of another person cannot verify the signature', async () => {
    const session = await sessionOf(adapter);
    const someoneElse = await start(adapter, { phoneNumber: '+37251234568', nationalIdentityNumber: '38001085729' });
    await adapter.scripts!.script({ sessionId: session.sessionId, runningPolls: 0, result: 'OK' });
    const answer = await poll(adapter, { sessionId: session.sessionId, certificate: (someoneElse as { certificate: string }).certificate });
    expect(answer).toMatchObject({ status: 'PROVIDER_ERROR', signature: null });
  });

  it("the person's phone page: listed on the index with its code, PIN2 entered there, then signed", async () => {
    const session = await sessionOf(adapter);
    expect(await poll(adapter, session)).toEqual({ kind: 'running' });
    const code = adapter.verificationCode(signable);
    const phone = `${simulators.origin}/mobile-id/phone/${session.sessionId}`;
    const index = await (await fetch(`${simulators.origin}/`)).text();
    expect(index).toContain(`href="${phone}"`);
    expect(index).toContain(`DEMO asks ${PERSON.phoneNumber} to sign (verification code ${code})`);
    const page = await (await fetch(phone)).text();
    expect(page).toContain('<h1>Mobile-ID: DEMO asks you to sign</h1>');
    expect(page).toContain(`<dd class="code">${code}</dd>`);
    for (const label of ['Enter PIN2 and sign', 'Cancel', 'Let it time out', 'Phone not reachable', 'The message was not delivered', 'SIM card error']) expect(page).toContain(`>${label}</button>`);
    const waiting = poll(adapter, session);
    expect((await fetch(phone, { method: 'POST', body: new URLSearchParams({ result: 'OK' }) })).status).toBe(200);
    expect(await waiting).toMatchObject({ status: 'SIGNED_CONTRACT' });
    expect((await fetch(phone)).status).toBe(404);
  });

  it.each([
    ['USER_CANCELLED', 'USER_CANCELLED'],
    ['PHONE_ABSENT', 'PROVIDER_ERROR'],
    ['SIM_ERROR', 'PROVIDER_ERROR'],
  ])("the person's answer %s on the phone page is %s", async (result, status) => {
    const session = await sessionOf(adapter);
    await fetch(`${simulators.origin}/mobile-id/phone/${session.sessionId}`, { method: 'POST', body: new URLSearchParams({ result }) });
    expect(await poll(adapter, session)).toMatchObject({ status, providerResult: result });
  });

  it("nobody answers: RUNNING until the provider's own timeout, then TIMEOUT", async () => {
    const session = await sessionOf(adapter);
    expect(await poll(adapter, session)).toEqual({ kind: 'running' });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await poll(adapter, session)).toMatchObject({ status: 'TIMEOUT' });
  });

  it('a session it does not know cannot end signed; a request outside the protocol is a fault (HTTP 400)', async () => {
    const session = await sessionOf(adapter);
    expect(await poll(adapter, { ...session, sessionId: 'no-such-session' })).toMatchObject({ status: 'PROVIDER_ERROR', providerResult: 'SESSION_NOT_FOUND (404)' });
    expect(await faultOf(start(adapter, { phoneNumber: '5123', nationalIdentityNumber: '38001085718' }))).toMatchObject({ provider: 'mobile-id', fault: 'status', status: 400 });
  });

  describe('faults', () => {
    it.each([
      [{ fault: 'status', status: 500, path: '/certificate' }, 'status'],
      [{ fault: 'malformed', path: '/certificate' }, 'malformed'],
      [{ fault: 'status', status: 500, path: '/mid-api/signature' }, 'status'],
      [{ fault: 'hang', path: '/mid-api/signature' }, 'timeout'],
    ] as const)('%o on opening a session is a %s fault; the next try works', async (fault, kind) => {
      expect((await control({ simulator: 'mobile-id', ...fault })).status).toBe(200);
      expect(await faultOf(start(adapter))).toMatchObject({ provider: 'mobile-id', fault: kind });
      expect(await start(adapter)).toMatchObject({ kind: 'session' });
    });

    it.each([
      [{ fault: 'status', status: 500 }, 'status'],
      [{ fault: 'malformed' }, 'malformed'],
      [{ fault: 'slow', delayMs: 3000 }, 'timeout'],
    ] as const)('%o on the status is a %s fault; the next poll answers', async (fault, kind) => {
      const session = await sessionOf(adapter);
      await adapter.scripts!.script({ sessionId: session.sessionId, runningPolls: 0, result: 'USER_CANCELLED' });
      await control({ simulator: 'mobile-id', path: '/signature/session', ...fault });
      expect(await faultOf(poll(adapter, session))).toMatchObject({ fault: kind });
      expect(await poll(adapter, session)).toMatchObject({ status: 'USER_CANCELLED' });
    });
  });
});

describe("against the documentation's recorded answers", () => {
  const recorded = readRecorded(path.join(import.meta.dirname, 'mobile-id', 'recorded'));
  let server: ReplayServer;
  let adapter: MobileIdAdapter;
  let ca: SimulatorCa;
  let person: PersonCertificate;
  const hash = digest('SHA256', signable.data);
  const SESSION = 'de305d54-75b4-431b-adb2-eb6b9e546015';

  beforeAll(async () => {
    server = await startReplayServer();
    ca = await SimulatorCa.create({ commonName: 'TEST of ESTEID2018' });
    person = await ca.issue({ serialNumber: 'PNOEE-38001085718', givenName: 'MARI', surname: 'MAASIKAS', country: 'EE', keyType: 'ec' });
    adapter = createMobileIdAdapter({ baseUrl: `${server.origin}/mid-api`, ...RELYING_PARTY, trusted: async () => [ca.certificate] });
  });
  afterAll(() => server.close());

  const ok = (overrides: Partial<Record<'signature' | 'algorithm', string>> = {}) =>
    filled(recorded['session-ok']!, { signature: signHash(person, 'SHA256', hash).toString('base64'), algorithm: 'SHA256WithECEncryption', ...overrides });
  async function answered(answer: ReturnType<typeof ok>, certificate = person.base64): Promise<SigningPoll> {
    server.queue(answer);
    return poll(adapter, { sessionId: SESSION, certificate });
  }

  it('asks for the certificate, then sends the documented signature request', async () => {
    server.queue(filled(recorded['certificate-ok']!, { cert: person.base64 }), recorded['signature-session-created']!);
    expect(await start(adapter)).toEqual({ kind: 'session', sessionId: SESSION, certificate: person.base64 });
    const [certificate, signature] = server.received.slice(-2);
    expect(certificate).toMatchObject({ method: 'POST', path: '/mid-api/certificate', body: { relyingPartyUUID: RELYING_PARTY.relyingPartyUuid, relyingPartyName: 'DEMO', ...PERSON } });
    expect(signature).toMatchObject({ method: 'POST', path: '/mid-api/signature' });
    expect(signature!.body).toEqual({
      relyingPartyUUID: RELYING_PARTY.relyingPartyUuid,
      relyingPartyName: 'DEMO',
      ...PERSON,
      hash: hash.toString('base64'),
      hashType: 'SHA256',
      language: 'EST',
      displayText: 'Sign contract 3F2A-9C1B',
      displayTextFormat: 'GSM-7',
    });
  });

  it('NOT_FOUND: not a Mobile-ID client, no session is opened', async () => {
    const before = server.received.length;
    server.queue(recorded['certificate-not-found']!);
    expect(await start(adapter)).toEqual({ kind: 'refused', status: 'NOT_CLIENT', providerResult: 'NOT_FOUND' });
    expect(server.received.length).toBe(before + 1);
  });

  it('401 is the relying party not authorised (the bank\'s configuration); 400 and 500 are faults', async () => {
    server.queue(recorded['error-401']!);
    expect(await start(adapter)).toMatchObject({ kind: 'refused', status: 'END_PROVIDER_MISCONFIGURATION' });
    server.queue(filled(recorded['certificate-ok']!, { cert: person.base64 }), recorded['error-401']!);
    expect(await start(adapter)).toMatchObject({ kind: 'refused', status: 'END_PROVIDER_MISCONFIGURATION' });
    server.queue(recorded['error-400']!);
    expect(await faultOf(start(adapter))).toMatchObject({ fault: 'status', status: 400, body: { error: 'relyingPartyUUID must not be null' } });
    server.queue(filled(recorded['certificate-ok']!, { cert: person.base64 }), recorded['error-500']!);
    expect(await faultOf(start(adapter))).toMatchObject({ fault: 'status', status: 500 });
  });

  it('polls with a short long poll', async () => {
    expect(await answered(recorded['session-running']!)).toEqual({ kind: 'running' });
    const request = server.received.at(-1)!;
    expect(request).toMatchObject({ method: 'GET', path: `/mid-api/signature/session/${SESSION}` });
    expect(request.query.get('timeoutMs')).toBe('1000');
  });

  it.each([
    ['session-user-cancelled', 'USER_CANCELLED'],
    ['session-timeout', 'TIMEOUT'],
    ['session-not-mid-client', 'NOT_CLIENT'],
    ['session-signature-hash-mismatch', 'END_PROVIDER_MISCONFIGURATION'],
    ['session-phone-absent', 'PROVIDER_ERROR'],
    ['session-delivery-error', 'PROVIDER_ERROR'],
    ['session-sim-error', 'PROVIDER_ERROR'],
    ['session-unknown-result', 'UNKNOWN'],
    ['session-not-found', 'PROVIDER_ERROR'],
  ])('%s is %s', async (name, status) => {
    expect(await answered(recorded[name]!)).toMatchObject({ kind: 'complete', status, signature: null });
  });

  it('a COMPLETE answer without a result is a fault of the party', async () => {
    server.queue(recorded['session-complete-without-result']!);
    expect(await faultOf(poll(adapter, { sessionId: SESSION, certificate: person.base64 }))).toMatchObject({ fault: 'malformed' });
  });

  it('OK with a signature the certificate verifies is SIGNED_CONTRACT', async () => {
    expect(await answered(ok())).toMatchObject({ kind: 'complete', status: 'SIGNED_CONTRACT', signature: { certificate: person.base64, algorithm: 'SHA256WithECEncryption' } });
  });

  it('the documented OK verbatim, and the documented certificate verbatim, are refused', async () => {
    expect(await answered(recorded['session-ok-as-documented']!)).toMatchObject({ status: 'PROVIDER_ERROR', signature: null });
    const documented = (recorded['certificate-ok-as-documented']!.body as { cert: string }).cert;
    expect(await answered(ok(), documented)).toMatchObject({ status: 'PROVIDER_ERROR', providerResult: 'OK refused: the certificate cannot be read' });
  });

  it('refuses a certificate of a CA it does not trust, an expired one, a signature over another hash, and another person', async () => {
    const stranger = await (await SimulatorCa.create({ commonName: 'TEST of ESTEID2018' })).issue({ serialNumber: 'PNOEE-38001085718', givenName: 'MARI', surname: 'MAASIKAS', country: 'EE', keyType: 'ec' });
    expect(await answered(ok({ signature: signHash(stranger, 'SHA256', hash).toString('base64') }), stranger.base64)).toMatchObject({
      status: 'PROVIDER_ERROR',
      providerResult: 'OK refused: the certificate is not issued by a trusted certificate',
    });
    const expired = await ca.issue({ serialNumber: 'PNOEE-38001085718', givenName: 'MARI', surname: 'MAASIKAS', country: 'EE', keyType: 'ec', notBefore: new Date(Date.now() - 900 * 86_400_000), notAfter: new Date(Date.now() - 86_400_000) });
    expect(await answered(ok({ signature: signHash(expired, 'SHA256', hash).toString('base64') }), expired.base64)).toMatchObject({ status: 'PROVIDER_ERROR', providerResult: 'OK refused: the certificate is expired' });
    expect(await answered(ok({ signature: signHash(person, 'SHA256', digest('SHA256', Buffer.from('another'))).toString('base64') }))).toMatchObject({ status: 'PROVIDER_ERROR' });
    expect(await answered(ok({ algorithm: 'SHA256WithRSAEncryption' }))).toMatchObject({ status: 'PROVIDER_ERROR' });
    const someoneElse = await ca.issue({ serialNumber: 'PNOEE-38001085729', givenName: 'JAAN', surname: 'TAMM', country: 'EE', keyType: 'ec' });
    expect(await answered(ok({ signature: signHash(someoneElse, 'SHA256', hash).toString('base64') }), someoneElse.base64)).toMatchObject({ status: 'NAMES_DONT_MATCH' });
  });
});
