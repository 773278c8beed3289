/**
 * IdentifyCustomer (section 2 Start and identification; issue 13; decisions 156 and 157): the form
 * asks nothing. The applicant logs in through the bank's login service (`/auth/public-sso`) and, where
 * the bank asks for it, identifies remotely; the server checks both when the step is sent.
 */
import { defineStepContract } from '../../../core/contract/step-contract';

export default defineStepContract({ fields: () => ({}) });
