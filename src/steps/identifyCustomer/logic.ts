/** IdentifyCustomer's own machine: the remote identification modal (decision 157). */
import { remoteIdentificationMachine } from './remote-identification.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  remoteIdentification: remoteIdentificationMachine,
} satisfies StepLogic;
