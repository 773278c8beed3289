/** The campaign documents' own machine: the seller's offer, sent file by file (decisions 150, 159). */
import { uploadsMachineOf } from '../../features/document-uploads/uploads.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  uploads: uploadsMachineOf('SALE_OFFER'),
} satisfies StepLogic;
