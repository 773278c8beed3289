import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { escapeHtml, outcomeForm, simulatorPage, type Simulator, type SimulatorContext } from '../simulator-host';
import { HASH_TYPES, decodeHash, digest, mobileIdVerificationCode, type HashType } from '../sk-eid/hashes';
import { signHash, simulatorCa, type PersonCertificate } from '../sk-eid/simulator-ca';
import { SimulatedSessions, type SimulatedSession } from '../sk-eid/simulated-sessions';
import { personalNumberIdentifier } from '../sk-eid/certificates';

/**
 * The Mobile-ID simulator (issue 21; docs/decisions/167): the MID REST API under `/mobile-id/mid-api`
 * as SK ID Solutions documents it, and the person's phone pages. Every well-formed phone number and
 * personal code is a Mobile-ID client here, with an elliptic-curve signing certificate of the
 * simulator's CA naming the person (Mobile-ID prefers ECC, section 3.1); a signing session waits for
 * the person on `/mobile-id/phone/{sessionID}` (listed on the simulators' index page) until the
 * provider's own timeout, then ends TIMEOUT.
 *
 * Test mode scripts an opened session (`POST /mobile-id/control/script`, keyed by its sessionID):
 * RUNNING for some polls, then a result, an OK one possibly signed over another hash.
 */
export const MOBILE_ID_SIMULATOR = 'mobile-id';

export interface MobileIdSimulatorOptions {
  /** How long a person has to answer (about two minutes, section 3.3.8). */
  sessionTimeoutMs?: number;
  /** How long a finished session can still be asked about (section 3.3.9: five minutes). */
  keptMs?: number;
}

interface Request {
  phoneNumber: string;
  nationalIdentityNumber: string;
  hash: Buffer;
  hashType: HashType;
  language: string;
  displayText: string;
  relyingPartyName: string;
  verificationCode: string;
  spoil: 'other-hash' | undefined;
}

const RelyingParty = {
  relyingPartyUUID: v.pipe(v.string(), v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)),
  relyingPartyName: v.pipe(v.string(), v.minLength(1)),
  phoneNumber: v.pipe(v.string(), v.regex(/^\+\d{7,15}$/)),
  nationalIdentityNumber: v.pipe(v.string(), v.regex(/^\d{6,20}$/)),
};
const CertificateRequestSchema = v.object(RelyingParty);
const SignatureRequestSchema = v.object({
  ...RelyingParty,
  hash: v.string(),
  hashType: v.picklist(HASH_TYPES),
  language: v.picklist(['EST', 'ENG', 'RUS', 'LIT']),
  displayText: v.optional(v.pipe(v.string(), v.maxLength(100))),
  displayTextFormat: v.optional(v.picklist(['GSM-7', 'UCS-2'])),
});
const ScriptSchema = v.object({
  sessionId: v.pipe(v.string(), v.maxLength(100)),
  runningPolls: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(20)),
  result: v.pipe(v.string(), v.regex(/^[A-Z][A-Z0-9_]{0,63}$/)),
  spoil: v.optional(v.picklist(['other-hash'])),
});

/** What a person can answer on the phone page, as the results they lead to. */
const PERSON_ANSWERS = [
  { value: 'OK', label: 'Enter PIN2 and sign' },
  { value: 'USER_CANCELLED', label: 'Cancel' },
  { value: 'TIMEOUT', label: 'Let it time out' },
  { value: 'PHONE_ABSENT', label: 'Phone not reachable' },
  { value: 'DELIVERY_ERROR', label: 'The message was not delivered' },
  { value: 'SIM_ERROR', label: 'SIM card error' },
] as const;

/** MID errors carry `error`, `time` and `traceId` (section 3.2.7). */
const errorBody = (c: Context, status: 400 | 404, error: string) => c.json({ error, time: new Date().toISOString().slice(0, 19), traceId: randomBytes(8).toString('hex') }, status);
const traced = (body: Record<string, unknown>) => ({ ...body, time: new Date().toISOString().slice(0, 19), traceId: randomBytes(8).toString('hex') });

/** The person's country from their number: Mobile-ID serves Estonia (+372) and Lithuania (+370). */
const countryOf = (phoneNumber: string) => (phoneNumber.startsWith('+370') ? 'LT' : 'EE');

export function createMobileIdSimulator(context: SimulatorContext, options: MobileIdSimulatorOptions = {}): Simulator {
  const people = new Map<string, Promise<PersonCertificate>>();
  const routes = new Hono();

  function personCertificate(phoneNumber: string, nationalIdentityNumber: string): Promise<PersonCertificate> {
    const key = `${phoneNumber}|${nationalIdentityNumber}`;
    let person = people.get(key);
    if (!person) {
      const country = countryOf(phoneNumber);
      person = simulatorCa('mobile-id').then((ca) =>
        ca.issue({ serialNumber: personalNumberIdentifier(country, nationalIdentityNumber), givenName: 'SIMULATED', surname: 'TESTNUMBER', country, keyType: 'ec' }),
      );
      people.set(key, person);
      person.catch(() => people.delete(key));
    }
    return person;
  }

  async function answerOf(session: SimulatedSession<Request>, result: string): Promise<Record<string, unknown>> {
    if (result !== 'OK') return traced({ state: 'COMPLETE', result });
    const request = session.data;
    const person = await personCertificate(request.phoneNumber, request.nationalIdentityNumber);
    const signed = request.spoil === 'other-hash' ? digest(request.hashType, Buffer.concat([request.hash, Buffer.from(' and another document')])) : request.hash;
    // The signing answer carries no certificate (section 3.3.5): the relying party fetched it first.
    return traced({ state: 'COMPLETE', result: 'OK', signature: { value: signHash(person, request.hashType, signed).toString('base64'), algorithm: `${request.hashType}WithECEncryption` } });
  }

  const sessions = new SimulatedSessions<Request>({
    timeoutMs: options.sessionTimeoutMs ?? 120_000,
    keptMs: options.keptMs ?? 300_000,
    timeoutResult: 'TIMEOUT',
    answer: answerOf,
    running: { state: 'RUNNING' },
    // Section 3.3.4: about 1000 ms at least, about 120000 at most, 10000 when not given.
    poll: { min: 1000, max: 120_000, default: 10_000 },
  });

  routes.post('/mid-api/certificate', async (c) => {
    const parsed = v.safeParse(CertificateRequestSchema, await c.req.json().catch(() => null));
    if (!parsed.success) return errorBody(c, 400, `${v.getDotPath(parsed.issues[0]) ?? 'request'} cannot be null.`);
    const person = await personCertificate(parsed.output.phoneNumber, parsed.output.nationalIdentityNumber);
    return c.json(traced({ result: 'OK', cert: person.base64 }));
  });

  routes.post('/mid-api/signature', async (c) => {
    const parsed = v.safeParse(SignatureRequestSchema, await c.req.json().catch(() => null));
    if (!parsed.success) return errorBody(c, 400, `Required ${v.getDotPath(parsed.issues[0]) ?? 'parameter'} is missing.`);
    const request = parsed.output;
    const hash = decodeHash(request.hashType, request.hash);
    if (!hash) return errorBody(c, 400, 'The length of the hash must match the type of hash');
    const session = sessions.open({
      phoneNumber: request.phoneNumber,
      nationalIdentityNumber: request.nationalIdentityNumber,
      hash,
      hashType: request.hashType,
      language: request.language,
      displayText: request.displayText ?? '',
      relyingPartyName: request.relyingPartyName,
      verificationCode: mobileIdVerificationCode(hash),
      spoil: undefined,
    });
    return c.json({ sessionID: session.id });
  });

  routes.get('/mid-api/signature/session/:sessionId', async (c) => {
    const answer = await sessions.status(c.req.param('sessionId'), c.req.query('timeoutMs'));
    return answer ? c.json(answer) : errorBody(c, 404, 'SessionID not found');
  });

  routes.post('/control/script', async (c) => {
    const parsed = v.safeParse(ScriptSchema, await c.req.json().catch(() => null));
    const session = parsed.success ? sessions.get(parsed.output.sessionId) : undefined;
    if (!parsed.success || !session || session.completedAt !== null) return c.json({ error: 'invalid script, or no such running session' }, 400);
    session.script = { runningPolls: parsed.output.runningPolls, result: parsed.output.result };
    session.data.spoil = parsed.output.spoil;
    return c.json({ accepted: true });
  });

  const phonePath = (id: string) => `${context.base(MOBILE_ID_SIMULATOR)}/phone/${encodeURIComponent(id)}`;
  const gone = () => simulatorPage('This request is no longer open', '<p>It was answered already, it timed out, or it does not exist.</p>', { status: 404 });

  routes.get('/phone/:sessionId', (c) => {
    const session = sessions.get(c.req.param('sessionId'));
    if (!session || session.completedAt !== null) return gone();
    const request = session.data;
    return simulatorPage(
      `Mobile-ID: ${request.relyingPartyName} asks you to sign`,
      `<p class="note">A simulated phone with a Mobile-ID SIM card. Check that the code is the one on the bank's page before you enter PIN2.</p>
<dl><dt>Verification code</dt><dd class="code">${escapeHtml(request.verificationCode)}</dd>
<dt>Relying party</dt><dd>${escapeHtml(request.relyingPartyName)}</dd>
<dt>Text</dt><dd>${escapeHtml(request.displayText) || '(none)'}</dd>
<dt>Phone number</dt><dd>${escapeHtml(request.phoneNumber)}</dd>
<dt>Language</dt><dd>${escapeHtml(request.language)}</dd></dl>
${outcomeForm(phonePath(session.id), {}, PERSON_ANSWERS, 'result')}`,
    );
  });

  routes.post('/phone/:sessionId', async (c) => {
    const session = sessions.get(c.req.param('sessionId'));
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const chosen = PERSON_ANSWERS.find((answer) => answer.value === form['result']);
    if (!session || session.completedAt !== null || !chosen) return gone();
    sessions.complete(session, chosen.value);
    return simulatorPage('Mobile-ID: answered', `<p>You chose: ${escapeHtml(chosen.label)}. Go back to the bank's page.</p><p><a href="${escapeHtml(context.origin())}/">All simulated providers</a></p>`);
  });

  return {
    name: MOBILE_ID_SIMULATOR,
    title: 'Mobile-ID (MID REST API)',
    routes,
    open: () =>
      sessions.waitingForPerson().map((session) => ({
        text: `Mobile-ID: ${session.data.relyingPartyName} asks ${session.data.phoneNumber} to sign (verification code ${session.data.verificationCode})`,
        href: phonePath(session.id),
      })),
    reset: () => sessions.reset(),
  };
}
