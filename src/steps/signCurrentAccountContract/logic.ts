/** The account contract step's own machines: the signing (choice, then the method's machine) and the PDF's download. */
import { documentDownloadMachine } from '../../../machines/document-download/document-download.machine';
import { accountSigningMachine } from './account-signing.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  signing: accountSigningMachine,
  contractDownload: documentDownloadMachine,
} satisfies StepLogic;
