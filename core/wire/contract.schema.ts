/**
 * Issue 12, section 7: the contract details (`GET /api/v2/application/{externalId}/contract/default/unsigned/details`)
 * the contract step shows: the product, the figures of the contract PDF, the PDF's fileServiceId and
 * the expected signing date (section 3's `contract.expectedSigningDate`). Shared by the reference API
 * and the client.
 */
import * as v from 'valibot';
import { SIGNING_CHOICES } from '../domain/contracts';
import { SIGNING_DISABLED_REASONS } from '../domain/signing';

const IsoDate = v.pipe(v.string(), v.isoDate());
const Money = v.pipe(v.number(), v.finite());

export const ContractFiguresSchema = v.object({
  productName: v.string(),
  amount: Money,
  period: v.pipe(v.number(), v.integer()),
  interestRate: Money,
  /** Null when it cannot be computed (decision 092). */
  annualPercentageRate: v.nullable(Money),
  contractConclusionFee: Money,
  monthlyFee: Money,
  monthlyPayment: Money,
  totalRepaymentAmount: Money,
  totalAmountTransferredToAccount: Money,
  paymentDay: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31)),
  firstPaymentDate: IsoDate,
  lastPaymentDate: IsoDate,
});
export type ContractFigures = v.InferOutput<typeof ContractFiguresSchema>;

/**
 * One of the application's contracts (section 3 `contractsInfo[]`, decision 162): its product, the figure
 * the cross-sell modal shows (a loan's offered amount; a credit card's limit with its card issuing fee),
 * the file to download and sign, and whether it is signed (date, method and file all present).
 */
export const ContractSummarySchema = v.object({
  productName: v.string(),
  amount: Money,
  /** A credit card's issuing fee (its contract conclusion fee); null for a loan. */
  cardIssuingFee: v.nullable(Money),
  fileServiceId: v.pipe(v.string(), v.minLength(1)),
  signed: v.boolean(),
});
export type ContractSummary = v.InferOutput<typeof ContractSummarySchema>;

export const ContractDetailsSchema = v.object({
  productName: v.string(),
  fileServiceId: v.string(),
  expectedSigningDate: IsoDate,
  /** Every contract of the application signed (all of `contractsInfo`). */
  signed: v.boolean(),
  figures: ContractFiguresSchema,
  /** Every contract to sign, in signing order: more than one is cross-sell signing (decisions 160, 162). */
  contractsInfo: v.optional(v.array(ContractSummarySchema), []),
  /** The applicant's payout account (the bank details step), shown shortened on the contract cards. */
  payoutAccount: v.optional(v.nullable(v.string()), null),
  /** The ways this application's contract may be signed (core/domain/contracts.ts signingChoicesFor). */
  signingChoices: v.array(v.picklist(SIGNING_CHOICES)),
  /** The way the applicant chose to sign (ViewContractAndChooseSigningMethod), once chosen. */
  signingMethod: v.optional(v.nullable(v.picklist(SIGNING_CHOICES)), null),
  /** Section 4: why digital signing is disabled for this contract, if it is. */
  digitalSigningDisabledReason: v.optional(v.nullable(v.picklist(SIGNING_DISABLED_REASONS)), null),
  /**
   * Decision 189: false when the partner the application came through does not let its customers sign
   * digitally (`canSignDigitally`): then no Smart-ID, Mobile-ID or eParaksts is offered or started.
   */
  digitalSigning: v.optional(v.boolean()),
  /** Section 3 `source.channel` (payment signing is for the product's own applications only). */
  sourceChannel: v.optional(v.nullable(v.string()), null),
});
export type ContractDetails = v.InferOutput<typeof ContractDetailsSchema>;
