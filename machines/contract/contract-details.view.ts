/** The view model apart from the machine: the screen takes only this selector (the machine loads with the step's logic). */
import type { ContractDetails } from '../../core/wire/contract.schema';
import type { ContractDetailsSnapshot } from './contract-details.machine';

/** The view model (the view and the tests use the same selector); loading before the logic runs. */
export function contractDetailsView(snapshot: ContractDetailsSnapshot | undefined): { status: 'loading' | 'loadFailed' | 'ready'; details: ContractDetails | null } {
  if (!snapshot) return { status: 'loading', details: null };
  const status = snapshot.matches('ready') ? 'ready' : snapshot.matches('loadFailed') ? 'loadFailed' : 'loading';
  return { status, details: snapshot.context.details };
}
