/**
 * ViewContractAndChooseSigningMethod (section 2, issue 12): the applicant reads the contract and
 * chooses how to sign it, among the ways this application may be signed (core/domain/contracts.ts,
 * docs/decisions/136-signing-choices.md). The choice is kept in the application's custom data; the
 * signing itself follows on the next steps.
 */
import { choice } from '../../../core/contract/fields';
import { defineStepContract } from '../../../core/contract/step-contract';
import { signingChoicesFor } from '../../../core/domain/contracts';

export default defineStepContract({
  // Decision 184: a company's contract is signed in the company's country (`country`).
  // Decision 189: a partner that does not let its customers sign digitally (`digitalSigning` false).
  fields: ({ domain, country, flags, channel, digitalSigning }) => ({
    signingMethod: choice(
      'customData.signingMethod',
      signingChoicesFor({ domain, ...(country ? { country } : {}), ...(flags ? { flags } : {}), ...(channel ? { channel } : {}), ...(digitalSigning === false ? { digitalSigning } : {}) }),
    ),
  }),
  example: () => ({ signingMethod: 'SMART_ID' }),
});
