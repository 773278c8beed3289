import { randomUUID } from 'node:crypto';
import type { EsignAuthenticateRequest, EsignSignRequest, EsignStatusResponse, SigningStatusResponse, StartSigningRequest, StartSigningResponse } from '../../core/wire/signing.schema';
import { ESIGN_CERTIFICATE_INACTIVE, digitalSigningOutcome, isOwnSource, type EsignMethod, type EsignStatus } from '../../core/domain/signing';
import { isContractSigned, signingChoicesFor } from '../../core/domain/contracts';
import { countryOf } from '../contracts/contract.service';
import { isBusinessDomain } from '../../core/domain/business-domains';
import { readApplicationData } from '../applications/application-data';
import { MESSAGES } from '../../core/validation/messages';
import { findOwnedApplication, type ApplicationRow } from '../applications/application-repository';
import type { Queryable } from '../db/database';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { assertAccountSigningMethod } from '../contracts/account-contract.service';
import { CURRENT_ACCOUNT_PRODUCT } from '../../core/domain/account-contract';
import { contractsToSign, type ContractToSign } from './contracts-to-sign';
import { recordSigned } from './record-signed';
import { sandboxSigningOf } from './sandbox-signing-settings';
import { esignAuthorization, paymentAuthorization } from './redirect-signing.service';
import { assertProviderOffered, pollProviderSigning, startProviderSigning } from './provider-signing';
import { endSigningWhenRefused, signingEndedFor } from './signing-refusals';
import { assertDigitalSigningAllowed } from './partner-digital-signing';
import {
  completeProviderSigning,
  completeSigningTransaction,
  findSigningTransaction,
  insertSigningTransaction,
  latestSigningTransaction,
  signedContractsOf,
  type SigningTransactionRow,
} from './signing-repository';

/**
 * Section 7's signing calls on the reference API (issue 12; docs/decisions/139-141). Only the
 * application's owner (the applicant's session) reaches them; a contract outside the application's
 * own list is refused; every address handed to the browser, and every address it is sent back to,
 * is on the redirect allowlist (decision 151). Smart-ID and Mobile-ID are reached through their
 * adapters (issue 21; docs/decisions/167, server/signing/provider-signing.ts), real or simulated; the
 * e-signature and payment providers are the sandbox's (test mode).
 */

/** What the routes tell the service about the request: this origin and the allowlist check. */
export interface RedirectContext {
  ownOrigin: string;
  isAllowed(target: string): boolean;
}

export const RETURN_URL_FIELD = 'returnUrl';

function notAvailable(message: string): ApiError {
  return new ApiError('SIGNING_NOT_AVAILABLE', message);
}

export async function ownedApplication(db: Queryable, owner: Owner, externalId: string, lock?: 'update'): Promise<ApplicationRow> {
  const application = await findOwnedApplication(db, externalId, owner, lock);
  if (!application) throw notFound();
  return application;
}

/**
 * A signing starts only while the application's process has not ended (decision 175: after the
 * signing was refused for good, or anything else ended it, nothing more is signed online).
 */
function assertStillOpen(application: ApplicationRow): void {
  if (application.process_done) throw notAvailable('The application has ended: nothing more is signed online.');
}

/** Decision 175: the status calls say when the bank ended the signing (present only when it did). */
function endedFlag(application: ApplicationRow): { signingEnded?: true } {
  return signingEndedFor(application) ? { signingEnded: true } : {};
}

/** The address the provider sends the browser back to: the app's own page unless an allowed one is asked for. */
export function returnUrlFor(redirects: RedirectContext, externalId: string, requested: string | undefined): string {
  if (requested === undefined) return `${redirects.ownOrigin}/?externalId=${encodeURIComponent(externalId)}`;
  if (!redirects.isAllowed(requested)) {
    throw new ApiError('VALIDATION_FAILED', 'The return address is not allowed.', { fieldErrors: { [RETURN_URL_FIELD]: [MESSAGES.redirectUriNotRegistered] } });
  }
  return requested;
}

/** The contract asked for, which must be one of the application's; else the first one not yet signed. */
async function contractFor(db: Queryable, application: ApplicationRow, fileServiceId: string | undefined): Promise<ContractToSign> {
  const contracts = contractsToSign(application);
  if (fileServiceId !== undefined) {
    const chosen = contracts.find((contract) => contract.fileServiceId === fileServiceId);
    if (!chosen) throw new ApiError('VALIDATION_FAILED', 'No such contract on this application.', { fieldErrors: { fileServiceId: [MESSAGES.choiceInvalid] } });
    return chosen;
  }
  const signed = new Set((await signedContractsOf(db, application.id)).map((row) => row.file_service_id));
  const next = contracts.find((contract) => !signed.has(contract.fileServiceId));
  if (!next) throw notAvailable('Every contract of the application is signed.');
  return next;
}

/**
 * Whether every contract of the application is signed (section 3: date, method and file all
 * present): what ViewContractConditions needs before the process goes on (issue 12).
 */
export async function allContractsSigned(db: Queryable, application: ApplicationRow): Promise<boolean> {
  const signed = await contractsInfoOf(db, application.id);
  return contractsToSign(application).every((contract) => signed.some((info) => info.signing.fileServiceId === contract.fileServiceId && isContractSigned(info)));
}

/** Section 3 `contractsInfo[]` of the signed contracts: date, method and file are all present. */
export async function contractsInfoOf(db: Queryable, applicationId: string) {
  return (await signedContractsOf(db, applicationId)).map((row) => ({
    productName: row.product_name,
    signing: { dateTime: new Date(row.signed_at).toISOString(), method: row.method, fileServiceId: row.file_service_id },
  }));
}

// ---------------------------------------------------------------------------------------------
// The e-signature (eParaksts) loop
// ---------------------------------------------------------------------------------------------

function esignStatusOf(transaction: SigningTransactionRow | undefined): EsignStatus {
  if (!transaction) return 'NOT_STARTED';
  if (transaction.phase === 'authenticate') return transaction.status === 'SUCCESS' ? 'AUTHENTICATION_SUCCESS' : 'AUTHENTICATION_FAILED';
  return transaction.status === 'SUCCESS' ? 'SIGNING_SUCCESS' : 'SIGNING_FAILED';
}

export async function esignStatus(deps: AppDeps, owner: Owner, externalId: string): Promise<EsignStatusResponse> {
  const application = await ownedApplication(deps.db, owner, externalId);
  const setting = await sandboxSigningOf(deps.db, deps.config.mode === 'test', application.id, 'esignature');
  const last = await latestSigningTransaction(deps.db, application.id, ['esignature'], { answered: true });
  const signedFileServiceIds = (await signedContractsOf(deps.db, application.id)).map((row) => row.file_service_id);
  if (setting.status !== null) return { status: setting.status, errorCode: null, signedFileServiceIds, ...endedFlag(application) };
  const status = esignStatusOf(last);
  return { status, errorCode: status === 'SIGNING_FAILED' ? (last?.error_code ?? null) : null, signedFileServiceIds, ...endedFlag(application) };
}

export async function esignAuthenticate(deps: AppDeps, owner: Owner, externalId: string, request: EsignAuthenticateRequest, redirects: RedirectContext): Promise<{ redirectUrl: string }> {
  const application = await ownedApplication(deps.db, owner, externalId);
  assertStillOpen(application);
  // Decision 145: a current account's contract is signed only in its own ways.
  assertAccountSigningMethod(deps, application, request.signingMethod);
  // Decision 189: not for a partner whose customers do not sign digitally.
  await assertDigitalSigningAllowed(deps, deps.db, owner, readApplicationData(application.data));
  if ((await sandboxSigningOf(deps.db, deps.config.mode === 'test', application.id, 'smart-id')).disabledReason !== null) throw notAvailable('Digital signing is disabled for this contract.');
  const contract = await contractFor(deps.db, application, request.fileServiceId);
  const returnUrl = returnUrlFor(redirects, externalId, request.returnUrl);
  const id = randomUUID();
  // Decision 168: eParaksts' page (OpenID Connect); nothing is stored when the provider cannot be reached.
  const redirectUrl = await esignAuthorization(deps, redirects, {
    transactionId: id,
    phase: 'authenticate',
    method: request.signingMethod,
    application,
    fileServiceId: contract.fileServiceId,
    languageCode: request.languageCode,
  });
  await insertSigningTransaction(deps.db, { id, applicationId: application.id, provider: 'esignature', phase: 'authenticate', method: request.signingMethod, fileServiceId: contract.fileServiceId, returnUrl, now: deps.clock() });
  return { redirectUrl };
}

export async function esignSign(deps: AppDeps, owner: Owner, externalId: string, request: EsignSignRequest, redirects: RedirectContext): Promise<{ redirectUrl: string }> {
  const application = await ownedApplication(deps.db, owner, externalId);
  assertStillOpen(application);
  await assertDigitalSigningAllowed(deps, deps.db, owner, readApplicationData(application.data));
  const contract = await contractFor(deps.db, application, request.fileServiceId);
  const returnUrl = returnUrlFor(redirects, externalId, request.returnUrl);
  const last = await latestSigningTransaction(deps.db, application.id, ['esignature'], { answered: true });
  // Signing follows a successful authentication (or, in cross-sell, the signing of the contract before).
  const status = esignStatusOf(last);
  if (status !== 'AUTHENTICATION_SUCCESS' && status !== 'SIGNING_SUCCESS') {
    throw new ApiError('ESIGN_SIGNING_REFUSED', 'Signing needs a successful authentication first.');
  }
  const method: EsignMethod = last?.method === 'EPARAKSTS_EID' ? 'EPARAKSTS_EID' : 'EPARAKSTS';
  const setting = await sandboxSigningOf(deps.db, deps.config.mode === 'test', application.id, 'esignature');
  const id = randomUUID();
  if (setting.refuseSigningWith !== null) {
    // The refusal is the signing's outcome: the status reads SIGNING_FAILED with this errorCode.
    await deps.db.transaction(async (tx) => {
      await insertSigningTransaction(tx, { id, applicationId: application.id, provider: 'esignature', phase: 'sign', method, fileServiceId: contract.fileServiceId, returnUrl, now: deps.clock() });
      await completeSigningTransaction(tx, id, { status: 'FAILED', errorCode: setting.refuseSigningWith, now: deps.clock(), completed: true });
      await endSigningWhenRefused(deps, tx, application.id);
    });
    const code = setting.refuseSigningWith === ESIGN_CERTIFICATE_INACTIVE ? 'ESIGN_CERTIFICATE_INACTIVE' : 'ESIGN_SIGNING_REFUSED';
    throw new ApiError(code, code === 'ESIGN_CERTIFICATE_INACTIVE' ? 'The signing certificate is not active.' : 'The signing was refused.');
  }
  const redirectUrl = await esignAuthorization(deps, redirects, { transactionId: id, phase: 'sign', method, application, fileServiceId: contract.fileServiceId });
  await insertSigningTransaction(deps.db, { id, applicationId: application.id, provider: 'esignature', phase: 'sign', method, fileServiceId: contract.fileServiceId, returnUrl, now: deps.clock() });
  return { redirectUrl };
}

// ---------------------------------------------------------------------------------------------
// Smart-ID and payment signing
// ---------------------------------------------------------------------------------------------

/** Section 4: the flag, the product's own source, and the restriction check (which only says yes when unrestricted). */
export async function paymentSigningEnabled(deps: AppDeps, application: ApplicationRow): Promise<boolean> {
  if (!deps.flags.isEnabled('paymentSigning')) return false;
  // Decision 145: payment signing is a loan's (its first payment), never a current account's.
  if (application.product_name === CURRENT_ACCOUNT_PRODUCT) return false;
  const source = ((application.data ?? {}) as { source?: { channel?: unknown } }).source;
  if (!isOwnSource(typeof source?.channel === 'string' ? source.channel : null)) return false;
  // Issue 21: without a connected bank (production) there is no payment to sign with.
  if (Object.keys(deps.providers.bankPayment).length === 0) return false;
  const setting = await sandboxSigningOf(deps.db, deps.config.mode === 'test', application.id, 'payment');
  return !setting.restricted;
}

export async function checkPaymentSigningEnabled(deps: AppDeps, owner: Owner, externalId: string): Promise<{ enabled: boolean }> {
  const application = await ownedApplication(deps.db, owner, externalId);
  return { enabled: await paymentSigningEnabled(deps, application) };
}

/** Decision 143: Mobile-ID asks the applicant's own phone (server/signing/provider-signing.ts). */
export { mobileIdPhoneOf } from './provider-signing';

/** The polling providers (Smart-ID, Mobile-ID): the method is one of this application's ways to sign. */
async function startPollingSigning(deps: AppDeps, application: ApplicationRow, request: Extract<StartSigningRequest, { method: 'SMART_ID' | 'MOBILE_SIGNATURE' }>): Promise<StartSigningResponse> {
  // Production without the party configured: not offered (decision 167).
  assertProviderOffered(deps, request.method);
  const mobile = request.method === 'MOBILE_SIGNATURE';
  if (mobile) {
    const domain = application.business_domain;
    const channel = readApplicationData(application.data).source.channel;
    const offered = isBusinessDomain(domain) && signingChoicesFor({ domain, country: countryOf(deps, application), flags: deps.flags.enabled(), channel }).includes('MOBILE_SIGNATURE');
    if (!offered) throw notAvailable('Mobile-ID is not a way to sign in this country.');
  }
  if ((await sandboxSigningOf(deps.db, deps.config.mode === 'test', application.id, 'smart-id')).disabledReason !== null) throw notAvailable('Digital signing is disabled for this contract.');
  const contract = await contractFor(deps.db, application, request.fileServiceId);
  // The provider's session first: a provider that fails leaves no transaction behind (503, the person may try again).
  const started = await startProviderSigning(deps, application, request.method, contract);
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    await insertSigningTransaction(tx, {
      id,
      applicationId: application.id,
      provider: mobile ? 'mobile-id' : 'smart-id',
      phase: 'sign',
      method: request.method,
      fileServiceId: contract.fileServiceId,
      returnUrl: null,
      verificationCode: started.verificationCode,
      phoneNumber: started.phoneNumber,
      providerSession: started.providerSession,
      now,
    });
    // No account, no Mobile-ID number...: the party's refusal is the result, answered at the first poll.
    if (started.refused) {
      await completeProviderSigning(tx, id, { ...started.refused, signature: null, now });
      await endSigningWhenRefused(deps, tx, application.id);
    }
  });
  return { method: request.method, status: 'RUNNING', verificationCode: started.verificationCode, redirectUrl: null };
}

export async function startSigning(deps: AppDeps, owner: Owner, externalId: string, request: StartSigningRequest, redirects: RedirectContext): Promise<StartSigningResponse> {
  const application = await ownedApplication(deps.db, owner, externalId);
  assertStillOpen(application);
  // Decision 145: a current account's contract is signed only in its own ways (never by a payment).
  assertAccountSigningMethod(deps, application, request.method);
  if (request.method === 'SMART_ID' || request.method === 'MOBILE_SIGNATURE') {
    // Decision 189: not for a partner whose customers do not sign digitally.
    await assertDigitalSigningAllowed(deps, deps.db, owner, readApplicationData(application.data));
    return startPollingSigning(deps, application, request);
  }
  const now = deps.clock();
  const id = randomUUID();
  if (!deps.providers.bankPayment[request.selectedBankBic]) throw notAvailable('Payment signing with this bank is not configured on this server.');
  if (!(await paymentSigningEnabled(deps, application))) throw notAvailable('Payment signing is not available for this application.');
  // Decision 162: a payment signs one contract; an application with several (cross-sell) signs them otherwise.
  if (contractsToSign(application).length > 1) throw notAvailable('Payment signing signs one contract; this application has several.');
  const contract = await contractFor(deps.db, application, undefined);
  const returnUrl = returnUrlFor(redirects, externalId, request.returnUrl);
  // Decision 168: the bank's page (OpenID Connect with the payment); nothing is stored when the bank cannot be reached.
  const redirectUrl = await paymentAuthorization(deps, redirects, {
    transactionId: id,
    application,
    bic: request.selectedBankBic,
    fileServiceId: contract.fileServiceId,
    paymentPurpose: request.paymentPurpose ?? null,
  });
  await insertSigningTransaction(deps.db, {
    id,
    applicationId: application.id,
    provider: 'payment',
    phase: 'sign',
    method: 'PAYMENT',
    fileServiceId: contract.fileServiceId,
    returnUrl,
    selectedBankBic: request.selectedBankBic,
    paymentPurpose: request.paymentPurpose ?? null,
    now,
  });
  return { method: 'PAYMENT', status: 'RUNNING', verificationCode: null, redirectUrl };
}

const POLLING_METHODS = { 'smart-id': 'SMART_ID', 'mobile-id': 'MOBILE_SIGNATURE', payment: 'PAYMENT' } as const;

/**
 * The running Smart-ID, Mobile-ID or payment signing: RUNNING until the provider answers, then its
 * result. Smart-ID and Mobile-ID are asked at each call (a one-second long poll, outside any database
 * transaction); their answer is recorded once, and a verified signature records the signed contract.
 */
export async function signingStatus(deps: AppDeps, owner: Owner, externalId: string): Promise<SigningStatusResponse> {
  const application = await ownedApplication(deps.db, owner, externalId);
  const transaction = await latestSigningTransaction(deps.db, application.id, ['smart-id', 'mobile-id', 'payment']);
  if (!transaction || transaction.provider === 'esignature') throw notFound();
  const method = POLLING_METHODS[transaction.provider];
  const answer = (status: string, ended = signingEndedFor(application)): SigningStatusResponse => ({
    method,
    status,
    verificationCode: transaction.verification_code,
    ...(ended ? { signingEnded: true } : {}),
  });
  if (transaction.status !== 'PENDING') return answer(transaction.status);
  // The bank payment page answers when the person leaves it; until then the payment runs.
  if (transaction.provider === 'payment') return answer('RUNNING');
  const poll = await pollProviderSigning(deps, application, transaction);
  if (poll.kind === 'running') return answer('RUNNING');
  const { status, ended } = await deps.db.transaction(async (tx) => {
    const locked = await ownedApplication(tx, owner, externalId, 'update');
    const current = await findSigningTransaction(tx, transaction.id, 'update');
    // Another status call recorded the answer first: it stands.
    if (!current || current.status !== 'PENDING') return { status: current?.status ?? poll.status, ended: signingEndedFor(locked) };
    const now = deps.clock();
    await completeProviderSigning(tx, current.id, { status: poll.status, providerResult: poll.providerResult, signature: poll.signature, now });
    if (digitalSigningOutcome(poll.status).next === 'done') {
      await recordSigned(tx, locked, current, now);
      return { status: poll.status, ended: false };
    }
    // Decision 175: this failure may be the one that ends the signing.
    return { status: poll.status, ended: await endSigningWhenRefused(deps, tx, locked.id) };
  });
  return answer(status, ended);
}
