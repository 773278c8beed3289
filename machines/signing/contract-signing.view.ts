/**
 * ViewContractConditions' view model (issue 12): a pure selector for the thin React view and the
 * tests. The running signing machine has its own selector (smart-id.view.ts, eparaksts.view.ts,
 * payment-signing.view.ts); this one says which runs and what the step as a whole shows.
 */
import type { ContractDetails } from '../../core/wire/contract.schema';
import type { AppError } from '../../core/domain/app-error';
import { disabledReasonMessage, type SigningMessageKey } from '../../core/domain/signing';
import type { ContractSigningSnapshot, SigningFlowKind } from './contract-signing.machine';

export interface ContractSigningView {
  status: 'loading' | 'loadFailed' | 'elsewhere' | 'signing' | 'crossSell' | 'left' | 'disabled' | 'signed' | 'otherMethod' | 'ended';
  kind: SigningFlowKind;
  details: ContractDetails | null;
  /** Disabled: why, where section 8 has words for the provider (null: the screen says it generally). */
  disabledMessage: SigningMessageKey | null;
  error: AppError | null;
}

export function contractSigningView(snapshot: ContractSigningSnapshot | undefined): ContractSigningView {
  if (!snapshot) return { status: 'loading', kind: 'none', details: null, disabledMessage: null, error: null };
  const { context } = snapshot;
  const status: ContractSigningView['status'] = snapshot.matches('loadFailed')
    ? 'loadFailed'
    : snapshot.matches('elsewhere')
      ? 'elsewhere'
      : snapshot.matches('signing')
        ? 'signing'
        : snapshot.matches('crossSell')
          ? 'crossSell'
          : snapshot.matches('left')
            ? 'left'
            : snapshot.matches('disabled')
          ? 'disabled'
          : snapshot.matches('signed')
            ? 'signed'
            : snapshot.matches('otherMethod')
              ? 'otherMethod'
              : snapshot.matches('ended')
                ? 'ended'
                : 'loading';
  const reason = context.details?.digitalSigningDisabledReason ?? null;
  return {
    status,
    kind: context.kind,
    details: context.details,
    disabledMessage: status === 'disabled' && context.kind === 'esign' && reason ? disabledReasonMessage('ESIGNATURE', reason) : null,
    error: context.error,
  };
}
