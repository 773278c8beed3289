import type { ApplicationRow } from '../applications/application-repository';

/**
 * The contracts of an application that can be signed, in signing order (issue 12). The contract
 * module (contract PDF, `.../contract/default/unsigned/details`) is built beside this one; until the
 * two are joined, an application has its own product's contract under the file id
 * `contract-{externalId}`, followed by any cross-sell contracts the application's `contractsInfo`
 * names with a `fileServiceId` (section 3). The lead joins this with the contract module's list.
 */
export interface ContractToSign {
  fileServiceId: string;
  productName: string;
}

export function defaultContractFileServiceId(externalId: string): string {
  return `contract-${externalId}`;
}

export function contractsToSign(application: ApplicationRow): ContractToSign[] {
  const own: ContractToSign = { fileServiceId: defaultContractFileServiceId(application.external_id), productName: application.product_name };
  const data = (application.data ?? {}) as { contractsInfo?: unknown };
  const more = Array.isArray(data.contractsInfo)
    ? data.contractsInfo.flatMap((item): ContractToSign[] => {
        const { fileServiceId, productName } = (item ?? {}) as { fileServiceId?: unknown; productName?: unknown };
        return typeof fileServiceId === 'string' && typeof productName === 'string' && fileServiceId !== own.fileServiceId ? [{ fileServiceId, productName }] : [];
      })
    : [];
  return [own, ...more];
}
