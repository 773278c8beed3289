import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { ESIGN_CERTIFICATE_INACTIVE, ESIGN_SIGNING_REFUSED, digitalSigningOutcome, type DigitalSigningResult, type EsignMethod, type PaymentBankBic } from '../../core/domain/signing';
import { countryOfApplication, isBusinessDomain } from '../../core/domain/business-domains';
import { localeFromLanguageCode } from '../../core/domain/languages';
import { listPersons } from '../applications/person-repository';
import { findApplicationById, type ApplicationRow } from '../applications/application-repository';
import { findContractFile } from '../contracts/contract-file-repository';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/api-error';
import type { AppDeps } from '../http/app-env';
import { ProviderError } from '../providers/provider-http';
import { CallbackQuerySchema } from '../providers/oidc/oidc-client';
import { flowKeyOf, flowSecretsFor, transactionOfState } from '../providers/oidc/flow-secrets';
import type { DocumentDigest, EparakstsPageOutcome, EparakstsResult, EsignPhase } from '../providers/eparaksts/eparaksts.adapter';
import { ESIGN_PROVIDER_FAILED } from '../providers/eparaksts/eparaksts.adapter';
import type { BankPaymentPageOutcome } from '../providers/bank-payment/bank-payment.adapter';
import { sandboxSigningOf, type EsignatureSetting, type PaymentSetting } from './sandbox-signing-settings';
import { completeSigningTransaction, findSigningTransaction } from './signing-repository';
import { recordSigned } from './record-signed';
import { ESIGN_SIGNER_NOT_APPLICANT, endSigningWhenRefused } from './signing-refusals';

/**
 * The redirect signings (issue 21; docs/decisions/168): eParaksts and the bank payment, each an
 * OpenID Connect authorization-code exchange with the party. The signing transaction's random id is
 * the flow's anchor: its `state`, `nonce` and PKCE verifier are derived from it
 * (providers/oidc/flow-secrets.ts). The browser goes to the party's page; the party sends it back to
 * this API's callback with a code (or an error); the API exchanges the code, checks the ID token,
 * reads the signing's or payment's result, records it on the transaction and sends the browser to
 * the stored return address. Whatever happens at the callback, the person lands back on the app:
 * a refusal, a bad token or a party that fails is recorded as a failed attempt, which the app says
 * and offers to try again.
 */
export const ESIGN_CALLBACK_PATH = '/api/v1/signing/eparaksts/callback';
export const PAYMENT_CALLBACK_PATH = '/api/v1/signing/payment/callback';

type RedirectKind = 'esignature' | 'payment';

/** This server's origin as the request reached it, and the redirect allowlist's check (signing.routes.ts). */
interface RedirectContext {
  ownOrigin: string;
  isAllowed(target: string): boolean;
}

const CALLBACK_PATHS: Record<RedirectKind, string> = { esignature: ESIGN_CALLBACK_PATH, payment: PAYMENT_CALLBACK_PATH };

function notAvailable(message: string): ApiError {
  return new ApiError('SIGNING_NOT_AVAILABLE', message);
}

const keyOf = (deps: AppDeps) => flowKeyOf(deps.config.embedTokenSecret);

/** The applicant's ETSI semantics identifier (`PNOLV-…`), when the application holds their personal code. */
async function applicantIdentifier(deps: AppDeps, db: Queryable, application: ApplicationRow): Promise<string | undefined> {
  const applicant = (await listPersons(db, application.id)).find((person) => person.role === 'APPLICANT');
  if (!applicant?.personal_code) return undefined;
  const domain = application.business_domain;
  // Decision 184: a company's representative signs in the company's country.
  const country = isBusinessDomain(domain) ? countryOfApplication(domain, application.data, deps.config.client.countryCode) : deps.config.client.countryCode;
  return `PNO${country}-${applicant.personal_code}`;
}

const digitsOf = (identifier: string) => identifier.replace(/^PNO[A-Z]{2}-/, '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/** What is signed: the contract's file when the contract module drew it up, else its file id (a seeded application). */
async function documentOf(db: Queryable, application: ApplicationRow, fileServiceId: string): Promise<DocumentDigest> {
  const file = await findContractFile(db, application.id, fileServiceId);
  return { label: `${fileServiceId}.pdf`, hash: createHash('sha256').update(file ? file.content : Buffer.from(fileServiceId, 'utf8')).digest('base64') };
}

/** Test mode: the answer the eParaksts simulator's page opens with (decision 139's controls, handed over as a script). */
function esignScript(setting: EsignatureSetting, phase: EsignPhase): EparakstsPageOutcome {
  if (phase === 'authenticate') return setting.authentication === 'SUCCESS' ? 'approve' : 'refuse';
  if (setting.signing === 'SUCCESS') return 'sign';
  return setting.signingErrorCode === ESIGN_CERTIFICATE_INACTIVE ? 'certificate-inactive' : 'refuse';
}

const PAYMENT_SCRIPT: Record<PaymentSetting['result'], BankPaymentPageOutcome> = {
  COMPLETED_OK: 'approve',
  COMPLETED_FAILURE: 'decline',
  USER_CANCELLED: 'cancel',
  PROVIDER_ERROR: 'error',
};

/**
 * The eParaksts page for a new transaction (not yet stored: a party that fails here leaves nothing
 * behind, and the API answers 503 PROVIDER_UNAVAILABLE).
 */
export async function esignAuthorization(
  deps: AppDeps,
  redirects: RedirectContext,
  input: { transactionId: string; phase: EsignPhase; method: EsignMethod; application: ApplicationRow; fileServiceId: string; languageCode?: string },
): Promise<string> {
  const adapter = deps.providers.eparaksts;
  if (!adapter) throw notAvailable('eParaksts signing is not configured on this server.');
  const secrets = flowSecretsFor(keyOf(deps), input.transactionId);
  const loginHint = await applicantIdentifier(deps, deps.db, input.application);
  const locale = localeFromLanguageCode(input.languageCode);
  const url = await adapter.authorizationUrl({
    phase: input.phase,
    method: input.method,
    redirectUri: `${redirects.ownOrigin}${ESIGN_CALLBACK_PATH}`,
    secrets,
    ...(input.phase === 'sign' ? { document: await documentOf(deps.db, input.application, input.fileServiceId) } : {}),
    ...(locale ? { locale } : {}),
    ...(loginHint ? { loginHint } : {}),
  });
  if (!redirects.isAllowed(url)) throw notAvailable("eParaksts' page is not on the redirect allowlist (REDIRECT_ALLOWLIST).");
  if (deps.config.mode === 'test' && adapter.script) {
    await adapter.script(secrets.state, esignScript(await sandboxSigningOf(deps.db, true, input.application.id, 'esignature'), input.phase));
  }
  return url;
}

/** The bank's page for a new payment-signing transaction (not yet stored). */
export async function paymentAuthorization(
  deps: AppDeps,
  redirects: RedirectContext,
  input: { transactionId: string; application: ApplicationRow; bic: PaymentBankBic; fileServiceId: string; paymentPurpose: string | null },
): Promise<string> {
  const adapter = deps.providers.bankPayment[input.bic];
  if (!adapter) throw notAvailable('Payment signing with this bank is not configured on this server.');
  const secrets = flowSecretsFor(keyOf(deps), input.transactionId);
  const { creditor, amount } = deps.config.providers.bankPayment;
  const url = await adapter.authorizationUrl({
    redirectUri: `${redirects.ownOrigin}${PAYMENT_CALLBACK_PATH}`,
    secrets,
    payment: { amount, creditorName: creditor.name, creditorIban: creditor.iban, remittance: input.paymentPurpose ?? `Contract ${input.fileServiceId}` },
  });
  if (!redirects.isAllowed(url)) throw notAvailable("The bank's page is not on the redirect allowlist (REDIRECT_ALLOWLIST).");
  if (deps.config.mode === 'test' && adapter.script) {
    await adapter.script(secrets.state, PAYMENT_SCRIPT[(await sandboxSigningOf(deps.db, true, input.application.id, 'payment')).result]);
  }
  return url;
}

/** What the callback records on the transaction. */
interface Recorded {
  status: string;
  errorCode: string | null;
  signed: boolean;
  /** Why it failed, when that is not the person's own doing (logged). */
  problem: string | null;
}

function esignRecord(result: EparakstsResult, phase: EsignPhase, expectedPerson: string | undefined): Recorded {
  if (result.outcome === 'failed') {
    // A person who refused or cancelled is no problem of ours; anything else is worth a log line.
    const personal = /answered access_denied/.test(result.reason);
    // Decision 175: an authentication the provider (not the person) failed is marked as such: it is no failed attempt of the signer's.
    const errorCode = phase === 'sign' ? (result.errorCode ?? ESIGN_SIGNING_REFUSED) : personal ? null : ESIGN_PROVIDER_FAILED;
    return { status: 'FAILED', errorCode, signed: false, problem: personal ? null : result.reason };
  }
  // Decision 168: the person who authenticates and signs is the applicant, when the application knows who that is.
  if (expectedPerson !== undefined && (result.person.serialNumber === null || digitsOf(result.person.serialNumber) !== digitsOf(expectedPerson))) {
    // Decision 175: another person than the applicant: the signing is refused for good.
    return { status: 'FAILED', errorCode: ESIGN_SIGNER_NOT_APPLICANT, signed: false, problem: 'the provider names another person than the applicant' };
  }
  return { status: 'SUCCESS', errorCode: null, signed: result.outcome === 'signed', problem: null };
}

function paymentRecord(status: DigitalSigningResult, reason: string): Recorded {
  const personal = status === 'USER_CANCELLED' || status === 'COMPLETED_FAILURE' || status === 'COMPLETED_OK';
  return { status, errorCode: null, signed: digitalSigningOutcome(status).next === 'done', problem: personal ? null : reason };
}

/**
 * The callback (RFC 6749 section 4.1.2): answers where the browser goes next. A state this server
 * did not make goes to the app's first page; a transaction answered already (the callback reloaded,
 * a code replayed) goes back to its return address unchanged.
 */
export async function completeRedirectSigning(deps: AppDeps, kind: RedirectKind, query: Record<string, string>, redirects: RedirectContext, report: (error: Error) => void): Promise<string> {
  const home = `${redirects.ownOrigin}/`;
  const parsed = v.safeParse(CallbackQuerySchema, query);
  const key = keyOf(deps);
  const id = parsed.success ? transactionOfState(key, parsed.output.state) : null;
  if (!parsed.success || id === null) return home;
  const transaction = await findSigningTransaction(deps.db, id);
  const application = transaction && transaction.provider === kind ? await findApplicationById(deps.db, transaction.application_id) : undefined;
  if (!transaction || !application) return home;
  const returnTo =
    transaction.return_url && redirects.isAllowed(transaction.return_url) ? transaction.return_url : `${redirects.ownOrigin}/?externalId=${encodeURIComponent(application.external_id)}`;
  if (transaction.status !== 'PENDING') return returnTo;

  const secrets = flowSecretsFor(key, id);
  const redirectUri = `${redirects.ownOrigin}${CALLBACK_PATHS[kind]}`;
  const now = deps.clock();
  let recorded: Recorded;
  // The exchange happens outside a database transaction: a party that hangs must not hold the row (or PGlite) meanwhile.
  try {
    if (kind === 'esignature') {
      const adapter = deps.providers.eparaksts;
      if (!adapter) throw new ProviderError('eparaksts', 'unreachable', 'is no longer configured');
      const phase = transaction.phase;
      const document = phase === 'sign' ? await documentOf(deps.db, application, transaction.file_service_id) : undefined;
      const result = await adapter.complete(parsed.output, { phase, redirectUri, secrets, ...(document ? { document } : {}) }, now);
      recorded = esignRecord(result, phase, await applicantIdentifier(deps, deps.db, application));
    } else {
      const adapter = deps.providers.bankPayment[(transaction.selected_bank_bic ?? '') as PaymentBankBic];
      if (!adapter) throw new ProviderError('bank-payment', 'unreachable', 'this bank is no longer configured');
      const result = await adapter.complete(parsed.output, { redirectUri, secrets }, now);
      recorded = paymentRecord(result.status, result.reason);
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // The party failed: the attempt failed, nothing is signed, and the person may try again.
    recorded =
      kind === 'esignature'
        ? { status: 'FAILED', errorCode: ESIGN_PROVIDER_FAILED, signed: false, problem: error.message }
        : { status: 'PROVIDER_ERROR', errorCode: null, signed: false, problem: error.message };
  }
  if (recorded.problem !== null) report(new Error(`${kind} signing attempt failed: ${recorded.problem}`));

  await deps.db.transaction(async (tx) => {
    const locked = await findSigningTransaction(tx, id, 'update');
    // Another callback of the same transaction (a double click, a replay) answered it first.
    if (!locked || locked.status !== 'PENDING') return;
    await completeSigningTransaction(tx, id, { status: recorded.status, errorCode: recorded.errorCode, now, completed: true });
    const current = recorded.signed ? await findApplicationById(tx, application.id) : undefined;
    if (current) await recordSigned(tx, current, locked, now);
    // Decision 175: this failure may be the one that ends the signing.
    else if (recorded.status !== 'SUCCESS') await endSigningWhenRefused(deps, tx, application.id);
  });
  return returnTo;
}
