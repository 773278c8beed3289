/**
 * The reference API's decision engine (issue 12, docs/decisions/130-decision-engine.md): pure rules
 * that turn what an application says (amount, period, each borrower's age, incomes and obligations)
 * and the product's data (its bounds, rate and fees) into a decision, and for a positive one an offer
 * within the product's bounds. No database, no clock: everything comes in as input, so every rule is
 * unit tested on its own (tests/server/decision-rules.test.ts).
 *
 * The thresholds are named constants below. Section 9 gives the age bounds (18 to 73 years and 11
 * months); the spec says nothing of affordability, so the limits are those a careful Baltic bank
 * works with (the central banks' responsible-lending rules), recorded in the decision record.
 */
import { DECISION_OUTCOMES, type DecisionOutcome } from '../../core/domain/decisions';
import type { OfferFigures } from '../../core/domain/offers';
import { calculateLoanFigures, roundMoney } from '../../core/domain/pricing';
import { conclusionFeeOf, maintenanceFeeOf, type ProductData } from '../../core/domain/product-data';
import { isAgeWithin } from '../../core/validation/general/dates';
import { LATVIA_AGE_OFFSET_MONTHS, LATVIA_MAX_AGE, LATVIA_MIN_AGE } from '../../core/validation/latvia/age';

/** Section 9: an adult borrower is 18 to 73 years and 11 months old (applied to every country). */
export const MIN_BORROWER_AGE = LATVIA_MIN_AGE;
export const MAX_BORROWER_AGE = LATVIA_MAX_AGE;
export const MAX_BORROWER_AGE_EXTRA_MONTHS = LATVIA_AGE_OFFSET_MONTHS;
/** The loan is repaid before the youngest borrower turns 75 (the period is shortened to fit). */
export const MAX_AGE_AT_MATURITY = 75;
/** Debt service to income: up to 40 % is approved automatically (Lietuvos bankas, Latvijas Banka: 40 %). */
export const DSTI_APPROVAL_LIMIT = 0.4;
/** Above the approval limit and up to 50 % (Eesti Pank's ceiling) an underwriter decides. Above it: negative. */
export const DSTI_REVIEW_LIMIT = 0.5;
/** Real-estate loans are tested at the offered rate plus 2 points, and at least 6 % a year (Eesti Pank's stress test). */
export const STRESS_RATE_ADD_ON = 2;
export const STRESS_RATE_FLOOR = 6;
/** A credit card's limit costs 5 % of it a month in the debt service (nothing is scheduled). */
export const CREDIT_LIMIT_MONTHLY_SHARE = 0.05;
/** Obligations a refinancing loan pays off: consumer credit with an amount still to repay. */
export const REFINANCEABLE_LIABILITIES: readonly string[] = ['CONSUMER_LOAN', 'CAR_LOAN', 'CREDIT_CARD', 'HIRE_PURCHASE', 'SHORT_TERM_LOAN', 'OVERDRAFT'];
/** A debt handed to debt collection stops any lending. */
export const DEBT_COLLECTION = 'DEBT_COLLECTION';

export { DECISION_OUTCOMES, type DecisionOutcome };

/** Why the engine answered as it did (recorded with the decision; never shown word for word). */
export const DECISION_REASONS = [
  'BORROWER_TOO_YOUNG',
  'BORROWER_TOO_OLD',
  'BORROWER_AGE_UNKNOWN',
  'TOO_OLD_AT_MATURITY',
  'PERIOD_SHORTENED_FOR_AGE',
  'NO_INCOME',
  'DEBT_IN_COLLECTION',
  'NOTHING_TO_REFINANCE',
  'INCOME_FROM_ABROAD',
  'DSTI_ABOVE_APPROVAL_LIMIT',
  'DSTI_ABOVE_REVIEW_LIMIT',
  'AMOUNT_REDUCED',
  'FORCED_BY_SANDBOX',
  // Decision 173: the bank's additional checks.
  'REFINANCING_NOT_CONFIRMED',
  'UNDERWRITER_APPROVED',
  'UNDERWRITER_REFUSED',
  'UNDERWRITER_REFERRED',
  /** Decision 172: the income counted is the lower one the shared statements show. */
  'INCOME_FROM_STATEMENTS',
  /** Decision 172: months of statements show no regular income: a person decides. */
  'INCOME_NOT_IN_STATEMENTS',
] as const;
export type DecisionReason = (typeof DECISION_REASONS)[number];

export interface BorrowerIncome {
  monthlyAmount: number;
  fromAbroad?: boolean;
}

export interface BorrowerLiability {
  type: string;
  /** The lender, as declared (the refinancing check asks it: decision 173). */
  creditor?: string | null;
  monthlyPayment: number | null;
  outstandingAmount: number | null;
}

export interface Borrower {
  role: 'APPLICANT' | 'COBORROWER';
  /** From the personal code, or the date of birth asked where the code carries none; null: unknown. */
  birthDate: Date | null;
  incomes: readonly BorrowerIncome[];
  liabilities: readonly BorrowerLiability[];
}

/**
 * `INITIAL`: the decision on the application as sent (after check answers). `FINAL`: the decision
 * after the bank's additional checks (documents, an underwriter), where a negative is final.
 */
export type DecisionStage = 'INITIAL' | 'FINAL';

/**
 * What the bank's back office found before this decision (decision 173): the refinancing check's
 * verdict (before the INITIAL decision of a refinancing loan) and the underwriter's (before the FINAL
 * decision).
 */
export interface DecisionFindings {
  refinancing?: { verdict: 'CONFIRMED' | 'MISMATCH' | 'NOTHING_TO_REFINANCE' };
  underwriter?: { verdict: 'APPROVE' | 'REDUCE' | 'REFUSE' | 'REFER'; maxAmount: number | null; debtServiceToIncome: number | null };
}

export interface DecisionInput {
  product: ProductData;
  amount: number;
  period: number;
  borrowers: readonly Borrower[];
  today: Date;
  stage: DecisionStage;
  findings?: DecisionFindings;
}

export interface Decision {
  outcome: DecisionOutcome;
  reasons: DecisionReason[];
  /** Debt service to income at the amount applied for (a share, 4 decimals); null without income. */
  debtServiceToIncome: number | null;
  /** Only for a positive decision: what the bank lends, within the product's bounds. */
  offer: OfferFigures | null;
}

const isHousingLoan = (product: ProductData) => product.productName === 'HOUSING_LOAN';
const isRefinancing = (product: ProductData) => product.productName === 'REFINANCING_LOAN';
const isCard = (product: ProductData) => product.productType === 'CREDIT_CARD';
const isHirePurchase = (product: ProductData) => product.productType === 'HIRE_PURCHASE';
/** A home's price is what it is: a real-estate loan is never offered less than asked, only decided on. */
const offersLessThanAsked = (product: ProductData) => product.productType !== 'REAL_ESTATE_LOAN';

/** The rate offered: the product's own, inside its individual range. */
export function offeredRate(product: ProductData): number {
  return Math.min(product.maxInterestRate, Math.max(product.minInterestRate, product.interestRate));
}

/** The rate affordability is tested at: real-estate loans are stressed, others at the offered rate. */
export function stressRate(product: ProductData): number {
  const rate = offeredRate(product);
  return product.productType === 'REAL_ESTATE_LOAN' ? Math.max(rate + STRESS_RATE_ADD_ON, STRESS_RATE_FLOOR) : rate;
}

/** What the new credit costs a month for the debt service, fees included, at the tested rate. */
export function newCreditMonthlyCost(product: ProductData, amount: number, period: number): number {
  if (isCard(product)) return roundMoney(amount * CREDIT_LIMIT_MONTHLY_SHARE);
  const monthlyFee = maintenanceFeeOf(product, amount);
  if (isHirePurchase(product)) return roundMoney(amount / period + (amount * offeredRate(product)) / 100 / 12 + monthlyFee);
  const r = stressRate(product) / 100 / 12;
  const base = r === 0 ? amount / period : (amount * r) / (1 - Math.pow(1 + r, -period));
  return roundMoney(base + monthlyFee);
}

/** Whole years a person born on `birthDate` is on `day`. */
export function ageOn(birthDate: Date, day: Date): number {
  let years = day.getUTCFullYear() - birthDate.getUTCFullYear();
  const beforeBirthday =
    day.getUTCMonth() < birthDate.getUTCMonth() || (day.getUTCMonth() === birthDate.getUTCMonth() && day.getUTCDate() < birthDate.getUTCDate());
  if (beforeBirthday) years -= 1;
  return years;
}

/** Age rule: every borrower is an adult within section 9's bounds (unknown age is left to a person). */
export function ageProblem(borrowers: readonly Borrower[], today: Date): DecisionReason | undefined {
  for (const borrower of borrowers) {
    if (!borrower.birthDate) continue;
    if (ageOn(borrower.birthDate, today) < MIN_BORROWER_AGE) return 'BORROWER_TOO_YOUNG';
    if (!isAgeWithin(borrower.birthDate, today, { minYears: MIN_BORROWER_AGE, maxYears: MAX_BORROWER_AGE, maxExtraMonths: MAX_BORROWER_AGE_EXTRA_MONTHS })) {
      return 'BORROWER_TOO_OLD';
    }
  }
  return undefined;
}

/**
 * Maturity rule: the longest period (months) that ends before the youngest borrower turns
 * MAX_AGE_AT_MATURITY; undefined when no birth date is known.
 */
export function longestPeriodForAge(borrowers: readonly Borrower[], today: Date): number | undefined {
  const births = borrowers.flatMap((borrower) => (borrower.birthDate ? [borrower.birthDate] : []));
  if (births.length === 0) return undefined;
  const youngest = new Date(Math.max(...births.map((birth) => birth.getTime())));
  const monthsLived = (today.getUTCFullYear() - youngest.getUTCFullYear()) * 12 + (today.getUTCMonth() - youngest.getUTCMonth()) - (today.getUTCDate() < youngest.getUTCDate() ? 1 : 0);
  return MAX_AGE_AT_MATURITY * 12 - monthsLived - 1;
}

export function totalIncome(borrowers: readonly Borrower[]): number {
  return roundMoney(borrowers.reduce((sum, borrower) => sum + borrower.incomes.reduce((s, income) => s + Math.max(0, income.monthlyAmount), 0), 0));
}

/**
 * The obligations a refinancing loan of `amount` pays off: refinanceable ones with an amount still to
 * repay, largest payment first, while the amount covers what is left of them.
 */
export function refinancedLiabilities(borrowers: readonly Borrower[], amount: number): BorrowerLiability[] {
  const candidates = borrowers
    .flatMap((borrower) => borrower.liabilities)
    .filter((liability) => REFINANCEABLE_LIABILITIES.includes(liability.type) && (liability.outstandingAmount ?? 0) > 0)
    .sort((a, b) => (b.monthlyPayment ?? 0) - (a.monthlyPayment ?? 0));
  const paidOff: BorrowerLiability[] = [];
  let left = amount;
  for (const liability of candidates) {
    const outstanding = liability.outstandingAmount ?? 0;
    if (outstanding > left) continue;
    left -= outstanding;
    paidOff.push(liability);
  }
  return paidOff;
}

/** The existing obligations' monthly payments that stay after this credit (a refinancing pays some off). */
export function existingDebtService(borrowers: readonly Borrower[], paidOff?: readonly BorrowerLiability[]): number {
  return roundMoney(
    borrowers
      .flatMap((borrower) => borrower.liabilities)
      .filter((liability) => !paidOff?.includes(liability))
      .reduce((sum, liability) => sum + Math.max(0, liability.monthlyPayment ?? 0), 0),
  );
}

/** Debt service to income of `amount` over `period`: (new credit + remaining obligations) / income. */
export function debtServiceToIncome(input: Pick<DecisionInput, 'product' | 'borrowers'>, amount: number, period: number): number | null {
  const income = totalIncome(input.borrowers);
  if (income <= 0) return null;
  const paidOff = isRefinancing(input.product) ? refinancedLiabilities(input.borrowers, amount) : undefined;
  const ratio = (newCreditMonthlyCost(input.product, amount, period) + existingDebtService(input.borrowers, paidOff)) / income;
  return Math.round(ratio * 10_000) / 10_000;
}

/**
 * The largest amount, on the product's amount steps and at most `requested`, whose debt service to
 * income stays within `limit`; undefined when even the product's minimum does not.
 */
export function largestAffordableAmount(input: Pick<DecisionInput, 'product' | 'borrowers'>, requested: number, period: number, limit: number): number | undefined {
  const { product } = input;
  const fits = (amount: number) => (debtServiceToIncome(input, amount, period) ?? Infinity) <= limit;
  if (requested < product.minAmount || !fits(product.minAmount)) return undefined;
  if (fits(requested)) return requested;
  // The debt service grows with the amount: bisect over the steps above the minimum.
  const step = product.amountStep;
  let low = 0;
  let high = Math.floor((requested - product.minAmount) / step);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(product.minAmount + middle * step)) low = middle;
    else high = middle - 1;
  }
  return product.minAmount + low * step;
}

/**
 * The offer of `amount` over `period` under the product's terms, with every figure of section 7. A
 * leasing's `residual` is paid with the last payment (docs/decisions/184).
 */
export function offerOf(product: ProductData, amount: number, period: number, residual?: number): OfferFigures {
  const interestRate = offeredRate(product);
  const monthlyFee = maintenanceFeeOf(product, amount);
  const conclusionFee = conclusionFeeOf(product, amount);
  const figures = calculateLoanFigures({
    amount,
    periodMonths: period,
    annualInterestRate: interestRate,
    method: isHirePurchase(product)
      ? 'flat'
      : // Stryker disable next-line StringLiteral: equivalent (decision 226), the schedule tells only 'flat' apart; any other method is an annuity
        'annuity',
    monthlyFee,
    conclusionFee,
    conclusionFeeFromAmount: product.contractConclusionFeeFromProductAmount,
    ...(residual ? { residual } : {}),
  });
  return {
    productName: product.productName,
    amount,
    period,
    interestRate,
    monthlyPayment: figures.monthlyPayment,
    contractConclusionFee: figures.contractConclusionFee,
    monthlyFee,
    totalRepaymentAmount: figures.totalRepaymentAmount,
    totalAmountTransferredToAccount: figures.totalAmountTransferredToAccount,
    annualPercentageRate: figures.annualPercentageRate,
    ...(residual ? { residual } : {}),
  };
}

/** The negative outcome of this product at this stage. */
function negativeOf(input: DecisionInput): DecisionOutcome {
  if (input.stage === 'FINAL') return 'NEGATIVE_FINAL';
  return isRefinancing(input.product) ? 'NEGATIVE_REFINANCING' : 'NEGATIVE_INITIAL';
}

/** The undecided outcome of this product: a housing loan's underwriters, with the co-borrower's variant. */
export function undecidedOf(input: Pick<DecisionInput, 'product' | 'borrowers'>): DecisionOutcome {
  if (!isHousingLoan(input.product)) return 'UNDECIDED';
  return input.borrowers.some((borrower) => borrower.role === 'COBORROWER') ? 'UNDECIDED_HOUSING_LOAN_CO_BORROWER' : 'UNDECIDED_HOUSING_LOAN';
}

/**
 * The decision. The rules, in order (the first that decides, decides):
 * 1. hard stops (negative): a borrower outside the adult ages, no income, a debt in collection, a
 *    refinancing loan with nothing to refinance or whose obligations the lenders did not confirm
 *    (decision 173's refinancing check);
 * 2. the period: shortened to end before the youngest borrower turns 75; negative when that leaves
 *    less than the product's shortest period;
 * 3. at the FINAL stage after an underwriter's review (decision 173), their verdict decides from here
 *    (`finalAnswer`); otherwise, left to a person (undecided): an unknown age, income from abroad;
 * 4. affordability: debt service to income within 40 % approves the amount applied for; above it, the
 *    largest amount within 40 % (at least the product's minimum) is offered instead, except for a
 *    real-estate loan (a home's price is fixed); failing that, up to 50 % at the amount asked an
 *    underwriter decides (undecided); above 50 % it is negative.
 */
export function decide(input: DecisionInput): Decision {
  const { product, borrowers, today } = input;
  const amount = Math.min(product.maxAmount, Math.max(product.minAmount, input.amount));
  const requestedPeriod = Math.min(product.maxPeriod, Math.max(product.minPeriod, input.period));
  const dstiAsked = debtServiceToIncome(input, amount, requestedPeriod);
  const answer = (outcome: DecisionOutcome, reasons: DecisionReason[], offer: OfferFigures | null = null): Decision => ({
    outcome,
    reasons,
    debtServiceToIncome: dstiAsked,
    offer,
  });

  const age = ageProblem(borrowers, today);
  if (age) return answer(negativeOf(input), [age]);
  if (totalIncome(borrowers) <= 0) return answer(negativeOf(input), ['NO_INCOME']);
  if (borrowers.some((borrower) => borrower.liabilities.some((liability) => liability.type === DEBT_COLLECTION))) {
    return answer(negativeOf(input), ['DEBT_IN_COLLECTION']);
  }
  if (isRefinancing(product) && refinancedLiabilities(borrowers, amount).length === 0) return answer(negativeOf(input), ['NOTHING_TO_REFINANCE']);
  // Decision 173: the lenders did not confirm the obligations to refinance (or there are none).
  const refinancing = input.findings?.refinancing;
  if (isRefinancing(product) && refinancing && refinancing.verdict !== 'CONFIRMED') {
    return answer(negativeOf(input), [refinancing.verdict === 'NOTHING_TO_REFINANCE' ? 'NOTHING_TO_REFINANCE' : 'REFINANCING_NOT_CONFIRMED']);
  }

  const reasons: DecisionReason[] = [];
  let period = requestedPeriod;
  // No birth date known: no period is too long (a person decides on the age below).
  const longest = longestPeriodForAge(borrowers, today) ?? Infinity;
  if (longest < period) {
    if (longest < product.minPeriod) return answer(negativeOf(input), ['TOO_OLD_AT_MATURITY']);
    period = longest;
    reasons.push('PERIOD_SHORTENED_FOR_AGE');
  }

  const underwriter = input.stage === 'FINAL' ? input.findings?.underwriter : undefined;
  if (underwriter) return finalAnswer(input, underwriter, { amount, period, reasons });

  const review: DecisionReason[] = [];
  if (borrowers.some((borrower) => borrower.birthDate === null)) review.push('BORROWER_AGE_UNKNOWN');
  if (borrowers.some((borrower) => borrower.incomes.some((income) => income.fromAbroad === true))) review.push('INCOME_FROM_ABROAD');
  if (review.length > 0) return answer(undecidedOf(input), [...reasons, ...review]);

  const dsti = debtServiceToIncome(input, amount, period) ?? Infinity;
  if (dsti <= DSTI_APPROVAL_LIMIT) return answer('POSITIVE', reasons, offerOf(product, amount, period));
  const affordable = offersLessThanAsked(product) ? largestAffordableAmount(input, amount, period, DSTI_APPROVAL_LIMIT) : undefined;
  if (affordable !== undefined) return answer('POSITIVE', [...reasons, 'DSTI_ABOVE_APPROVAL_LIMIT', 'AMOUNT_REDUCED'], offerOf(product, affordable, period));
  if (dsti <= DSTI_REVIEW_LIMIT) return answer(undecidedOf(input), [...reasons, 'DSTI_ABOVE_APPROVAL_LIMIT']);
  return answer(negativeOf(input), [...reasons, 'DSTI_ABOVE_REVIEW_LIMIT']);
}

/** What the engine answers on a card offered with a loan (decision 174): offered with a limit, or not offered. */
export type CrossSellOutcome = 'POSITIVE' | 'NOT_OFFERED';

export interface CrossSellInput {
  /** The card the loan's product data names (`crossSellCard`). */
  card: ProductData;
  /** The loan's product and its approved offer: its monthly cost is counted in the card's debt service. */
  loanProduct: ProductData;
  loanOffer: Pick<OfferFigures, 'amount' | 'period'>;
  /** The application's borrowers: the card is the applicant's alone. */
  borrowers: readonly Borrower[];
  today: Date;
}

export interface CrossSellDecision {
  outcome: CrossSellOutcome;
  reasons: DecisionReason[];
  /** The applicant's debt service to income with the loan and the card's limit offered (or its minimum when none is). */
  debtServiceToIncome: number | null;
  /** Only when offered: the card at its limit and its product's period. */
  offer: OfferFigures | null;
}

/** What a new loan costs a month in a card decision, as a liability of the applicant (the loan's whole payment, also when repaid with a co-borrower). */
export const CROSS_SOLD_LOAN = 'CROSS_SOLD_LOAN';

/**
 * The card offered with an approved loan (decision 174), decided for the applicant alone: the same
 * hard stops as a loan (their age, no income, a debt in collection), their age at the card's period,
 * and no card where a person would have to look (an unknown age, income from abroad). Affordability:
 * the applicant's own income against their obligations, the loan's monthly cost at its approved amount
 * and period (the most it can cost: decision 131) and the card's limit at 5 % a month, within 40 %.
 * The limit is the card's base limit, else the largest on its amount steps that fits, at least its
 * minimum; failing that, no card. There is no underwriter band: an unasked-for card is not worth one.
 */
export function decideCrossSellCard(input: CrossSellInput): CrossSellDecision {
  const { card, loanProduct, loanOffer, today } = input;
  // An application has one applicant (decision 226: the card is decided on that one person).
  const applicant = input.borrowers.find((borrower) => borrower.role === 'APPLICANT');
  const loanCost = newCreditMonthlyCost(loanProduct, loanOffer.amount, loanOffer.period);
  const withLoan: Borrower[] = applicant
    ? [{ ...applicant, liabilities: [...applicant.liabilities, { type: CROSS_SOLD_LOAN, monthlyPayment: loanCost, outstandingAmount: loanOffer.amount }] }]
    : [];
  const cardInput = { product: card, borrowers: withLoan };
  const limitAsked = Math.min(card.maxAmount, Math.max(card.minAmount, card.baseAmount));
  const period = Math.min(card.maxPeriod, Math.max(card.minPeriod, card.basePeriod));
  const notOffered = (reasons: DecisionReason[], at = card.minAmount): CrossSellDecision => ({
    outcome: 'NOT_OFFERED',
    reasons,
    debtServiceToIncome: debtServiceToIncome(cardInput, at, period),
    offer: null,
  });

  if (!applicant) return notOffered(['BORROWER_AGE_UNKNOWN']);
  const age = ageProblem([applicant], today);
  if (age) return notOffered([age]);
  if (totalIncome([applicant]) <= 0) return notOffered(['NO_INCOME']);
  if (applicant.liabilities.some((liability) => liability.type === DEBT_COLLECTION)) return notOffered(['DEBT_IN_COLLECTION']);
  if ((longestPeriodForAge([applicant], today) ?? Infinity) < period) return notOffered(['TOO_OLD_AT_MATURITY']);
  if (applicant.birthDate === null) return notOffered(['BORROWER_AGE_UNKNOWN']);
  if (applicant.incomes.some((income) => income.fromAbroad === true)) return notOffered(['INCOME_FROM_ABROAD']);

  const limit = largestAffordableAmount(cardInput, limitAsked, period, DSTI_APPROVAL_LIMIT);
  if (limit === undefined) return notOffered(['DSTI_ABOVE_APPROVAL_LIMIT']);
  return {
    outcome: 'POSITIVE',
    reasons: limit < limitAsked ? ['DSTI_ABOVE_APPROVAL_LIMIT', 'AMOUNT_REDUCED'] : [],
    debtServiceToIncome: debtServiceToIncome(cardInput, limit, period),
    offer: offerOf(card, limit, period),
  };
}

/**
 * Decision 173: the FINAL stage after an underwriter's review. The underwriter's verdict decides what
 * was left to a person (the income confirmed, the debt service within their ceiling): refused is
 * negative, referred is undecided (a loan specialist takes it on), approved offers the amount at
 * stake and reduced the underwriter's lower amount, priced and bounded as any offer. The hard stops
 * and the age rule above still apply first.
 */
function finalAnswer(
  input: DecisionInput,
  underwriter: NonNullable<DecisionFindings['underwriter']>,
  at: { amount: number; period: number; reasons: DecisionReason[] },
): Decision {
  const debtService = underwriter.debtServiceToIncome;
  if (underwriter.verdict === 'REFUSE') return { outcome: negativeOf(input), reasons: [...at.reasons, 'UNDERWRITER_REFUSED'], debtServiceToIncome: debtService, offer: null };
  if (underwriter.verdict === 'REFER') return { outcome: undecidedOf(input), reasons: [...at.reasons, 'UNDERWRITER_REFERRED'], debtServiceToIncome: debtService, offer: null };
  const ceiling = underwriter.verdict === 'REDUCE' && underwriter.maxAmount !== null ? Math.max(input.product.minAmount, underwriter.maxAmount) : at.amount;
  const amount = Math.min(at.amount, ceiling);
  const reasons: DecisionReason[] = [...at.reasons, 'UNDERWRITER_APPROVED', ...(amount < at.amount ? (['AMOUNT_REDUCED'] as const) : [])];
  return { outcome: 'POSITIVE', reasons, debtServiceToIncome: debtService, offer: offerOf(input.product, amount, at.period) };
}
