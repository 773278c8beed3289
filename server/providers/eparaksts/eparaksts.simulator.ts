import { createHash, randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { escapeHtml, simulatorPage, type Simulator, type SimulatorContext } from '../simulator-host';
import { SimulatedAuthorizationServer, answerForm, detailsList, invalidToken, type PendingAuthorization, type SimulatedClient } from '../oidc/oidc-simulator';
import { EPARAKSTS_ACR, SHA256_OID, SignRequestSchema, type EparakstsPageOutcome } from './eparaksts.adapter';
import { EPARAKSTS_SIMULATOR, type EparakstsSettings } from './eparaksts.settings';

/**
 * The eParaksts simulator (issue 21; docs/decisions/168): the OpenID Connect provider the adapter
 * talks to, with the person's pages. Authentication: confirm, refuse, cancel, or the provider fails.
 * Signing: sign, refuse, sign with a certificate that is not active (the signing endpoint then
 * answers `certificate_inactive`), or the provider fails. Nothing is signed for real: the
 * "signature" is a keyed digest of the approved hash, not a qualified signature.
 */

interface EparakstsGrant {
  phase: 'authenticate' | 'sign';
  hashes: string[];
  certificateInactive: boolean;
}

const AuthorizationDetailsSchema = v.pipe(
  v.array(
    v.object({
      type: v.literal('credential'),
      documentDigests: v.pipe(v.array(v.object({ hash: v.pipe(v.string(), v.base64()), label: v.pipe(v.string(), v.maxLength(200)) })), v.minLength(1), v.maxLength(10)),
      hashAlgorithmOID: v.literal(SHA256_OID),
    }),
  ),
  v.length(1),
);

const AUTHENTICATION_ANSWERS = [
  { value: 'approve', label: 'Confirm my identity' },
  { value: 'refuse', label: 'Refuse: the authentication fails' },
  { value: 'cancel', label: 'Cancel and go back' },
  { value: 'error', label: 'The provider fails (server_error)' },
] as const;
const SIGNING_ANSWERS = [
  { value: 'sign', label: 'Sign the document' },
  { value: 'refuse', label: 'Refuse to sign' },
  { value: 'certificate-inactive', label: 'Sign, but my signing certificate is not active' },
  { value: 'error', label: 'The provider fails (server_error)' },
] as const;
const MEANS: Record<string, string> = { [EPARAKSTS_ACR.EPARAKSTS]: 'eParaksts mobile', [EPARAKSTS_ACR.EPARAKSTS_EID]: 'eID card' };

/** The demonstration's person when the service names none (no login_hint). */
const DEMONSTRATION_PERSON = 'PNOLV-010101-10000';

type Parsed = { phase: 'authenticate' } | { phase: 'sign'; documents: { hash: string; label: string }[] } | { invalid: string };

function phaseOf(request: PendingAuthorization): Parsed {
  const raw = request.params.get('authorization_details');
  if (raw === null) return { phase: 'authenticate' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { invalid: 'authorization_details is not JSON.' };
  }
  const parsed = v.safeParse(AuthorizationDetailsSchema, json);
  if (!parsed.success) return { invalid: 'authorization_details is not one credential with SHA-256 document digests.' };
  return { phase: 'sign', documents: parsed.output[0]?.documentDigests ?? [] };
}

export function createEparakstsSimulator(context: SimulatorContext, client: () => SimulatedClient): Simulator {
  const base = () => context.base(EPARAKSTS_SIMULATOR);
  const server = new SimulatedAuthorizationServer<EparakstsGrant>({ issuer: base, client });
  const routes = new Hono();
  const signerKeySeed = randomBytes(32);

  routes.get('/.well-known/openid-configuration', (c) =>
    c.json(
      server.metadata({
        signing_endpoint: `${base()}/sign`,
        acr_values_supported: Object.values(EPARAKSTS_ACR),
        ui_locales_supported: ['lv', 'en', 'ru'],
        authorization_details_types_supported: ['credential'],
        claims_supported: ['sub', 'serial_number'],
      }),
    ),
  );
  routes.get('/jwks', (c) => c.json(server.jwks()));

  routes.get('/authorize', (c) => {
    const received = server.receive(new URL(c.req.url));
    if (received.kind === 'page') return simulatorPage('eParaksts: this request cannot be answered', `<p>${escapeHtml(received.message)}</p>`, { status: 400 });
    if (received.kind === 'redirect') return c.redirect(received.location, 303);
    const parsed = phaseOf(received.request);
    if ('invalid' in parsed) {
      return c.redirect(server.deny(received.request.id, 'invalid_authorization_details', parsed.invalid) ?? base(), 303);
    }
    return c.redirect(`${base()}/requests/${received.request.id}`, 303);
  });

  const gone = () => simulatorPage('eParaksts: this request is no longer open', '<p>It was answered already, or it does not exist.</p>', { status: 404 });

  routes.get('/requests/:id', (c) => {
    const request = server.find(c.req.param('id'));
    if (!request) return gone();
    const parsed = phaseOf(request);
    if ('invalid' in parsed) return gone();
    const person = request.params.get('login_hint') ?? DEMONSTRATION_PERSON;
    const means = MEANS[request.params.get('acr_values') ?? ''] ?? 'eParaksts';
    const note = '<p class="note">A simulated eParaksts for demonstrations and tests: nothing is signed for real.</p>';
    const action = `${base()}/requests/${request.id}`;
    if (parsed.phase === 'authenticate') {
      return simulatorPage(
        'eParaksts: confirm your identity',
        `${note}<p>A service asks you to confirm who you are.</p>${detailsList([
          ['Service', request.clientId],
          ['Person', person],
          ['Means', means],
        ])}${answerForm(action, {}, 'Your answer', AUTHENTICATION_ANSWERS, server.scriptFor(request))}`,
      );
    }
    const rows = parsed.documents.flatMap((document) => [['Document', document.label] as const, ['SHA-256 digest', document.hash] as const]);
    return simulatorPage(
      'eParaksts: sign a document',
      `${note}<p>A service asks you to sign with your qualified electronic signature.</p>${detailsList([['Person', person], ['Means', means], ...rows])}${answerForm(action, {}, 'Your answer', SIGNING_ANSWERS, server.scriptFor(request))}`,
    );
  });

  routes.post('/requests/:id', async (c) => {
    const request = server.find(c.req.param('id'));
    if (!request) return gone();
    const parsed = phaseOf(request);
    const form = await c.req.parseBody();
    const outcome = typeof form['outcome'] === 'string' ? form['outcome'] : '';
    if ('invalid' in parsed) return gone();
    const answers: readonly { value: string }[] = parsed.phase === 'authenticate' ? AUTHENTICATION_ANSWERS : SIGNING_ANSWERS;
    if (!answers.some((answer) => answer.value === outcome)) return simulatorPage('eParaksts: choose an answer', '<p>Go back and choose one of the answers.</p>', { status: 400 });
    const id = request.id;
    let location: string | undefined;
    if (outcome === 'refuse') location = server.deny(id, 'access_denied', parsed.phase === 'sign' ? 'The person refused to sign.' : 'The authentication failed.');
    else if (outcome === 'cancel') location = server.deny(id, 'access_denied', 'The person cancelled.');
    else if (outcome === 'error') location = server.deny(id, 'server_error', 'The simulated provider failed.');
    else {
      const serial = request.params.get('login_hint') ?? DEMONSTRATION_PERSON;
      const subject = `eparaksts-${createHash('sha256').update(serial).digest('hex').slice(0, 20)}`;
      const grant: EparakstsGrant =
        parsed.phase === 'sign'
          ? { phase: 'sign', hashes: parsed.documents.map((document) => document.hash), certificateInactive: outcome === 'certificate-inactive' }
          : { phase: 'authenticate', hashes: [], certificateInactive: false };
      location = server.approve(id, subject, { serial_number: serial, acr: request.params.get('acr_values') ?? undefined }, grant);
    }
    return location ? c.redirect(location, 303) : gone();
  });

  routes.post('/token', (c) => server.token(c));

  // The signing endpoint: signs exactly the digests the person approved, with the access token of that approval.
  routes.post('/sign', async (c: Context) => {
    const grant = server.grantOf(c.req.header('authorization'));
    if (!grant) return invalidToken(c);
    const parsed = v.safeParse(SignRequestSchema, await c.req.json().catch(() => null));
    if (!parsed.success || parsed.output.hashAlgorithmOID !== SHA256_OID) return c.json({ error: 'invalid_request', error_description: 'Expected hashes and the SHA-256 OID.' }, 400);
    if (grant.grant.phase !== 'sign' || parsed.output.hashes.some((hash) => !grant.grant.hashes.includes(hash))) {
      return c.json({ error: 'access_denied', error_description: 'These digests were not approved for signing.' }, 403);
    }
    if (grant.grant.certificateInactive) return c.json({ error: 'certificate_inactive', error_description: "The signer's certificate is not active." }, 403);
    const signatures = parsed.output.hashes.map((hash) => createHash('sha256').update(signerKeySeed).update(hash).digest('base64'));
    return c.json({ signatures });
  });

  routes.post('/control/script', async (c) => {
    const form = await c.req.parseBody();
    const state = typeof form['state'] === 'string' ? form['state'] : '';
    const outcome = typeof form['outcome'] === 'string' ? (form['outcome'] as EparakstsPageOutcome) : '';
    if (!state || ![...AUTHENTICATION_ANSWERS, ...SIGNING_ANSWERS].some((answer) => answer.value === outcome)) return c.text('state and outcome are required', 400);
    server.script(state, outcome);
    return c.text('scripted');
  });

  return {
    name: EPARAKSTS_SIMULATOR,
    title: 'eParaksts (OpenID Connect: authenticate, then sign)',
    routes,
    open: () =>
      server.open().map((request) => ({
        text: `eParaksts ${request.params.has('authorization_details') ? 'signing' : 'authentication'} for ${request.params.get('login_hint') ?? DEMONSTRATION_PERSON}`,
        href: `${base()}/requests/${request.id}`,
      })),
    reset: () => server.reset(),
  };
}

/** The simulator of these settings (their client is the one it knows). */
export function eparakstsSimulator(settings: EparakstsSettings, context: SimulatorContext): Simulator {
  return createEparakstsSimulator(context, () => ({ clientId: settings.clientId, clientSecret: settings.clientSecret }));
}
