/** The signing step's own machines: the contract, then the chosen method's signing machine as its child; the contracts' downloads (cross-sell modal). */
import { documentDownloadMachine } from '../../../machines/document-download/document-download.machine';
import { contractSigningMachine } from '../../../machines/signing/contract-signing.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  signing: contractSigningMachine,
  contractDownload: documentDownloadMachine,
} satisfies StepLogic;
