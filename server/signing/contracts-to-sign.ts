import type { ApplicationRow } from '../applications/application-repository';

/**
 * The contracts of an application that can be signed, in signing order (issue 12). Once the contract
 * module drew them up (contract PDF, `.../contract/default/unsigned/details`, decision 135), they are
 * its `contractsInfo[]` with each file's `signing.fileServiceId`. Before that (applications seeded
 * without a contract), the own product's contract under the file id `contract-{externalId}`,
 * followed by any cross-sell contracts `contractsInfo` names with a top-level `fileServiceId`.
 */
export interface ContractToSign {
  fileServiceId: string;
  productName: string;
}

export function defaultContractFileServiceId(externalId: string): string {
  return `contract-${externalId}`;
}

/** The contract module's `contractsInfo[]` (decision 135): each contract's file under `signing.fileServiceId`. */
function drawnUpContracts(contractsInfo: unknown): ContractToSign[] {
  if (!Array.isArray(contractsInfo)) return [];
  return contractsInfo.flatMap((item): ContractToSign[] => {
    const { productName, signing } = (item ?? {}) as { productName?: unknown; signing?: { fileServiceId?: unknown } };
    const fileServiceId = signing?.fileServiceId;
    return typeof fileServiceId === 'string' && fileServiceId !== '' && typeof productName === 'string' ? [{ fileServiceId, productName }] : [];
  });
}

export function contractsToSign(application: ApplicationRow): ContractToSign[] {
  // The contracts the contract module drew up, when it did (the step's PDF is the one signed).
  const drawnUp = drawnUpContracts((application.data as { contractsInfo?: unknown } | null)?.contractsInfo);
  if (drawnUp.length > 0) return drawnUp;
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
