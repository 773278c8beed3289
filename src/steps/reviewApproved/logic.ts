/** ReviewApproved's own machine: the offer calculator within the approved bounds (decision 131). */
import { offerMachine } from '../../../machines/offer/offer.machine';
import type { StepLogic } from '../step-registry-types';

export default {
  offer: offerMachine,
} satisfies StepLogic;
