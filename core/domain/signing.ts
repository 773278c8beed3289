/**
 * Signing a contract (issue 12; spec sections 3, 4 and 8; docs/decisions/139-141): the statuses of
 * the e-signature (eParaksts) loop and of digital signing (Smart-ID), the reasons digital signing
 * can be disabled with the providers that have a message for each, and the banks of payment
 * signing. Shared by the machines, the wire schemas and the reference API; no Lingui here (the
 * screens translate the message keys).
 */

/** Section 3: signing method values. */
export const SIGNING_METHODS = ['EPARAKSTS', 'EPARAKSTS_EID', 'EVROTRUST', 'MOBILE_SIGNATURE', 'PAYMENT', 'SMART_ID'] as const;
export type SigningMethod = (typeof SIGNING_METHODS)[number];

/** The methods that go through the e-signature (eParaksts) redirect provider. */
export const ESIGN_METHODS = ['EPARAKSTS', 'EPARAKSTS_EID'] as const satisfies readonly SigningMethod[];
export type EsignMethod = (typeof ESIGN_METHODS)[number];

/** Section 4: the e-signature flow statuses. */
export const ESIGN_STATUSES = ['NOT_STARTED', 'AUTHENTICATION_FAILED', 'AUTHENTICATION_SUCCESS', 'SIGNING_SUCCESS', 'SIGNING_FAILED'] as const;
export type EsignStatus = (typeof ESIGN_STATUSES)[number];

/** Section 8: the inactive-certificate error code the e-signature signing call may carry. */
export const ESIGN_CERTIFICATE_INACTIVE = 'ESIGN_CERTIFICATE_INACTIVE';
/** Any other refusal of the e-signature signing call. */
export const ESIGN_SIGNING_REFUSED = 'ESIGN_SIGNING_REFUSED';
export const ESIGN_ERROR_CODES = [ESIGN_CERTIFICATE_INACTIVE, ESIGN_SIGNING_REFUSED] as const;
export type EsignErrorCode = (typeof ESIGN_ERROR_CODES)[number];

/** What the section 4 loop does next for a status (anything else: the signing error). */
export type EsignNextAction = 'authenticate' | 'sign' | 'continue' | 'error';

/** Section 4, exactly: which call a status starts. */
export function esignNextAction(status: string): EsignNextAction {
  switch (status) {
    case 'NOT_STARTED':
    case 'AUTHENTICATION_FAILED':
    case 'SIGNING_FAILED':
      return 'authenticate';
    case 'AUTHENTICATION_SUCCESS':
      return 'sign';
    case 'SIGNING_SUCCESS':
      return 'continue';
    default:
      return 'error';
  }
}

/** Section 4: digital signing result statuses (Smart-ID, payment). */
export const DIGITAL_SIGNING_RESULTS = [
  'ALREADY_IDENTIFIED',
  'ALREADY_SIGNED',
  'SIGNED_CONTRACT',
  'NAMES_DONT_MATCH',
  'COMPLETED_OK',
  'COMPLETED_FAILURE',
  'RUNNING',
  'INVALID_CERTIFICATE_LEVEL',
  'NOT_CLIENT',
  'TIMEOUT',
  'USER_CANCELLED',
  'END_PROVIDER_MISCONFIGURATION',
  'WRONG_VC',
  'PROVIDER_ERROR',
  'INTERNAL_ERROR',
  'UNKNOWN',
] as const;
export type DigitalSigningResult = (typeof DIGITAL_SIGNING_RESULTS)[number];

export function isDigitalSigningResult(value: unknown): value is DigitalSigningResult {
  return (DIGITAL_SIGNING_RESULTS as readonly unknown[]).includes(value);
}

/**
 * What follows a result (docs/decisions/140): still `wait`ing, `done` (the contract is signed), try
 * the same method again (`retry`), or `chooseAnotherMethod` (this method cannot sign it for this person).
 */
export type SigningNextAction = 'wait' | 'done' | 'retry' | 'chooseAnotherMethod';

/** Message keys of the signing screens (translated where the screens are built). */
export const SIGNING_MESSAGES = {
  signed: 'signing.messages.signed',
  alreadySigned: 'signing.messages.alreadySigned',
  wrongVerificationCode: 'signing.messages.wrongVerificationCode',
  timeout: 'signing.messages.timeout',
  userCancelled: 'signing.messages.userCancelled',
  notClient: 'signing.messages.notClient',
  invalidCertificateLevel: 'signing.messages.invalidCertificateLevel',
  namesDontMatch: 'signing.messages.namesDontMatch',
  providerMisconfigured: 'signing.messages.providerMisconfigured',
  providerError: 'signing.messages.providerError',
  technicalError: 'signing.messages.technicalError',
  signingFailed: 'signing.messages.signingFailed',
  unknown: 'signing.messages.unknown',
  // The e-signature (eParaksts) loop.
  authenticationFailed: 'signing.messages.authenticationFailed',
  certificateInactive: 'signing.messages.certificateInactive',
  // Payment signing.
  paymentFailed: 'signing.messages.paymentFailed',
  // Section 8: why digital signing is disabled.
  disabledRestrictedHours: 'signing.messages.disabled.restrictedHours',
  disabledOverLimit: 'signing.messages.disabled.overLimit',
  disabledProductNotEnabled: 'signing.messages.disabled.productNotEnabled',
  disabledNamesDontMatch: 'signing.messages.disabled.namesDontMatch',
  disabledTechnicalIssues: 'signing.messages.disabled.technicalIssues',
} as const;
export type SigningMessageKey = (typeof SIGNING_MESSAGES)[keyof typeof SIGNING_MESSAGES];

export interface SigningOutcome {
  next: SigningNextAction;
  message: SigningMessageKey | null;
}

/** Section 4's result statuses, each with a message and a next action (docs/decisions/140). */
export const DIGITAL_SIGNING_OUTCOMES: Record<DigitalSigningResult, SigningOutcome> = {
  RUNNING: { next: 'wait', message: null },
  // Identified already: the provider goes on to the signature itself.
  ALREADY_IDENTIFIED: { next: 'wait', message: null },
  SIGNED_CONTRACT: { next: 'done', message: SIGNING_MESSAGES.signed },
  COMPLETED_OK: { next: 'done', message: SIGNING_MESSAGES.signed },
  ALREADY_SIGNED: { next: 'done', message: SIGNING_MESSAGES.alreadySigned },
  WRONG_VC: { next: 'retry', message: SIGNING_MESSAGES.wrongVerificationCode },
  TIMEOUT: { next: 'retry', message: SIGNING_MESSAGES.timeout },
  USER_CANCELLED: { next: 'retry', message: SIGNING_MESSAGES.userCancelled },
  PROVIDER_ERROR: { next: 'retry', message: SIGNING_MESSAGES.providerError },
  INTERNAL_ERROR: { next: 'retry', message: SIGNING_MESSAGES.technicalError },
  COMPLETED_FAILURE: { next: 'retry', message: SIGNING_MESSAGES.signingFailed },
  UNKNOWN: { next: 'retry', message: SIGNING_MESSAGES.unknown },
  NOT_CLIENT: { next: 'chooseAnotherMethod', message: SIGNING_MESSAGES.notClient },
  INVALID_CERTIFICATE_LEVEL: { next: 'chooseAnotherMethod', message: SIGNING_MESSAGES.invalidCertificateLevel },
  NAMES_DONT_MATCH: { next: 'chooseAnotherMethod', message: SIGNING_MESSAGES.namesDontMatch },
  END_PROVIDER_MISCONFIGURATION: { next: 'chooseAnotherMethod', message: SIGNING_MESSAGES.providerMisconfigured },
};

/** A status this client does not know, or none yet, is an unknown failure that may be tried again. */
export function digitalSigningOutcome(status: string | null): SigningOutcome {
  return isDigitalSigningResult(status) ? DIGITAL_SIGNING_OUTCOMES[status] : DIGITAL_SIGNING_OUTCOMES.UNKNOWN;
}

/** Section 4: why digital signing can be disabled. */
export const SIGNING_DISABLED_REASONS = ['RESTRICTED_HOURS', 'OVER_LIMIT', 'PRODUCT_NOT_ENABLED', 'NAMES_DONT_MATCH', 'TECHNICAL_ISSUES'] as const;
export type SigningDisabledReason = (typeof SIGNING_DISABLED_REASONS)[number];

/** The providers section 8 words disabled reasons for. */
export type SigningProvider = 'SMART_ID' | 'ESIGNATURE';

const DISABLED_MESSAGES: Record<SigningDisabledReason, SigningMessageKey> = {
  RESTRICTED_HOURS: SIGNING_MESSAGES.disabledRestrictedHours,
  OVER_LIMIT: SIGNING_MESSAGES.disabledOverLimit,
  PRODUCT_NOT_ENABLED: SIGNING_MESSAGES.disabledProductNotEnabled,
  NAMES_DONT_MATCH: SIGNING_MESSAGES.disabledNamesDontMatch,
  TECHNICAL_ISSUES: SIGNING_MESSAGES.disabledTechnicalIssues,
};

/**
 * Section 8: every reason has a message for Smart-ID; only restricted hours and over limit have one
 * for the e-signature provider (the other reasons leave the method disabled without a message).
 */
export function disabledReasonMessage(provider: SigningProvider, reason: SigningDisabledReason): SigningMessageKey | null {
  if (provider === 'SMART_ID') return DISABLED_MESSAGES[reason];
  return reason === 'RESTRICTED_HOURS' || reason === 'OVER_LIMIT' ? DISABLED_MESSAGES[reason] : null;
}

/** Section 3: the banks of payment signing and their BICs. */
export const PAYMENT_BANKS = [
  { bank: 'CITADELE', bic: 'PARXLV22' },
  { bank: 'LUMINOR', bic: 'RIKOLV2X' },
  { bank: 'SEB', bic: 'UNLALV2X' },
  { bank: 'SWEDBANK', bic: 'HABALV22' },
] as const;
export type PaymentBankBic = (typeof PAYMENT_BANKS)[number]['bic'];
export const PAYMENT_BANK_BICS = PAYMENT_BANKS.map((bank) => bank.bic) as readonly PaymentBankBic[];

export function isPaymentBankBic(value: string): value is PaymentBankBic {
  return (PAYMENT_BANK_BICS as readonly string[]).includes(value);
}

/**
 * Section 4 "the application source is the product's own" (docs/decisions/141): an application the
 * bank's own channels took (its web, its staff), not one a partner brought.
 */
export const OWN_SOURCE_CHANNELS = ['WEB', 'INTERNAL'] as const;

export function isOwnSource(channel: string | null | undefined): boolean {
  return (OWN_SOURCE_CHANNELS as readonly unknown[]).includes(channel);
}

/** The Smart-ID poll's backoff: waits grow to a ceiling; after the last attempt the wait is a timeout. */
export const SMART_ID_POLL = { firstDelayMs: 1000, maxDelayMs: 5000, maxAttempts: 60, maxConsecutiveErrors: 3 } as const;

export function smartIdPollDelay(attempt: number): number {
  return Math.min(SMART_ID_POLL.maxDelayMs, SMART_ID_POLL.firstDelayMs * 2 ** Math.max(0, attempt));
}
