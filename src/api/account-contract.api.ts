/**
 * Issue 12: the current account contract's details (decision 144). Loaded with the signing I/O of
 * signCurrentAccountContract (src/app/signing-actors.ts), not with the first page. Its PDF downloads
 * through contract.api.ts like the loan contract's.
 */
import type { CallOptions } from './application.api';
import { apiRequest } from './client';
import { AccountContractDetailsSchema, type AccountContractDetails } from '../../core/wire/account-contract.schema';

export function loadAccountContractDetails(externalId: string, options: CallOptions = {}): Promise<AccountContractDetails> {
  return apiRequest(`application/${encodeURIComponent(externalId)}/contract/current-account/unsigned/details`, { base: 'v2', schema: AccountContractDetailsSchema, signal: options.signal });
}
