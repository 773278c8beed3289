/** The upload step's own machine: the person's files, sent one by one (decision 150). */
import { uploadsMachine } from '../../features/document-uploads/uploads.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  uploads: uploadsMachine,
} satisfies StepLogic;
