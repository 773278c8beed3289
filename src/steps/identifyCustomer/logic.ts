/** IdentifyCustomer's own machine: the remote identification modal (decision 157). */
import { remoteIdentificationMachine } from '../../../machines/remote-identification/remote-identification.machine';
import type { StepLogic } from '../step-registry-types';

export default {
  remoteIdentification: remoteIdentificationMachine,
} satisfies StepLogic;
