/** The signing step's own machine: the contract, then the chosen method's signing machine as its child. */
import { contractSigningMachine } from '../../../machines/signing/contract-signing.machine';
import type { StepLogic } from '../step-registry-types';

export default {
  signing: contractSigningMachine,
} satisfies StepLogic;
