/** The contract step's own machines: the contract's details, and its PDF's download. */
import { contractDetailsMachine } from '../../../machines/contract/contract-details.machine';
import { documentDownloadMachine } from '../../../machines/document-download/document-download.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  contractDetails: contractDetailsMachine,
  contractDownload: documentDownloadMachine,
} satisfies StepLogic;
