/** ReadUndecidedHousingLoanDecision (section 2, issue 12) asks nothing: its table is empty. */
import { defineStepContract } from '../../contract/step-contract';

export default defineStepContract({ fields: () => ({}) });
