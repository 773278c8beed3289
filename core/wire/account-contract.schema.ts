/**
 * Issue 12: the current account's contract details
 * (`GET /api/v2/application/{externalId}/contract/current-account/unsigned/details`, decision 144):
 * what the signCurrentAccountContract step shows and signs. Shared by the reference API and the client.
 */
import * as v from 'valibot';
import { SIGNING_CHOICES } from '../domain/contracts';
import { SIGNING_DISABLED_REASONS } from '../domain/signing';

export const AccountContractDetailsSchema = v.object({
  productName: v.literal('CURRENT_ACCOUNT'),
  /** The contract's PDF (download through `download-contract/{fileServiceId}`). */
  fileServiceId: v.pipe(v.string(), v.minLength(1)),
  drawnUpOn: v.pipe(v.string(), v.isoDate()),
  /** Section 3: date, method and file all present. */
  signed: v.boolean(),
  /** The account holder's name as the contract states it. */
  accountHolder: v.string(),
  currency: v.literal('EUR'),
  monthlyFee: v.pipe(v.number(), v.finite(), v.minValue(0)),
  balanceInterestRate: v.pipe(v.number(), v.finite(), v.minValue(0)),
  /** The ways this contract may be signed (core/domain/account-contract.ts), in order. */
  signingChoices: v.array(v.picklist(SIGNING_CHOICES)),
  /** Section 4: why digital signing is disabled for this contract, if it is. */
  digitalSigningDisabledReason: v.nullable(v.picklist(SIGNING_DISABLED_REASONS)),
  /**
   * The method of an e-signature (eParaksts) signing under way: the browser is back from the
   * provider's page, so the step resumes that loop instead of asking for a method again.
   */
  esignInProgress: v.nullable(v.picklist(['EPARAKSTS', 'EPARAKSTS_EID'])),
});
export type AccountContractDetails = v.InferOutput<typeof AccountContractDetailsSchema>;
