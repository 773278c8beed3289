/** The leased asset's documents, sent file by file (decisions 150, 182): the seller's offer. */
import { uploadsMachineOf } from '../../features/document-uploads/uploads.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  uploads: uploadsMachineOf('SALE_OFFER'),
} satisfies StepLogic;
