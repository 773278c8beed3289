/**
 * Issue 12, section 7: the contract details and the documents of the contract step and the offer
 * (docs/decisions/135-contract-documents.md, 138-pre-contract-information.md). Loaded with the steps
 * that use them (src/app/step-actors.ts), not with the first page.
 */
import type { CallOptions } from './application.api';
import { apiRequest } from './client';
import { downloadFile, type DownloadedFile } from './download';
import { ContractDetailsSchema, type ContractDetails } from '../../core/wire/contract.schema';

const applicationPath = (externalId: string) => `application/${encodeURIComponent(externalId)}`;

export function loadContractDetails(externalId: string, options: CallOptions = {}): Promise<ContractDetails> {
  return apiRequest(`${applicationPath(externalId)}/contract/default/unsigned/details`, { base: 'v2', schema: ContractDetailsSchema, signal: options.signal });
}

export function downloadContract(externalId: string, fileServiceId: string, options: CallOptions = {}): Promise<DownloadedFile> {
  return downloadFile(`${applicationPath(externalId)}/download-contract/${encodeURIComponent(fileServiceId)}`, { signal: options.signal, fallbackName: 'contract.pdf' });
}

export function downloadPreContractInformation(externalId: string, options: CallOptions = {}): Promise<DownloadedFile> {
  return downloadFile(`${applicationPath(externalId)}/offer/pre-contract-information`, { signal: options.signal, fallbackName: 'pre-contract-information.pdf' });
}
