/**
 * ViewContractConditions (section 2 Contract, issue 12): signing the contract with the method chosen
 * on ViewContractAndChooseSigningMethod. The form asks nothing: the signing runs through the signing
 * calls (section 7), and the API lets the step go on only once the contract is signed (section 3).
 */
import { defineStepContract } from '../../../core/contract/step-contract';

export default defineStepContract({ fields: () => ({}) });
