import { contractConclusionFee, monthlyMaintenanceFee, roundMoney } from './pricing';
import type { ProductName, ProductType } from './products';

/**
 * Section 3, "Product data and pricing": what a product costs and within which bounds it is lent,
 * per business domain. The bank edits these without code (the reference API seeds them from
 * `server/pricing/pricing-data.json` into its database; docs/decisions/090-product-data.md). The
 * client reads them from `POST /api/v2/pricing-conditions`; the server from its database; both hand
 * them to the step contracts, so the form and the server check the same bounds.
 *
 * Amounts in EUR, periods in months, rates in percent a year (fees: percent of the amount).
 */
export interface ProductData {
  productName: ProductName;
  productType: ProductType;
  minAmount: number;
  /** Where the calculator starts. */
  baseAmount: number;
  maxAmount: number;
  minPeriod: number;
  basePeriod: number;
  maxPeriod: number;
  /** The nominal annual rate offered by default (for hire purchase: interest on the loan sum). */
  interestRate: number;
  /** The range an individual offer's rate falls in. */
  minInterestRate: number;
  maxInterestRate: number;
  /** A fixed contract conclusion fee, used when there is no fee rate. */
  contractConclusionFee: number | null;
  /** Section 9: fee = amount x rate / 100, clamped to the minimum and maximum fee. */
  contractConclusionFeeRate: number | null;
  minContractConclusionFee: number | null;
  maxContractConclusionFee: number | null;
  /** The fee is kept back from the amount paid out (true) or paid on signing (false). */
  contractConclusionFeeFromProductAmount: boolean;
  /** A fixed monthly maintenance (administration) fee, used when there is no fee rate. */
  maintenanceFee: number | null;
  /** Monthly maintenance fee as a percent of the amount, at most `maxMonthlyFee`. */
  maintenanceFeeRate: number | null;
  maxMonthlyFee: number | null;
  /** The least a monthly payment may be (credit cards: the minimum repayment). */
  minMonthlyPayment: number | null;
  /** Housing loans: the price the calculator starts with and the applicant's own contribution. */
  price: number | null;
  selfFinancingAmount: number | null;
  maxSelfFinancingAmount: number | null;
  /** The step of the amount slider, EUR. */
  amountStep: number;
  /**
   * The credit card the bank offers with this loan (decision 174): decided for the applicant with the
   * loan's approval and offered after it is accepted. Only consumer loans name one; null or left out: none.
   */
  crossSellCard?: ProductName | null;
}

/** A domain's product data by product name (what a contract is checked against). */
/** The bounds a product's amount and period are checked against (its product data, section 3). */
export type ProductBounds = Pick<ProductData, 'minAmount' | 'maxAmount' | 'minPeriod' | 'maxPeriod'>;

export type ProductTable = Readonly<Partial<Record<ProductName, ProductData>>>;

/**
 * A partner's own terms for a product it sells (section 3: "A partner product can override min
 * and max amount and period, base interest, contract fee and maintenance fee").
 */
export interface PartnerProductOverrides {
  minAmount?: number | null;
  maxAmount?: number | null;
  minPeriod?: number | null;
  maxPeriod?: number | null;
  interestRate?: number | null;
  contractConclusionFee?: number | null;
  maintenanceFee?: number | null;
}

const clampTo = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The product as a partner sells it: its overrides replace the bank's bounds, rate and fees (a
 * partner's fixed contract fee replaces a fee rate; its maintenance fee a fee rate likewise), and
 * the base values move inside the new bounds.
 */
export function withPartnerOverrides(product: ProductData, overrides: PartnerProductOverrides): ProductData {
  const pick = (value: number | null | undefined, fallback: number) => (value === null || value === undefined ? fallback : value);
  const minAmount = pick(overrides.minAmount, product.minAmount);
  const maxAmount = pick(overrides.maxAmount, product.maxAmount);
  const minPeriod = pick(overrides.minPeriod, product.minPeriod);
  const maxPeriod = pick(overrides.maxPeriod, product.maxPeriod);
  const interestRate = pick(overrides.interestRate, product.interestRate);
  const fixedFee = overrides.contractConclusionFee;
  const maintenance = overrides.maintenanceFee;
  return {
    ...product,
    minAmount,
    maxAmount,
    baseAmount: clampTo(product.baseAmount, minAmount, maxAmount),
    minPeriod,
    maxPeriod,
    basePeriod: clampTo(product.basePeriod, minPeriod, maxPeriod),
    interestRate,
    minInterestRate: Math.min(product.minInterestRate, interestRate),
    maxInterestRate: Math.max(product.maxInterestRate, interestRate),
    ...(fixedFee === null || fixedFee === undefined
      ? {}
      : { contractConclusionFee: fixedFee, contractConclusionFeeRate: null, minContractConclusionFee: null, maxContractConclusionFee: null }),
    ...(maintenance === null || maintenance === undefined ? {} : { maintenanceFee: maintenance, maintenanceFeeRate: null, maxMonthlyFee: null }),
  };
}

/** Problems with one product's data (the seeding and the start-up check refuse data with any). */
export function productDataProblems(product: ProductData): string[] {
  const problems: string[] = [];
  const name = product.productName;
  const ordered = (label: string, min: number, base: number, max: number) => {
    if (!(min <= base && base <= max)) problems.push(`${name}: ${label} must satisfy min <= base <= max (${min}, ${base}, ${max})`);
  };
  ordered('amount', product.minAmount, product.baseAmount, product.maxAmount);
  ordered('period', product.minPeriod, product.basePeriod, product.maxPeriod);
  ordered('interest rate', product.minInterestRate, product.interestRate, product.maxInterestRate);
  if (product.minAmount < 0) problems.push(`${name}: minAmount is negative`);
  if (product.minPeriod < 1 || !Number.isInteger(product.minPeriod) || !Number.isInteger(product.maxPeriod)) problems.push(`${name}: periods are whole months of at least 1`);
  if (product.amountStep <= 0) problems.push(`${name}: amountStep must be positive`);
  if (product.minContractConclusionFee !== null && product.maxContractConclusionFee !== null && product.minContractConclusionFee > product.maxContractConclusionFee) {
    problems.push(`${name}: minContractConclusionFee is above maxContractConclusionFee`);
  }
  return problems;
}

/** The contract conclusion fee of an amount under this product's terms (section 9). */
export function conclusionFeeOf(product: ProductData, amount: number): number {
  return contractConclusionFee({
    amount,
    rate: product.contractConclusionFeeRate,
    fixedFee: product.contractConclusionFee,
    minFee: product.minContractConclusionFee,
    maxFee: product.maxContractConclusionFee,
  });
}

/** The monthly maintenance fee of an amount under this product's terms. */
export function maintenanceFeeOf(product: ProductData, amount: number): number {
  return monthlyMaintenanceFee({ amount, rate: product.maintenanceFeeRate, fixedFee: product.maintenanceFee, maxFee: product.maxMonthlyFee });
}

/** An amount moved onto the product's slider: within the bounds, on its steps (the bounds themselves always allowed). */
export function snapAmount(product: Pick<ProductData, 'minAmount' | 'maxAmount' | 'amountStep'>, value: number): number {
  if (!Number.isFinite(value)) return product.minAmount;
  const clamped = clampTo(value, product.minAmount, product.maxAmount);
  if (clamped === product.minAmount || clamped === product.maxAmount) return clamped;
  return roundMoney(clampTo(Math.round(clamped / product.amountStep) * product.amountStep, product.minAmount, product.maxAmount));
}
