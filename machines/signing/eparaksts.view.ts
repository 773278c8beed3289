/**
 * The e-signature (eParaksts) screen's view model (docs/decisions/139): a pure selector the thin
 * React view and the machine's tests share. Texts are message keys (core/domain/signing.ts).
 */
import type { AppError } from '../../core/domain/app-error';
import { ESIGN_CERTIFICATE_INACTIVE, SIGNING_MESSAGES, disabledReasonMessage, type SigningMessageKey } from '../../core/domain/signing';
import type { EsignSnapshot } from './eparaksts.machine';

export interface EsignView {
  status: 'disabled' | 'loading' | 'statusFailed' | 'redirecting' | 'failed' | 'signed';
  authenticationError: boolean;
  signingError: boolean;
  errorCode: string | null;
  /** What the error feedback says, if anything. */
  message: SigningMessageKey | null;
  callError: AppError | null;
  /** The "try again" button (the machine accepts `esign.retried`). */
  canRetry: boolean;
  busy: boolean;
  /** Cross-sell: how many of the contracts are signed. */
  signedCount: number;
  contractCount: number;
}

export function esignMessage(authenticationError: boolean, signingError: boolean, errorCode: string | null): SigningMessageKey | null {
  if (authenticationError) return SIGNING_MESSAGES.authenticationFailed;
  if (signingError) return errorCode === ESIGN_CERTIFICATE_INACTIVE ? SIGNING_MESSAGES.certificateInactive : SIGNING_MESSAGES.signingFailed;
  return null;
}

export function esignView(snapshot: EsignSnapshot | undefined): EsignView {
  if (!snapshot) {
    return { status: 'loading', authenticationError: false, signingError: false, errorCode: null, message: null, callError: null, canRetry: false, busy: true, signedCount: 0, contractCount: 0 };
  }
  const { context } = snapshot;
  if (snapshot.matches('disabled')) {
    const reason = context.disabledReason;
    return {
      status: 'disabled',
      authenticationError: false,
      signingError: false,
      errorCode: null,
      // Section 8: only restricted hours and over limit have an e-signature message.
      message: reason ? disabledReasonMessage('ESIGNATURE', reason) : null,
      callError: null,
      canRetry: false,
      busy: false,
      signedCount: 0,
      contractCount: context.fileServiceIds.length,
    };
  }
  const status = snapshot.matches('loadingStatus')
    ? 'loading'
    : snapshot.matches('statusFailed')
      ? 'statusFailed'
      : snapshot.matches('failed')
        ? 'failed'
        : snapshot.matches('signed')
          ? 'signed'
          : 'redirecting';
  return {
    status,
    authenticationError: context.authenticationError,
    signingError: context.signingError,
    errorCode: context.errorCode,
    message: status === 'signed' ? SIGNING_MESSAGES.signed : esignMessage(context.authenticationError, context.signingError, context.errorCode),
    callError: context.callError,
    canRetry: snapshot.can({ type: 'esign.retried' }),
    busy: snapshot.hasTag('busy'),
    signedCount: context.fileServiceIds.filter((id) => context.signedFileServiceIds.includes(id)).length,
    contractCount: context.fileServiceIds.length,
  };
}
