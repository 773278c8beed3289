/** The bank statement step's own machine: the person's banks through the PSD2 aggregator (decision 153). */
import { openBankingMachine } from './open-banking.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  openBanking: openBankingMachine,
} satisfies StepLogic;
