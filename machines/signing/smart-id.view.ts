/**
 * The Smart-ID screen's view model (docs/decisions/140): a pure selector for the thin React view
 * (the verification code shown large and announced) and the machine's tests. Texts are message keys.
 */
import type { AppError } from '../../core/domain/app-error';
import { SIGNING_MESSAGES, digitalSigningOutcome, disabledReasonMessage, type SigningMessageKey, type SigningNextAction } from '../../core/domain/signing';
import type { PollingSigningMethod, SmartIdSnapshot } from './smart-id.machine';

export interface SmartIdView {
  /** Which provider signs: Smart-ID or Mobile-ID (docs/decisions/143), for the screen's words. */
  method: PollingSigningMethod;
  status: 'disabled' | 'ready' | 'starting' | 'verifying' | 'failed' | 'signed' | 'otherMethod';
  /** Shown large in a live region while the person confirms on their phone. */
  verificationCode: string | null;
  result: string | null;
  message: SigningMessageKey | null;
  /** What the screen offers next. */
  next: SigningNextAction | null;
  canStart: boolean;
  canRetry: boolean;
  canChooseOtherMethod: boolean;
  canCancel: boolean;
  busy: boolean;
  callError: AppError | null;
}

/**
 * Issue 21: a call that failed because the provider did not answer as it should says so (try again);
 * a method the server does not offer says to choose another way; anything else is ours.
 */
function callErrorMessage(error: AppError | null): SigningMessageKey {
  const code = error?.kind === 'server' || error?.kind === 'conflict' ? error.code : undefined;
  if (code === 'PROVIDER_UNAVAILABLE') return SIGNING_MESSAGES.providerError;
  // Production without the party configured (or the bank switched it off): another way to sign.
  if (code === 'SIGNING_NOT_AVAILABLE') return SIGNING_MESSAGES.providerMisconfigured;
  return SIGNING_MESSAGES.technicalError;
}

export function smartIdView(snapshot: SmartIdSnapshot | undefined): SmartIdView {
  if (!snapshot) {
    return { method: 'SMART_ID', status: 'ready', verificationCode: null, result: null, message: null, next: null, canStart: false, canRetry: false, canChooseOtherMethod: false, canCancel: false, busy: true, callError: null };
  }
  const { context } = snapshot;
  const outcome = context.result === null ? null : digitalSigningOutcome(context.result);
  const status: SmartIdView['status'] = snapshot.matches('disabled')
    ? 'disabled'
    : snapshot.matches('ready')
      ? 'ready'
      : snapshot.matches('starting')
        ? 'starting'
        : snapshot.matches('polling')
          ? 'verifying'
          : snapshot.matches('signed')
            ? 'signed'
            : snapshot.matches('otherMethod')
              ? 'otherMethod'
              : 'failed';
  let message: SigningMessageKey | null = null;
  if (status === 'disabled' && context.disabledReason) message = disabledReasonMessage('SMART_ID', context.disabledReason);
  else if (snapshot.matches('startFailed') || snapshot.matches('pollFailed')) message = callErrorMessage(context.callError);
  else if (status === 'failed' || status === 'signed' || snapshot.matches('needsOtherMethod')) message = outcome?.message ?? null;
  return {
    method: context.method,
    status,
    verificationCode: status === 'verifying' ? context.verificationCode : null,
    result: context.result,
    message,
    next: snapshot.matches('needsOtherMethod') || status === 'disabled' ? 'chooseAnotherMethod' : status === 'failed' ? 'retry' : status === 'signed' ? 'done' : status === 'verifying' ? 'wait' : null,
    canStart: snapshot.can({ type: 'smartId.started' }),
    canRetry: snapshot.can({ type: 'smartId.retried' }),
    canChooseOtherMethod: snapshot.can({ type: 'smartId.otherMethodChosen' }),
    canCancel: snapshot.can({ type: 'smartId.cancelled' }),
    busy: snapshot.hasTag('busy'),
    callError: context.callError,
  };
}
