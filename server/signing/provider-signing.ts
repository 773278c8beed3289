import { randomBytes } from 'node:crypto';
import { applicationReference } from '../../core/domain/application-reference';
import { ApiError } from '../http/api-error';
import type { AppDeps } from '../http/app-env';
import type { Queryable } from '../db/database';
import type { ApplicationRow } from '../applications/application-repository';
import { listPersons, type PersonRow } from '../applications/person-repository';
import { findContractFile } from '../contracts/contract-file-repository';
import { countryOf } from '../contracts/contract.service';
import { personalNumberIdentifier } from '../providers/sk-eid/certificates';
import { digest, type HashType } from '../providers/sk-eid/hashes';
import type { FinalSigningResult, SignableData, SigningPoll, SigningStart } from '../providers/sk-eid/signing-session';
import type { MobileIdLanguage } from '../providers/mobile-id/mobile-id.adapter';
import type { ContractToSign } from './contracts-to-sign';
import { sandboxScriptOf } from './sandbox-signing-settings';
import { MOBILE_ID_SCRIPTS, SMART_ID_SCRIPTS } from './sandbox-signing-scripts';
import type { SigningTransactionRow } from './signing-repository';

/**
 * Smart-ID and Mobile-ID signing through their adapters (issue 21; docs/decisions/167). What is
 * signed is the contract's PDF as the bank drew it up and the person can download it (its SHA-256
 * travels; the bytes stay here); a contract without a drawn-up file (an application seeded without
 * one) is signed as a stable description of the file it names. The provider's session is opened at
 * the start and asked again at each status call of the person's browser, with a short long poll
 * (one second), so the browser's own polling loop is unchanged.
 */
const HASH_TYPE: HashType = 'SHA256';

export type PollingMethod = 'SMART_ID' | 'MOBILE_SIGNATURE';

function notOffered(method: PollingMethod): ApiError {
  return new ApiError('SIGNING_NOT_AVAILABLE', `${method === 'SMART_ID' ? 'Smart-ID' : 'Mobile-ID'} is not offered.`);
}

/** Production without the party's configuration: the method is not offered (its adapter is null). */
export function assertProviderOffered(deps: AppDeps, method: PollingMethod): void {
  if ((method === 'SMART_ID' ? deps.providers.smartId : deps.providers.mobileId) === null) throw notOffered(method);
}

/** The contract's bytes to sign: the drawn-up PDF, else a stable description of the contract's file. */
export async function contractSignable(db: Queryable, application: ApplicationRow, fileServiceId: string): Promise<SignableData> {
  const file = await findContractFile(db, application.id, fileServiceId);
  const data = file
    ? file.content
    : Buffer.from(JSON.stringify({ contract: fileServiceId, application: application.external_id, product: application.product_name }), 'utf8');
  return { data, hashType: HASH_TYPE };
}

/**
 * Mobile-ID (docs/decisions/143): the request goes to the applicant's own phone with their personal
 * code, as the application holds them, never to a number the client sends. Mobile-ID serves
 * Estonian and Lithuanian numbers only.
 */
const MOBILE_ID_COUNTRY_CODES = new Set(['372', '370']);

export function mobileIdPhoneOf(applicant: Pick<PersonRow, 'personal_code' | 'declared_data'> | undefined): string | null {
  if (!applicant?.personal_code) return null;
  const phone = (applicant.declared_data['phoneNumber'] ?? null) as { code?: unknown; number?: unknown } | null;
  const code = typeof phone?.code === 'string' ? phone.code.replace(/\D/g, '') : '';
  const number = typeof phone?.number === 'string' ? phone.number.replace(/\D/g, '') : '';
  if (!MOBILE_ID_COUNTRY_CODES.has(code) || number.length < 7 || number.length > 10) return null;
  return `+${code}${number}`;
}

/** Mobile-ID's dialogue language from the applicant's (section 3.2.3: EST, ENG, RUS or LIT). */
function mobileIdLanguage(applicant: PersonRow | undefined): MobileIdLanguage {
  const languages: Record<string, MobileIdLanguage> = { est: 'EST', rus: 'RUS', lit: 'LIT' };
  return languages[applicant?.language_code?.toLowerCase() ?? ''] ?? 'ENG';
}

export interface ProviderSigningStarted {
  verificationCode: string;
  phoneNumber: string | null;
  providerSession: { sessionId: string | null; signedHash: string; hashType: string; signerIdentity: string | null; signerCertificate: string | null };
  /** The party refused to open a session (no account...): the signing's result at once. */
  refused: { status: FinalSigningResult; providerResult: string } | null;
}

/**
 * Opens the provider's session for the contract. In test mode, when the session's owner set what
 * the party answers (`POST /api/sandbox/signing/smart-id|mobile-id`), the simulator is scripted
 * first (Smart-ID: by the request's nonce; Mobile-ID: by the opened session).
 */
export async function startProviderSigning(
  deps: AppDeps,
  application: ApplicationRow,
  method: PollingMethod,
  contract: ContractToSign,
): Promise<ProviderSigningStarted> {
  const applicant = (await listPersons(deps.db, application.id)).find((person) => person.role === 'APPLICANT');
  const signable = await contractSignable(deps.db, application, contract.fileServiceId);
  const signedHash = digest(signable.hashType, signable.data).toString('base64');
  const country = countryOf(deps, application);
  const testMode = deps.config.mode === 'test';
  const displayText = `Sign contract ${applicationReference(application.external_id)}`;
  const noPerson = (why: string) => ({ kind: 'refused', status: 'NOT_CLIENT', providerResult: why }) as const;

  if (method === 'SMART_ID') {
    const adapter = deps.providers.smartId;
    if (!adapter) throw notOffered(method);
    const identity = applicant?.personal_code ? personalNumberIdentifier(country, applicant.personal_code) : null;
    let start: SigningStart = noPerson('no personal code to ask Smart-ID for');
    if (identity) {
      const nonce = randomBytes(15).toString('hex');
      const script = await sandboxScriptOf(deps.db, testMode, application.id, 'smart-id');
      if (script && adapter.scripts) await adapter.scripts.script({ nonce, runningPolls: script.runningPolls, ...SMART_ID_SCRIPTS[script.result] });
      start = await adapter.startSignature({ semanticsIdentifier: identity, signable, displayText, nonce });
    }
    return {
      verificationCode: adapter.verificationCode(signable),
      phoneNumber: null,
      providerSession: { sessionId: start.kind === 'session' ? start.sessionId : null, signedHash, hashType: signable.hashType, signerIdentity: identity, signerCertificate: null },
      refused: start.kind === 'refused' ? { status: start.status, providerResult: start.providerResult } : null,
    };
  }

  const adapter = deps.providers.mobileId;
  if (!adapter) throw notOffered(method);
  // Decision 143: the applicant's own phone and personal code, never ones the browser sends.
  const phoneNumber = mobileIdPhoneOf(applicant);
  const personalCode = applicant?.personal_code ?? null;
  const start =
    phoneNumber && personalCode
      ? await adapter.startSignature({ phoneNumber, nationalIdentityNumber: personalCode, signable, language: mobileIdLanguage(applicant), displayText })
      : noPerson('no Mobile-ID phone number or personal code to ask for');
  if (start.kind === 'session') {
    const script = await sandboxScriptOf(deps.db, testMode, application.id, 'mobile-id');
    if (script && adapter.scripts) await adapter.scripts.script({ sessionId: start.sessionId, runningPolls: script.runningPolls, ...MOBILE_ID_SCRIPTS[script.result] });
  }
  return {
    verificationCode: adapter.verificationCode(signable),
    phoneNumber,
    providerSession: {
      sessionId: start.kind === 'session' ? start.sessionId : null,
      signedHash,
      hashType: signable.hashType,
      signerIdentity: personalCode,
      signerCertificate: start.kind === 'session' ? start.certificate : null,
    },
    refused: start.kind === 'refused' ? { status: start.status, providerResult: start.providerResult } : null,
  };
}

/** One poll of the provider's session (outside any database transaction: a long poll holds no lock). */
export async function pollProviderSigning(deps: AppDeps, application: ApplicationRow, transaction: SigningTransactionRow): Promise<SigningPoll> {
  const method: PollingMethod = transaction.provider === 'smart-id' ? 'SMART_ID' : 'MOBILE_SIGNATURE';
  const failed = (providerResult: string): SigningPoll => ({ kind: 'complete', status: 'PROVIDER_ERROR', providerResult, signature: null });
  if (!transaction.provider_session_id || !transaction.signed_hash || !transaction.signer_identity) return failed('no provider session');
  const signable = await contractSignable(deps.db, application, transaction.file_service_id);
  // The signature must be over the contract as it is now: a file changed since is not what was signed.
  if (digest(signable.hashType, signable.data).toString('base64') !== transaction.signed_hash || transaction.hash_type !== signable.hashType) {
    return failed('the contract changed after the signing started');
  }
  const now = deps.clock();
  if (method === 'SMART_ID') {
    const adapter = deps.providers.smartId;
    if (!adapter) throw notOffered(method);
    return adapter.sessionStatus({ sessionId: transaction.provider_session_id, signable, semanticsIdentifier: transaction.signer_identity, now });
  }
  const adapter = deps.providers.mobileId;
  if (!adapter) throw notOffered(method);
  if (!transaction.phone_number || !transaction.signer_certificate) return failed('no Mobile-ID phone number or certificate');
  return adapter.sessionStatus({
    sessionId: transaction.provider_session_id,
    signable,
    phoneNumber: transaction.phone_number,
    nationalIdentityNumber: transaction.signer_identity,
    certificate: transaction.signer_certificate,
    country: countryOf(deps, application),
    now,
  });
}
