import * as v from 'valibot';
import { PRODUCT_NAMES, PRODUCT_TYPES } from '../domain/products';
import { TrackingSchema } from './tracking.schema';

const nonNegative = v.pipe(v.number(), v.finite(), v.minValue(0));
const nullableNonNegative = v.nullable(nonNegative);
const months = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(600));
const percent = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100));

/** Section 3's product data as the pricing calls answer it (core/domain/product-data.ts). */
export const ProductDataSchema = v.object({
  productName: v.picklist(PRODUCT_NAMES),
  productType: v.picklist(PRODUCT_TYPES),
  minAmount: nonNegative,
  baseAmount: nonNegative,
  maxAmount: nonNegative,
  minPeriod: months,
  basePeriod: months,
  maxPeriod: months,
  interestRate: percent,
  minInterestRate: percent,
  maxInterestRate: percent,
  contractConclusionFee: nullableNonNegative,
  contractConclusionFeeRate: v.nullable(percent),
  minContractConclusionFee: nullableNonNegative,
  maxContractConclusionFee: nullableNonNegative,
  contractConclusionFeeFromProductAmount: v.boolean(),
  maintenanceFee: nullableNonNegative,
  maintenanceFeeRate: v.nullable(percent),
  maxMonthlyFee: nullableNonNegative,
  minMonthlyPayment: nullableNonNegative,
  price: nullableNonNegative,
  selfFinancingAmount: nullableNonNegative,
  maxSelfFinancingAmount: nullableNonNegative,
  amountStep: v.pipe(v.number(), v.finite(), v.minValue(0.01)),
});

/** POST /api/v2/pricing-conditions (section 7): one product of the configured business domain. */
export const PricingConditionsRequestSchema = v.object({ productName: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) });
export type PricingConditionsRequest = v.InferOutput<typeof PricingConditionsRequestSchema>;

/**
 * POST /api/v2/pricing-conditions/batch (issue 26 item 1, decision 201): several products of the
 * configured business domain in one request, answered in the order asked. The first page initialises
 * every web product of its domain (section 4): one round trip instead of one request per product.
 */
export const PRICING_BATCH_MAX = 32;
export const PricingConditionsBatchRequestSchema = v.object({
  productNames: v.pipe(v.array(PricingConditionsRequestSchema.entries.productName), v.minLength(1), v.maxLength(PRICING_BATCH_MAX)),
});
export type PricingConditionsBatchRequest = v.InferOutput<typeof PricingConditionsBatchRequestSchema>;
export const PricingConditionsBatchSchema = v.object({ products: v.array(ProductDataSchema) });

/** A partner's registration code and the goods it sells (section 3's reg_code and goods_name). */
const RegCodeSchema = v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(64));
const GoodsNameSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(256));

/** POST /api/partner-api/product-data (section 7): the partner's product with its own terms. */
export const PartnerProductDataRequestSchema = v.object({ regCode: RegCodeSchema, goodsName: GoodsNameSchema });
export type PartnerProductDataRequest = v.InferOutput<typeof PartnerProductDataRequestSchema>;

export const PartnerProductDataSchema = v.object({
  partner: v.object({ id: v.string(), name: v.string() }),
  goodsName: v.string(),
  product: ProductDataSchema,
});
export type PartnerProductData = v.InferOutput<typeof PartnerProductDataSchema>;

/** POST /api/partner/parameters (section 7). */
export const PartnerParametersRequestSchema = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)) });
export const PartnerParametersSchema = v.object({ canSignDigitally: v.boolean() });

/**
 * GET /api/v1/application-process/upsale/loyalty-segment (section 7). Any text: a segment this client
 * does not know (section 3 names two, machines/entrance/start.machine.ts) goes to the error handler
 * (section 8), it is not a parse failure.
 */
export const LoyaltySegmentSchema = v.object({ segment: v.nullable(v.string()) });

/** POST /api/current-account (section 7). */
export const CurrentAccountRequestSchema = v.object({
  campaignCode: v.optional(v.pipe(v.string(), v.maxLength(256))),
  channel: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  metaData: v.optional(v.object({ tracking: v.optional(TrackingSchema) })),
});
export type CurrentAccountRequest = v.InferOutput<typeof CurrentAccountRequestSchema>;
export const CurrentAccountResponseSchema = v.object({ externalId: v.string() });

/**
 * POST /api/v1/loan/calculate (section 7). `administrationFee` is the monthly maintenance fee and
 * `conclusionFee` the fixed contract fee; a fee rate with its bounds (section 9) is sent beside them.
 * Hire purchase sends `interestFromLoanSum` and `effectiveDate` instead of `interestRate`.
 */
export const LoanCalculateRequestSchema = v.pipe(
  v.object({
    currency: v.literal('EUR'),
    productType: v.picklist(PRODUCT_TYPES),
    maturity: months,
    administrationFee: nonNegative,
    conclusionFee: v.optional(nonNegative, 0),
    conclusionFeeRate: v.optional(v.nullable(percent)),
    minConclusionFee: v.optional(v.nullable(nonNegative)),
    maxConclusionFee: v.optional(v.nullable(nonNegative)),
    /** The fee is kept back from the amount paid out (default) or paid on signing. */
    conclusionFeeFromAmount: v.optional(v.boolean(), true),
    amount: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(999_999_999)),
    monthlyPaymentDay: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31)), 15),
    interestRate: v.optional(percent),
    interestFromLoanSum: v.optional(percent),
    effectiveDate: v.optional(
      v.pipe(
        v.string(),
        v.isoDate(),
        v.check((text) => {
          const time = Date.parse(`${text}T00:00:00Z`);
          return Number.isFinite(time) && new Date(time).toISOString().startsWith(text);
        }, 'Not a real date.'),
      ),
    ),
  }),
  v.check(
    (request) => (request.productType === 'HIRE_PURCHASE' ? request.interestFromLoanSum !== undefined : request.interestRate !== undefined),
    'Hire purchase is priced with interestFromLoanSum, every other product with interestRate.',
  ),
);
export type LoanCalculateRequest = v.InferOutput<typeof LoanCalculateRequestSchema>;

export const LoanCalculationSchema = v.object({
  monthlyPayment: v.number(),
  totalRepaymentAmount: v.number(),
  totalAmountTransferredToAccount: v.number(),
  contractConclusionFee: v.number(),
  /** The monthly maintenance fee each payment includes. */
  monthlyFee: v.number(),
  totalCostOfCredit: v.number(),
  /** Percent, 2 decimals (null: no credit is made available). */
  annualPercentageRate: v.nullable(v.number()),
});
export type LoanCalculation = v.InferOutput<typeof LoanCalculationSchema>;

export const LoanCalculateResponseSchema = v.pipe(v.array(LoanCalculationSchema), v.minLength(1));
