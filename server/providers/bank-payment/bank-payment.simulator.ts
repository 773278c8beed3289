import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { PAYMENT_BANKS, type PaymentBankBic } from '../../../core/domain/signing';
import { escapeHtml, simulatorPage, type Simulator, type SimulatorContext } from '../simulator-host';
import { SimulatedAuthorizationServer, answerForm, detailsList, invalidToken, type PendingAuthorization, type SimulatedClient } from '../oidc/oidc-simulator';
import type { BankPaymentPageOutcome } from './bank-payment.adapter';
import { BANK_PAYMENT_SIMULATOR, type BankPaymentSettings } from './bank-payment.settings';

/**
 * The banks of payment signing, simulated (issue 21; docs/decisions/168): each BIC is its own
 * OpenID Connect provider under `/bank-payment/{BIC}` (its own issuer, keys and client), asking the
 * person to confirm the payment that `authorization_details` describes. The person may confirm it,
 * the bank may decline it (the payment's status is then RJCT), the person may cancel, or the bank
 * fails. No money moves.
 */

interface PaymentGrant {
  paymentId: string;
  status: 'ACSC' | 'RJCT';
  details: Record<string, unknown>;
}

const PaymentDetailsSchema = v.pipe(
  v.array(
    v.looseObject({
      type: v.literal('payment_initiation'),
      instructedAmount: v.object({ currency: v.literal('EUR'), amount: v.pipe(v.string(), v.regex(/^\d{1,7}(\.\d{1,2})?$/)) }),
      creditorName: v.pipe(v.string(), v.maxLength(140)),
      creditorAccount: v.object({ iban: v.pipe(v.string(), v.regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/)) }),
      remittanceInformationUnstructured: v.optional(v.pipe(v.string(), v.maxLength(140))),
    }),
  ),
  v.length(1),
);
type PaymentDetails = v.InferOutput<typeof PaymentDetailsSchema>[number];

const ANSWERS = [
  { value: 'approve', label: 'Confirm the payment' },
  { value: 'decline', label: 'The bank declines the payment (status RJCT)' },
  { value: 'cancel', label: 'Cancel and go back' },
  { value: 'error', label: 'The bank fails (server_error)' },
] as const satisfies readonly { value: BankPaymentPageOutcome; label: string }[];

function detailsOf(request: PendingAuthorization): PaymentDetails | null {
  try {
    const parsed = v.safeParse(PaymentDetailsSchema, JSON.parse(request.params.get('authorization_details') ?? 'null'));
    return parsed.success ? (parsed.output[0] ?? null) : null;
  } catch {
    return null;
  }
}

export function createBankPaymentSimulator(context: SimulatorContext, bics: readonly PaymentBankBic[], client: (bic: PaymentBankBic) => SimulatedClient): Simulator {
  const base = (bic: string) => `${context.base(BANK_PAYMENT_SIMULATOR)}/${bic}`;
  const servers = new Map<PaymentBankBic, SimulatedAuthorizationServer<PaymentGrant>>(
    bics.map((bic) => [
      bic,
      new SimulatedAuthorizationServer<PaymentGrant>({
        issuer: () => base(bic),
        client: () => client(bic),
        // RFC 9396 section 7: the token response repeats the details, enriched with the payment's id.
        tokenExtras: (grant) => ({ authorization_details: [{ ...grant.details, paymentId: grant.paymentId }] }),
      }),
    ]),
  );
  const bankName = (bic: string) => {
    const bank = PAYMENT_BANKS.find((item) => item.bic === bic);
    return bank ? `${bank.bank} (${bank.bic})` : bic;
  };
  const routes = new Hono();
  const serverOf = (bic: string) => servers.get(bic as PaymentBankBic);
  const gone = () => simulatorPage('Bank: this request is no longer open', '<p>It was answered already, or it does not exist.</p>', { status: 404 });

  routes.get('/:bic/.well-known/openid-configuration', (c) => {
    const server = serverOf(c.req.param('bic'));
    if (!server) return c.json({ error: 'not_found' }, 404);
    return c.json(server.metadata({ payments_endpoint: `${base(c.req.param('bic'))}/payments`, authorization_details_types_supported: ['payment_initiation'] }));
  });
  routes.get('/:bic/jwks', (c) => {
    const server = serverOf(c.req.param('bic'));
    return server ? c.json(server.jwks()) : c.json({ error: 'not_found' }, 404);
  });

  routes.get('/:bic/authorize', (c) => {
    const bic = c.req.param('bic');
    const server = serverOf(bic);
    if (!server) return simulatorPage('No such bank', '<p>This simulator does not stand in for that bank.</p>', { status: 404 });
    const received = server.receive(new URL(c.req.url));
    if (received.kind === 'page') return simulatorPage(`${bankName(bic)}: this request cannot be answered`, `<p>${escapeHtml(received.message)}</p>`, { status: 400 });
    if (received.kind === 'redirect') return c.redirect(received.location, 303);
    if (!detailsOf(received.request)) {
      return c.redirect(server.deny(received.request.id, 'invalid_authorization_details', 'Expected one payment_initiation in EUR.') ?? base(bic), 303);
    }
    return c.redirect(`${base(bic)}/requests/${received.request.id}`, 303);
  });

  routes.get('/:bic/requests/:id', (c) => {
    const bic = c.req.param('bic');
    const request = serverOf(bic)?.find(c.req.param('id'));
    const details = request ? detailsOf(request) : null;
    if (!request || !details) return gone();
    return simulatorPage(
      `${bankName(bic)}: confirm a payment`,
      `<p class="note">A simulated bank for demonstrations and tests: no money moves.</p><p>A service asks you to make this payment from your account.</p>${detailsList([
        ['Bank', bankName(bic)],
        ['Amount', `${details.instructedAmount.amount} ${details.instructedAmount.currency}`],
        ['To', `${details.creditorName}, ${details.creditorAccount.iban}`],
        ['Payment text', details.remittanceInformationUnstructured ?? ''],
      ])}${answerForm(`${base(bic)}/requests/${request.id}`, {}, 'Your answer', ANSWERS, serverOf(bic)?.scriptFor(request))}`,
    );
  });

  routes.post('/:bic/requests/:id', async (c) => {
    const bic = c.req.param('bic');
    const server = serverOf(bic);
    const request = server?.find(c.req.param('id'));
    const details = request ? detailsOf(request) : null;
    if (!server || !request || !details) return gone();
    const form = await c.req.parseBody();
    const outcome = form['outcome'];
    if (!ANSWERS.some((answer) => answer.value === outcome)) return simulatorPage(`${bankName(bic)}: choose an answer`, '<p>Go back and choose one of the answers.</p>', { status: 400 });
    let location: string | undefined;
    if (outcome === 'cancel') location = server.deny(request.id, 'access_denied', 'The customer cancelled the payment.');
    else if (outcome === 'error') location = server.deny(request.id, 'server_error', 'The simulated bank failed.');
    else {
      const grant: PaymentGrant = { paymentId: randomBytes(12).toString('hex'), status: outcome === 'approve' ? 'ACSC' : 'RJCT', details };
      location = server.approve(request.id, `customer-${randomBytes(8).toString('hex')}`, {}, grant);
    }
    return location ? c.redirect(location, 303) : gone();
  });

  routes.post('/:bic/token', (c) => {
    const server = serverOf(c.req.param('bic'));
    return server ? server.token(c) : c.json({ error: 'invalid_client' }, 401);
  });

  // NextGenPSD2's transaction status of the payment this token was given for.
  routes.get('/:bic/payments/:paymentId/status', (c) => {
    const grant = serverOf(c.req.param('bic'))?.grantOf(c.req.header('authorization'));
    if (!grant) return invalidToken(c);
    if (grant.grant.paymentId !== c.req.param('paymentId')) return c.json({ tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN' }] }, 403);
    return c.json({ transactionStatus: grant.grant.status });
  });

  routes.post('/:bic/control/script', async (c) => {
    const server = serverOf(c.req.param('bic'));
    const form = await c.req.parseBody();
    const state = typeof form['state'] === 'string' ? form['state'] : '';
    const outcome = form['outcome'];
    if (!server || !state || !ANSWERS.some((answer) => answer.value === outcome)) return c.text('a known bank, state and outcome are required', 400);
    server.script(state, outcome as string);
    return c.text('scripted');
  });

  return {
    name: BANK_PAYMENT_SIMULATOR,
    title: 'Bank payment signing (OpenID Connect with a payment_initiation, one provider per bank)',
    routes,
    open: () =>
      [...servers.entries()].flatMap(([bic, server]) =>
        server.open().map((request) => ({ text: `${bankName(bic)}: a payment waits for confirmation`, href: `${base(bic)}/requests/${request.id}` })),
      ),
    reset: () => {
      for (const server of servers.values()) server.reset();
    },
  };
}

/** The simulator of the banks these settings leave simulated. */
export function bankPaymentSimulator(settings: BankPaymentSettings, context: SimulatorContext): Simulator {
  const simulated = settings.banks.filter((bank) => bank.source.kind === 'simulator');
  const clients = new Map(simulated.map((bank) => [bank.bic, { clientId: bank.clientId, clientSecret: bank.clientSecret }]));
  return createBankPaymentSimulator(context, [...clients.keys()], (bic) => clients.get(bic) ?? { clientId: '', clientSecret: '' });
}
