/** ViewCreditCardOffer's own machine: the download of the card offer's standard pre-contract information (decision 138). */
import { documentDownloadMachine } from '../../../machines/document-download/document-download.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  preContractDownload: documentDownloadMachine,
} satisfies StepLogic;
