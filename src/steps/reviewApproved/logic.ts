/**
 * ReviewApproved's own machines: the offer calculator within the approved bounds (decision 131) and
 * the download of the offer's standard pre-contract information (decision 138).
 */
import { documentDownloadMachine } from '../../../machines/document-download/document-download.machine';
import { offerMachine } from './offer.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  offer: offerMachine,
  preContractDownload: documentDownloadMachine,
} satisfies StepLogic;
