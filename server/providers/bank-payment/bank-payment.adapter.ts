import * as v from 'valibot';
import { PAYMENT_BANK_BICS, type DigitalSigningResult, type PaymentBankBic } from '../../../core/domain/signing';
import { ProviderError, joinUrl } from '../provider-http';
import { OidcRelyingParty, type CallbackQuery, type RelyingPartySettings } from '../oidc/oidc-client';
import type { FlowSecrets } from '../oidc/flow-secrets';
import { scriptSimulator } from '../oidc/simulator-script';
import { BANK_PAYMENT_SIMULATOR, type BankPaymentSettings } from './bank-payment.settings';

/**
 * Payment signing at one bank (issue 21; docs/decisions/141, 168; docs/providers/bank-payment.md):
 * the payment is the authorization of an OAuth 2.0 / OpenID Connect authorization-code request whose
 * RFC 9396 `authorization_details` is one `payment_initiation` (RFC 9396 section 2's own example:
 * instructed amount, creditor name and account, remittance information). The person confirms it at
 * their bank; the bank's token response carries the enriched details with the `paymentId` (RFC 9396
 * section 7), and the payment's status is read from the bank's `payments_endpoint` (its metadata
 * names it) as Berlin Group NextGenPSD2 answers it: `GET {payments_endpoint}/{paymentId}/status` →
 * `{"transactionStatus": "ACSC"}` (ISO 20022 codes).
 */
export interface SigningPayment {
  /** EUR, a decimal string. */
  amount: string;
  creditorName: string;
  creditorIban: string;
  /** The payment's text (section 9: the Latvian text carries the contract number). */
  remittance: string;
}

export interface BankPaymentFlow {
  redirectUri: string;
  secrets: FlowSecrets;
}

export interface BankPaymentStart extends BankPaymentFlow {
  payment: SigningPayment;
  /** BCP 47 tag of the person's language. */
  locale?: string;
}

/** The page answer a test preselects on the simulated bank (test mode only). */
export type BankPaymentPageOutcome = 'approve' | 'decline' | 'cancel' | 'error';

/** Section 4's result of the payment, and why (for the log). */
export interface BankPaymentResult {
  status: DigitalSigningResult;
  reason: string;
}

export interface BankPaymentAdapter {
  readonly bic: PaymentBankBic;
  readonly simulated: boolean;
  readonly issuer: string;
  authorizationUrl(start: BankPaymentStart): Promise<string>;
  /** The bank's answer at the callback; a fault throws a `ProviderError`. */
  complete(callback: CallbackQuery, flow: BankPaymentFlow, now: Date): Promise<BankPaymentResult>;
  script?(state: string, outcome: BankPaymentPageOutcome): Promise<void>;
}

/** ISO 20022 ExternalPaymentTransactionStatus1Code as NextGenPSD2 uses it. */
export const TRANSACTION_STATUSES = ['ACCC', 'ACCP', 'ACSC', 'ACSP', 'ACTC', 'ACWC', 'ACWP', 'ACFC', 'RCVD', 'PATC', 'PART', 'PDNG', 'CANC', 'RJCT'] as const;
type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Accepted by the bank (technically, by the customer profile, settled...): the person paid, so signed. */
const ACCEPTED: ReadonlySet<TransactionStatus> = new Set(['ACCC', 'ACCP', 'ACSC', 'ACSP', 'ACTC', 'ACWC', 'ACWP', 'ACFC']);

export function resultOfTransactionStatus(status: TransactionStatus): DigitalSigningResult {
  if (ACCEPTED.has(status)) return 'COMPLETED_OK';
  if (status === 'RJCT') return 'COMPLETED_FAILURE';
  if (status === 'CANC') return 'USER_CANCELLED';
  // RCVD, PDNG, PATC, PART: not decided yet. Asking again later would need the token kept; not done (decision 168).
  return 'UNKNOWN';
}

/** RFC 6749 section 4.1.2.1's errors at the bank: the person cancelled, the bank failed, or our request was wrong. */
export function resultOfAuthorizationError(error: string): DigitalSigningResult {
  if (error === 'access_denied') return 'USER_CANCELLED';
  if (error === 'server_error' || error === 'temporarily_unavailable') return 'PROVIDER_ERROR';
  return 'END_PROVIDER_MISCONFIGURATION';
}

export const PaymentStatusSchema = v.looseObject({ transactionStatus: v.picklist(TRANSACTION_STATUSES) });
/** RFC 9396 section 7: the token response's enriched details, the payment's id among them. */
const TokenPaymentSchema = v.object({
  authorization_details: v.pipe(v.array(v.looseObject({ type: v.literal('payment_initiation'), paymentId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._~-]{1,100}$/)) })), v.length(1)),
});

export function paymentDetails(payment: SigningPayment) {
  return [
    {
      type: 'payment_initiation',
      actions: ['initiate', 'status'],
      instructedAmount: { currency: 'EUR', amount: payment.amount },
      creditorName: payment.creditorName,
      creditorAccount: { iban: payment.creditorIban },
      remittanceInformationUnstructured: payment.remittance,
    },
  ];
}

export function createBankPaymentAdapter(bic: PaymentBankBic, settings: RelyingPartySettings & { simulated: boolean; simulatorBase?: string }, fetcher?: typeof fetch): BankPaymentAdapter {
  const party = new OidcRelyingParty(settings, fetcher);
  const failed = (status: DigitalSigningResult, reason: string): BankPaymentResult => ({ status, reason });
  return {
    bic,
    simulated: settings.simulated,
    issuer: settings.issuer,

    authorizationUrl(start) {
      return party.authorizationUrl({
        redirectUri: start.redirectUri,
        scope: 'openid',
        state: start.secrets.state,
        nonce: start.secrets.nonce,
        codeVerifier: start.secrets.codeVerifier,
        extra: { ui_locales: start.locale, authorization_details: JSON.stringify(paymentDetails(start.payment)) },
      });
    },

    async complete(callback, flow, now) {
      if (callback.error !== undefined) return failed(resultOfAuthorizationError(callback.error), `the bank answered ${callback.error}${callback.error_description ? ` (${callback.error_description})` : ''}`);
      if (callback.code === undefined) return failed('PROVIDER_ERROR', 'the callback carried neither a code nor an error');
      const answer = await party.exchangeCode({ code: callback.code, redirectUri: flow.redirectUri, codeVerifier: flow.secrets.codeVerifier });
      // A code the bank no longer takes (used, expired): the payment's outcome is not ours to read.
      if (answer.kind === 'refused') return failed('PROVIDER_ERROR', `the token endpoint answered ${answer.error.error}`);
      const checked = await party.verifyIdToken(answer.tokens.id_token, { nonce: flow.secrets.nonce, now });
      if (!checked.ok) return failed('PROVIDER_ERROR', `the ID token failed its ${checked.problem} check`);
      const details = v.safeParse(TokenPaymentSchema, answer.tokens);
      if (!details.success) throw new ProviderError(settings.provider, 'malformed', 'the token response names no payment_initiation with a paymentId');
      const paymentId = details.output.authorization_details[0]?.paymentId ?? '';
      const metadata = await party.metadata();
      const endpoint = v.safeParse(v.pipe(v.string(), v.url()), metadata['payments_endpoint']);
      if (!endpoint.success) throw new ProviderError(settings.provider, 'malformed', 'metadata names no payments_endpoint');
      const status = await party.resource({ url: joinUrl(endpoint.output, `${encodeURIComponent(paymentId)}/status`), accessToken: answer.tokens.access_token, schema: PaymentStatusSchema });
      return { status: resultOfTransactionStatus(status.body.transactionStatus), reason: `the payment's status is ${status.body.transactionStatus}` };
    },

    ...(settings.simulated && settings.simulatorBase
      ? {
          async script(state: string, outcome: BankPaymentPageOutcome) {
            await scriptSimulator(settings.simulatorBase ?? '', state, outcome);
          },
        }
      : {}),
  };
}

/** The bank adapters the settings call for, by BIC: real banks at their issuers, simulated ones on loopback; a bank not configured (production) has none. */
export type BankPaymentAdapters = Readonly<Partial<Record<PaymentBankBic, BankPaymentAdapter>>>;

export function bankPaymentAdaptersFor(settings: BankPaymentSettings, simulatorsOrigin: string | null): BankPaymentAdapters {
  const adapters: Partial<Record<PaymentBankBic, BankPaymentAdapter>> = {};
  for (const bank of settings.banks) {
    const { source } = bank;
    if (source.kind === 'none' || (source.kind === 'simulator' && !simulatorsOrigin)) continue;
    const issuer = source.kind === 'real' ? source.url : `${simulatorsOrigin}/${BANK_PAYMENT_SIMULATOR}/${bank.bic}`;
    const simulated = source.kind === 'simulator';
    adapters[bank.bic] = createBankPaymentAdapter(bank.bic, {
      provider: `${BANK_PAYMENT_SIMULATOR}/${bank.bic}`,
      issuer,
      clientId: bank.clientId,
      clientSecret: bank.clientSecret,
      simulated,
      ...(simulated ? { simulatorBase: issuer } : {}),
    });
  }
  return adapters;
}

/** The configured banks' BICs, in section 3's order. */
export function configuredBanks(adapters: BankPaymentAdapters): PaymentBankBic[] {
  return PAYMENT_BANK_BICS.filter((bic) => adapters[bic] !== undefined);
}
