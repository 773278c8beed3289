/** signCurrentAccountContract's view model (issue 12): a pure selector for the view and its tests. */
import type { AccountContractDetails } from '../../../core/wire/account-contract.schema';
import type { SigningChoice } from '../../../core/domain/contracts';
import type { SigningMessageKey } from '../../../core/domain/signing';
import type { AccountSigningSnapshot } from './account-signing.machine';
import type { SigningFlowKind } from '../../../machines/signing/contract-signing.machine';

export interface AccountSigningView {
  status: 'loading' | 'loadFailed' | 'choosing' | 'signing' | 'signed';
  kind: SigningFlowKind;
  details: AccountContractDetails | null;
  choices: SigningChoice[];
  notice: SigningMessageKey | 'otherMethod' | null;
}

export function accountSigningView(snapshot: AccountSigningSnapshot | undefined): AccountSigningView {
  if (!snapshot) return { status: 'loading', kind: 'none', details: null, choices: [], notice: null };
  const { context } = snapshot;
  const status: AccountSigningView['status'] = snapshot.matches('loadFailed')
    ? 'loadFailed'
    : snapshot.matches('choosing')
      ? 'choosing'
      : snapshot.matches('signing')
        ? 'signing'
        : snapshot.matches('signed')
          ? 'signed'
          : 'loading';
  return { status, kind: context.kind, details: context.details, choices: context.details?.signingChoices ?? [], notice: context.notice };
}
