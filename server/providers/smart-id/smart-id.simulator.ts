import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { escapeHtml, outcomeForm, simulatorPage, type Simulator, type SimulatorContext } from '../simulator-host';
import { HASH_TYPES, decodeHash, digest, smartIdVerificationCode, type HashType } from '../sk-eid/hashes';
import { signHash, simulatorCa, smartIdPolicies, type PersonCertificate } from '../sk-eid/simulator-ca';
import { SimulatedSessions, type SimulatedSession } from '../sk-eid/simulated-sessions';
import type { InteractionType, SmartIdScript } from './smart-id.adapter';

/**
 * The Smart-ID simulator (issue 21; docs/decisions/167): the relying-party REST API v2 under
 * `/smart-id/v2` as SK ID Solutions documents it, and the person's "phone" pages. Every well-formed
 * personal number has a qualified Smart-ID account here; a session waits for the person's answer
 * on `/smart-id/device/{sessionID}` (listed on the simulators' index page) until Smart-ID's own
 * timeout, then ends TIMEOUT. An OK answer carries a certificate of the simulator's CA naming the
 * person, and a real signature over the hash.
 *
 * Test mode scripts a session instead (`POST /smart-id/control/script`, keyed by the request's
 * `nonce`, which the protocol carries): refuse to open it, answer RUNNING for some polls, then an
 * end result, possibly with a certificate of the wrong level or person, or a signature over another hash.
 */
export const SMART_ID_SIMULATOR = 'smart-id';

export interface SmartIdSimulatorOptions {
  /** How long a person has to answer (Smart-ID's own timeout; two minutes by default). */
  sessionTimeoutMs?: number;
  /** How long a finished session can still be asked about (section 2.3.12.1: five minutes). */
  keptMs?: number;
}

interface Request {
  kind: 'signature' | 'authentication';
  identifier: string;
  hash: Buffer;
  hashType: HashType;
  interaction: InteractionType;
  displayText: string;
  relyingPartyName: string;
  verificationCode: string;
  level: 'QUALIFIED' | 'ADVANCED';
  spoil: SmartIdScript['spoil'];
}

const INTERACTIONS: readonly string[] = ['displayTextAndPIN', 'verificationCodeChoice', 'confirmationMessage', 'confirmationMessageAndVerificationCodeChoice'] satisfies InteractionType[];

const InteractionSchema = v.object({
  type: v.string(),
  displayText60: v.optional(v.pipe(v.string(), v.maxLength(60))),
  displayText200: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

const SessionRequestSchema = v.object({
  relyingPartyUUID: v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/)),
  relyingPartyName: v.pipe(v.string(), v.minLength(1), v.check((name) => Buffer.byteLength(name, 'utf8') <= 32, 'at most 32 bytes')),
  certificateLevel: v.optional(v.picklist(['ADVANCED', 'QUALIFIED', 'QSCD'])),
  hash: v.string(),
  hashType: v.picklist(HASH_TYPES),
  allowedInteractionsOrder: v.pipe(v.array(InteractionSchema), v.minLength(1)),
  nonce: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(30))),
});

const ScriptSchema = v.object({
  nonce: v.pipe(v.string(), v.minLength(1), v.maxLength(30)),
  refuseWith: v.optional(v.picklist([404, 471, 472])),
  runningPolls: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(20)),
  endResult: v.pipe(v.string(), v.regex(/^[A-Z][A-Z0-9_]{0,63}$/)),
  certificateLevel: v.optional(v.picklist(['QUALIFIED', 'ADVANCED'])),
  spoil: v.optional(v.picklist(['another-person', 'other-hash'])),
});

// Section 2.3.2.2; a Latvian personal code keeps its hyphen (PNOLV-329999-99901).
const IDENTIFIER = /^(PAS|IDC|PNO)[A-Z]{2}-[0-9A-Za-z][0-9A-Za-z-]{0,39}$/;

/** What a person can answer on the phone page, as the end results they lead to. */
const PERSON_ANSWERS = [
  { value: 'OK', label: 'Confirm (enter PIN)' },
  { value: 'WRONG_VC', label: 'Choose a wrong code' },
  { value: 'USER_REFUSED', label: 'Refuse' },
  { value: 'TIMEOUT', label: 'Let it time out' },
  { value: 'DOCUMENT_UNUSABLE', label: 'Document unusable' },
] as const;

const REFUSAL_TITLES = { 404: 'Not Found', 471: 'No suitable account of requested type found', 472: 'Person should view Smart-ID app or Smart-ID self-service portal now' } as const;

const problem = (c: Context, status: 400 | 404 | 471 | 472, title: string) => c.body(JSON.stringify({ type: 'about:blank', title, status }), status as 400, { 'content-type': 'application/problem+json' });

export function createSmartIdSimulator(context: SimulatorContext, options: SmartIdSimulatorOptions = {}): Simulator {
  const scripts = new Map<string, SmartIdScript>();
  const people = new Map<string, Promise<PersonCertificate>>();
  const routes = new Hono();

  /** The person's certificate: one key per identifier, level and use, made once. */
  function personCertificate(identifier: string, level: Request['level'], kind: Request['kind']): Promise<PersonCertificate> {
    const key = `${identifier}|${level}|${kind}`;
    let person = people.get(key);
    if (!person) {
      person = simulatorCa('smart-id').then((ca) =>
        ca.issue({
          serialNumber: identifier,
          givenName: 'SIMULATED',
          surname: 'TESTNUMBER',
          country: identifier.slice(3, 5),
          keyType: 'rsa',
          policies: smartIdPolicies(level),
          usage: kind === 'signature' ? 'signing' : 'authentication',
        }),
      );
      people.set(key, person);
      person.catch(() => people.delete(key));
    }
    return person;
  }

  async function answerOf(session: SimulatedSession<Request>, endResult: string): Promise<Record<string, unknown>> {
    if (endResult !== 'OK') return { state: 'COMPLETE', result: { endResult } };
    const request = session.data;
    // Another person: the same kind of identifier with one digit changed.
    const someoneElse = `${request.identifier.slice(0, -1)}${request.identifier.endsWith('1') ? '2' : '1'}`;
    const person = await personCertificate(request.spoil === 'another-person' ? someoneElse : request.identifier, request.level, request.kind);
    const signed = request.spoil === 'other-hash' ? digest(request.hashType, Buffer.concat([request.hash, Buffer.from(' and another document')])) : request.hash;
    return {
      state: 'COMPLETE',
      result: { endResult: 'OK', documentNumber: `${request.identifier}-MOCK-Q` },
      signature: { value: signHash(person, request.hashType, signed).toString('base64'), algorithm: `${request.hashType.toLowerCase()}WithRSAEncryption` },
      cert: { value: person.base64, certificateLevel: request.level },
      interactionFlowUsed: request.interaction,
    };
  }

  const sessions = new SimulatedSessions<Request>({
    timeoutMs: options.sessionTimeoutMs ?? 120_000,
    keptMs: options.keptMs ?? 300_000,
    timeoutResult: 'TIMEOUT',
    answer: answerOf,
    running: { state: 'RUNNING', result: {} },
    // Section 2.3.12: 1000 to 120000 ms, halfway between when not given.
    poll: { min: 1000, max: 120_000, default: 60_500 },
  });

  async function openSession(c: Context, kind: Request['kind']) {
    const identifier = c.req.param('identifier') ?? '';
    const parsed = v.safeParse(SessionRequestSchema, await c.req.json().catch(() => null));
    if (!parsed.success || !IDENTIFIER.test(identifier)) return problem(c, 400, 'Bad Request');
    const request = parsed.output;
    const hash = decodeHash(request.hashType, request.hash);
    if (!hash) return problem(c, 400, 'Bad Request');
    const script = request.nonce ? (scripts.get(request.nonce) ?? null) : null;
    if (request.nonce) scripts.delete(request.nonce);
    if (script?.refuseWith) return problem(c, script.refuseWith, REFUSAL_TITLES[script.refuseWith]);
    // The app's first supported interaction of the order asked for (section 3.1); it knows them all.
    const chosen = request.allowedInteractionsOrder.find((item) => INTERACTIONS.includes(item.type));
    const session = sessions.open(
      {
        kind,
        identifier,
        hash,
        hashType: request.hashType,
        interaction: (chosen?.type ?? 'displayTextAndPIN') as InteractionType,
        displayText: chosen?.displayText60 ?? chosen?.displayText200 ?? '',
        relyingPartyName: request.relyingPartyName,
        verificationCode: smartIdVerificationCode(hash),
        level: script?.certificateLevel ?? 'QUALIFIED',
        spoil: script?.spoil,
      },
      script ? { runningPolls: script.runningPolls, result: script.endResult } : null,
    );
    // None of the interactions asked for is one the app knows: the app's refusal (section 3.1).
    if (!chosen) sessions.complete(session, 'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP');
    return c.json({ sessionID: session.id });
  }

  routes.post('/v2/signature/etsi/:identifier', (c) => openSession(c, 'signature'));
  routes.post('/v2/authentication/etsi/:identifier', (c) => openSession(c, 'authentication'));

  routes.get('/v2/session/:sessionId', async (c) => {
    const answer = await sessions.status(c.req.param('sessionId'), c.req.query('timeoutMs'));
    return answer ? c.json(answer) : problem(c, 404, 'Not Found');
  });

  routes.post('/control/script', async (c) => {
    const parsed = v.safeParse(ScriptSchema, await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid script' }, 400);
    // A script waits for its session; scripts whose session never came stay few.
    if (scripts.size >= 1000) scripts.delete(scripts.keys().next().value!);
    scripts.set(parsed.output.nonce, parsed.output);
    return c.json({ accepted: true });
  });

  const devicePath = (id: string) => `${context.base(SMART_ID_SIMULATOR)}/device/${encodeURIComponent(id)}`;
  const gone = () => simulatorPage('This request is no longer open', '<p>It was answered already, it timed out, or it does not exist.</p>', { status: 404 });

  routes.get('/device/:sessionId', (c) => {
    const session = sessions.get(c.req.param('sessionId'));
    if (!session || session.completedAt !== null) return gone();
    const request = session.data;
    // A wrong code can be chosen only where the person chooses one (the verification code choice interactions).
    const answers = PERSON_ANSWERS.filter((answer) => answer.value !== 'WRONG_VC' || /erificationCodeChoice$/.test(request.interaction));
    return simulatorPage(
      `Smart-ID: ${request.relyingPartyName} asks you to ${request.kind === 'signature' ? 'sign' : 'log in'}`,
      `<p class="note">A simulated Smart-ID app. Check that the code is the one on the bank's page before you confirm.</p>
<dl><dt>Verification code</dt><dd class="code">${escapeHtml(request.verificationCode)}</dd>
<dt>Relying party</dt><dd>${escapeHtml(request.relyingPartyName)}</dd>
<dt>Text</dt><dd>${escapeHtml(request.displayText) || '(none)'}</dd>
<dt>Person</dt><dd>${escapeHtml(request.identifier)}</dd></dl>
${outcomeForm(devicePath(session.id), {}, answers, 'endResult')}`,
    );
  });

  routes.post('/device/:sessionId', async (c) => {
    const session = sessions.get(c.req.param('sessionId'));
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const chosen = PERSON_ANSWERS.find((answer) => answer.value === form['endResult']);
    if (!session || session.completedAt !== null || !chosen) return gone();
    sessions.complete(session, chosen.value);
    return simulatorPage('Smart-ID: answered', `<p>You chose: ${escapeHtml(chosen.label)}. Go back to the bank's page.</p><p><a href="${escapeHtml(context.origin())}/">All simulated providers</a></p>`);
  });

  return {
    name: SMART_ID_SIMULATOR,
    title: 'Smart-ID (relying-party API v2)',
    routes,
    open: () =>
      sessions.waitingForPerson().map((session) => ({
        text: `Smart-ID: ${session.data.relyingPartyName} asks ${session.data.identifier} to ${session.data.kind === 'signature' ? 'sign' : 'log in'} (verification code ${session.data.verificationCode})`,
        href: devicePath(session.id),
      })),
    reset() {
      sessions.reset();
      scripts.clear();
    },
  };
}
