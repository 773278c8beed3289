/**
 * The payment-signing screen's view model (docs/decisions/141): a pure selector for the thin React
 * view and the machine's tests. Texts are message keys.
 */
import type { AppError } from '../../core/domain/app-error';
import { PAYMENT_BANKS, SIGNING_MESSAGES, type SigningMessageKey } from '../../core/domain/signing';
import type { PaymentDisabledReason, PaymentSigningSnapshot } from './payment-signing.machine';

export interface PaymentSigningView {
  status: 'checking' | 'disabled' | 'choosingBank' | 'redirecting' | 'checkingStatus' | 'statusFailed' | 'signed';
  /** Payment signing is not offered at all (the screen leaves the option out). */
  disabledReason: PaymentDisabledReason | null;
  banks: typeof PAYMENT_BANKS;
  selectedBankBic: string | null;
  paymentError: boolean;
  message: SigningMessageKey | null;
  canStart: boolean;
  busy: boolean;
  callError: AppError | null;
}

export function paymentSigningView(snapshot: PaymentSigningSnapshot | undefined): PaymentSigningView {
  if (!snapshot) {
    return { status: 'checking', disabledReason: null, banks: PAYMENT_BANKS, selectedBankBic: null, paymentError: false, message: null, canStart: false, busy: true, callError: null };
  }
  const { context } = snapshot;
  const status: PaymentSigningView['status'] = snapshot.matches('disabled')
    ? 'disabled'
    : snapshot.matches('choosingBank')
      ? 'choosingBank'
      : snapshot.matches('starting') || snapshot.matches('redirecting')
        ? 'redirecting'
        : snapshot.matches('checkingStatus')
          ? 'checkingStatus'
          : snapshot.matches('statusFailed')
            ? 'statusFailed'
            : snapshot.matches('signed')
              ? 'signed'
              : 'checking';
  return {
    status,
    disabledReason: context.disabledReason,
    banks: PAYMENT_BANKS,
    selectedBankBic: context.selectedBankBic,
    paymentError: context.paymentError,
    message: status === 'signed' ? SIGNING_MESSAGES.signed : context.paymentError || status === 'statusFailed' ? SIGNING_MESSAGES.paymentFailed : null,
    canStart: snapshot.can({ type: 'payment.started' }),
    busy: snapshot.hasTag('busy'),
    callError: context.callError,
  };
}
