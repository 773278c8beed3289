/**
 * Issue 12, section 7: the contract details (`GET /api/v2/application/{externalId}/contract/default/unsigned/details`)
 * the contract step shows: the product, the figures of the contract PDF, the PDF's fileServiceId and
 * the expected signing date (section 3's `contract.expectedSigningDate`). Shared by the reference API
 * and the client.
 */
import * as v from 'valibot';
import { SIGNING_CHOICES } from '../../domain/contracts';

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

export const ContractDetailsSchema = v.object({
  productName: v.string(),
  fileServiceId: v.string(),
  expectedSigningDate: IsoDate,
  signed: v.boolean(),
  figures: ContractFiguresSchema,
  /** The ways this application's contract may be signed (src/domain/contracts.ts signingChoicesFor). */
  signingChoices: v.array(v.picklist(SIGNING_CHOICES)),
});
export type ContractDetails = v.InferOutput<typeof ContractDetailsSchema>;
