/** The campaign documents' own machine: the seller's offer, sent file by file (decisions 150, 159). */
import { uploadsMachineOf } from '../../../machines/uploads/uploads.machine';
import type { StepLogic } from '../step-registry-types';

export default {
  uploads: uploadsMachineOf('SALE_OFFER'),
} satisfies StepLogic;
