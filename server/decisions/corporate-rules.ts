/**
 * The decision engine's corporate rules (issue 24; docs/decisions/184-corporate-processes.md,
 * decision 130's engine): pure rules that decide on a small company's business loan or leasing from
 * what its steps gave (the register's status of the company, its expected yearly profit and
 * turnover, its declared liabilities, the collaterals it offers, a leasing's terms) as a bank's credit
 * analyst would at a first look, and for a positive decision its offer. No database, no clock: every
 * rule is unit tested on its own (tests/server/corporate-rules.test.ts).
 *
 * The spec names the facts, not the thresholds; the thresholds are the named constants below, those
 * a careful Baltic bank's small-business lending works with (recorded in decision 184).
 */
import type { CountryCode } from '../../core/domain/business-domains';
import type { DecisionOutcome } from '../../core/domain/decisions';
import type { LeasingOfferTerms, OfferFigures } from '../../core/domain/offers';
import { roundMoney } from '../../core/domain/pricing';
import type { ProductData } from '../../core/domain/product-data';
import { leasePriceBounds, type LeasingProduct } from '../../core/validation/corporate/leasing';
import { offerOf } from './decision-rules';

/** Section 9: the VAT factor a price typed without VAT is multiplied by: 1.24 in Estonia, 1.21 elsewhere. */
export function vatFactorOf(country: CountryCode): number {
  return country === 'EE' ? 1.24 : 1.21;
}

/** The register's status of a company that may borrow; anything else (in liquidation, deleted, bankrupt...) may not. */
export const ACTIVE_REGISTER_STATUS = 'ACTIVE';
/**
 * Debt service coverage: the expected yearly profit over the yearly payments of the new credit and
 * the declared liabilities. At least 1.25 approves; from 1.0 a business customer manager decides;
 * below 1.0 the company cannot pay from its profit: negative.
 */
export const DSCR_APPROVAL_LIMIT = 1.25;
export const DSCR_REVIEW_LIMIT = 1;
/** The credit applied for is at most this share of the expected yearly turnover; above it, a person decides. */
export const AMOUNT_TO_TURNOVER_REVIEW_LIMIT = 1;
/**
 * Loan to value of a mortgage or land loan against its collaterals' market value: up to 70 % is
 * approved, up to 90 % a person decides, above it (or with no such collateral) it is negative.
 */
export const LTV_APPROVAL_LIMIT = 0.7;
export const LTV_REVIEW_LIMIT = 0.9;
/** The collaterals that secure a mortgage loan (real estate) and a land loan (land). */
export const SECURED_BY: Readonly<Record<string, readonly string[]>> = {
  MORTGAGE_LOAN: ['PREMISES', 'LAND'],
  LAND_LOAN: ['LAND'],
};
/** The liability types whose monthly payments the company pays (a guarantee or surety is contingent: no payment). */
const PAYING_LIABILITIES: readonly string[] = ['BUSINESS_LOAN', 'BUSINESS_LEASING', 'OTHER'];

export const CORPORATE_DECISION_REASONS = [
  'COMPANY_NOT_ACTIVE',
  'COMPANY_STATUS_UNKNOWN',
  'PROFIT_UNKNOWN',
  'PROFIT_ABOVE_TURNOVER',
  'DSCR_BELOW_REVIEW_LIMIT',
  'DSCR_BELOW_APPROVAL_LIMIT',
  'AMOUNT_ABOVE_TURNOVER',
  'NO_COLLATERAL',
  'LTV_ABOVE_REVIEW_LIMIT',
  'LTV_ABOVE_APPROVAL_LIMIT',
  'LEASE_PRICE_OUT_OF_BOUNDS',
  'LEASING_TERMS_MISSING',
  'FORCED_BY_SANDBOX',
] as const;
export type CorporateDecisionReason = (typeof CORPORATE_DECISION_REASONS)[number];

export interface CompanyCollateral {
  type: string;
  marketValue: number | null;
}

export interface CompanyLiability {
  type: string;
  declaredAmount: number | null;
  declaredMonthlyPayment: number | null;
}

/** What the company's steps gave (businessData, submitFinancialData), as the rules read it. */
export interface CompanyFacts {
  /** The business register's status (`company.registerStatus`, stored by businessData's server check); null: not known. */
  registerStatus: string | null;
  /** Expected yearly profit and turnover (businessData). */
  expectedProfit: number | null;
  expectedTurnover: number | null;
  collaterals: readonly CompanyCollateral[];
  liabilities: readonly CompanyLiability[];
}

/** A leasing's terms as submitLeasingData sends them (`applicationUpdates.leasing`). */
export interface LeasingData {
  leaseType: string;
  price: number;
  priceIncludesVat: boolean;
  period: number;
  paymentMode: 'percent' | 'amount';
  downPayment: number;
  residual: number;
  vatPaymentMethod: string;
}

/**
 * The amount a leasing finances (issue 24; decision 184):
 * - the price financed is the price as typed, times the country's VAT factor where it was typed
 *   without VAT and the VAT is financed (paid in the instalments, `IN_INSTALMENTS`); VAT paid with
 *   the down payment is not financed;
 * - the down payment and the residual are in euros, or percent of that price (`paymentMode`);
 * - financed amount = price financed − down payment; the residual is left to the last payment.
 */
export function leasingTermsOf(leasing: LeasingData, country: CountryCode): LeasingOfferTerms & { financedAmount: number } {
  const vatFinanced = leasing.vatPaymentMethod === 'IN_INSTALMENTS';
  const financedPrice = roundMoney(!leasing.priceIncludesVat && vatFinanced ? leasing.price * vatFactorOf(country) : leasing.price);
  const inEuros = (value: number) => roundMoney(leasing.paymentMode === 'percent' ? (financedPrice * value) / 100 : value);
  const downPayment = inEuros(leasing.downPayment);
  const residual = inEuros(leasing.residual);
  return {
    leaseType: leasing.leaseType,
    price: leasing.price,
    priceIncludesVat: leasing.priceIncludesVat,
    vatFinanced,
    financedPrice,
    downPayment,
    residual,
    financedAmount: roundMoney(financedPrice - downPayment),
  };
}

export interface CorporateDecisionInput {
  product: ProductData;
  /** The company's country (businessData's `company.countryCode`). */
  country: CountryCode;
  /** A loan's amount and period (businessData's calculator). */
  amount: number;
  period: number;
  company: CompanyFacts;
  /** A leasing's terms (submitLeasingData); undefined for a loan. */
  leasing?: LeasingData;
}

export interface CorporateDecision {
  outcome: DecisionOutcome;
  reasons: CorporateDecisionReason[];
  /** Expected yearly profit over the yearly debt service with the new credit (2 decimals); null when unknown. */
  debtServiceCoverage: number | null;
  /** A mortgage or land loan's amount over its collaterals' market value (4 decimals); null for others. */
  loanToValue: number | null;
  /** Only for a positive decision. */
  offer: OfferFigures | null;
}

/** Rule 1: the company is in the business register and active (a company in liquidation is never lent to). */
export function registerProblem(company: Pick<CompanyFacts, 'registerStatus'>): CorporateDecisionReason | undefined {
  if (company.registerStatus === null) return 'COMPANY_STATUS_UNKNOWN';
  return company.registerStatus.toUpperCase() === ACTIVE_REGISTER_STATUS ? undefined : 'COMPANY_NOT_ACTIVE';
}

/** The declared liabilities' yearly payments (only those the company pays monthly). */
export function liabilitiesYearlyPayments(liabilities: readonly CompanyLiability[]): number {
  return roundMoney(
    liabilities.filter((liability) => PAYING_LIABILITIES.includes(liability.type)).reduce((sum, liability) => sum + Math.max(0, liability.declaredMonthlyPayment ?? 0), 0) * 12,
  );
}

/** The new credit's yearly cost: twelve regular payments (fees included; a leasing's residual is not a regular payment). */
export function creditYearlyCost(offer: Pick<OfferFigures, 'monthlyPayment'>): number {
  return roundMoney(offer.monthlyPayment * 12);
}

/** Rule 5: expected yearly profit over the yearly debt service (the new credit and the liabilities); null when there is no debt service. */
export function debtServiceCoverage(expectedProfit: number, yearlyDebtService: number): number | null {
  if (yearlyDebtService <= 0) return null;
  return expectedProfit / yearlyDebtService;
}

/** Rule 4: a mortgage or land loan's amount over the market value of the collaterals that secure it; Infinity with none. */
export function loanToValue(productName: string, amount: number, collaterals: readonly CompanyCollateral[]): number | null {
  const securing = SECURED_BY[productName];
  if (!securing) return null;
  const value = collaterals.filter((collateral) => securing.includes(collateral.type)).reduce((sum, collateral) => sum + Math.max(0, collateral.marketValue ?? 0), 0);
  return value <= 0 ? Infinity : Math.round((amount / value) * 10_000) / 10_000;
}

/** The offer of the application as applied for: a loan's amount and period, a leasing's amount financed, period and residual. */
export function corporateOfferOf(input: Pick<CorporateDecisionInput, 'product' | 'country' | 'amount' | 'period' | 'leasing'>): OfferFigures {
  const { product } = input;
  if (!input.leasing) {
    const amount = Math.min(product.maxAmount, Math.max(product.minAmount, input.amount));
    const period = Math.min(product.maxPeriod, Math.max(product.minPeriod, input.period));
    return offerOf(product, amount, period);
  }
  const terms = leasingTermsOf(input.leasing, input.country);
  const { financedAmount, ...leasing } = terms;
  return { ...offerOf(product, financedAmount, input.leasing.period, terms.residual), leasing };
}

/**
 * The decision. The rules, in order (the first that decides, decides):
 * 1. the register: a company that is not active (in liquidation, deleted...) is negative; one the
 *    register could not answer for is left to a person;
 * 2. a leasing's terms: missing, or a price outside the country's leasing bounds (section 9), negative
 *    (the leasing step refuses them; the engine does not lend on terms the bank does not offer);
 * 3. the profit: unknown is left to a person; a profit above the turnover does not add up: a person;
 * 4. a mortgage or land loan against its collaterals (loan to value): none, or above 90 %, negative;
 *    above 70 % a person decides;
 * 5. debt service coverage (yearly profit over the yearly payments of the new credit and the declared
 *    liabilities): below 1.0 negative; below 1.25 a person decides;
 * 6. the credit above the yearly turnover: a person decides;
 * 7. otherwise positive, offered as applied for.
 */
export function decideCorporate(input: CorporateDecisionInput): CorporateDecision {
  const { product, company } = input;
  let coverage: number | null = null;
  let ltv: number | null = null;
  const answer = (outcome: DecisionOutcome, reasons: CorporateDecisionReason[], offer: OfferFigures | null = null): CorporateDecision => ({
    outcome,
    reasons,
    debtServiceCoverage: coverage === null ? null : Math.round(coverage * 100) / 100,
    loanToValue: ltv === Infinity ? null : ltv,
    offer,
  });
  const register = registerProblem(company);
  if (register === 'COMPANY_NOT_ACTIVE') return answer('NEGATIVE_INITIAL', [register]);
  if (register) return answer('UNDECIDED', [register]);

  if (product.productType === 'LEASING') {
    if (!input.leasing) return answer('NEGATIVE_INITIAL', ['LEASING_TERMS_MISSING']);
    const bounds = leasePriceBounds(product.productName as LeasingProduct, input.country);
    if (input.leasing.price < bounds.min || input.leasing.price > bounds.max) return answer('NEGATIVE_INITIAL', ['LEASE_PRICE_OUT_OF_BOUNDS']);
  }
  const offer = corporateOfferOf(input);

  if (company.expectedProfit === null || company.expectedTurnover === null) return answer('UNDECIDED', ['PROFIT_UNKNOWN']);
  if (company.expectedProfit > company.expectedTurnover) return answer('UNDECIDED', ['PROFIT_ABOVE_TURNOVER']);

  ltv = loanToValue(product.productName, offer.amount, company.collaterals);
  if (ltv === Infinity) return answer('NEGATIVE_INITIAL', ['NO_COLLATERAL']);
  if (ltv !== null && ltv > LTV_REVIEW_LIMIT) return answer('NEGATIVE_INITIAL', ['LTV_ABOVE_REVIEW_LIMIT']);

  coverage = debtServiceCoverage(company.expectedProfit, creditYearlyCost(offer) + liabilitiesYearlyPayments(company.liabilities));
  if (coverage !== null && coverage < DSCR_REVIEW_LIMIT) return answer('NEGATIVE_INITIAL', ['DSCR_BELOW_REVIEW_LIMIT']);

  const review: CorporateDecisionReason[] = [];
  if (ltv !== null && ltv > LTV_APPROVAL_LIMIT) review.push('LTV_ABOVE_APPROVAL_LIMIT');
  if (coverage !== null && coverage < DSCR_APPROVAL_LIMIT) review.push('DSCR_BELOW_APPROVAL_LIMIT');
  if (offer.amount > company.expectedTurnover * AMOUNT_TO_TURNOVER_REVIEW_LIMIT) review.push('AMOUNT_ABOVE_TURNOVER');
  if (review.length > 0) return answer('UNDECIDED', review);
  return answer('POSITIVE', [], offer);
}
