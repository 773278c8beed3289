/**
 * ProvideBasViaOpenBanking (section 2 Documents, section 4 bank statement step; issue 13): the form
 * asks nothing the application keeps. The choice travels as the step's variable `uploadBasManually`
 * (core/wire/open-banking.schema.ts); the statements come from the banks the person enrolled
 * through the PSD2 aggregator, which the server finds itself.
 */
import { defineStepContract } from '../../../core/contract/step-contract';

export default defineStepContract({ fields: () => ({}) });
