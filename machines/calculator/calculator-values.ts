/**
 * The calculator's values and rules, pure (the machine decides when, these say what): which request
 * a product and its amount and period make, the working copy ("draft") the modal edits with sliders
 * and typed inputs side by side, and what is wrong with it. Messages are the validation library's
 * keys with the bounds in them, so they read like the form's.
 */
import type { Locale } from '../../core/domain/languages';
import { maintenanceFeeOf, snapAmount, type ProductData, type ProductTable } from '../../core/domain/product-data';
import { financesPrice, hasAmount, hasInstalments, type ProductName, type ProductType } from '../../core/domain/products';
import { housingAmount, maxOwnContribution } from '../../core/validation/general/housing';
import { productBoundsProblem } from '../../core/validation/general/product-bounds';
import { MESSAGES, messageWithValues, type MessageText } from '../../core/validation/messages';
import { readMoney } from '../../core/validation/money';

/** What one calculation is asked for (section 7's calculate call, in the bank's terms). */
export interface CalculationRequest {
  productName: ProductName;
  productType: ProductType;
  amount: number;
  periodMonths: number;
  /** Percent a year: nominal, or on the loan sum for hire purchase. */
  interestRate: number;
  /** The monthly maintenance fee. */
  monthlyFee: number;
  conclusionFee: { fixed: number | null; rate: number | null; min: number | null; max: number | null; fromAmount: boolean };
}

/** What the calculation answers (the calculate call's first item). */
export interface CalculatedFigures {
  monthlyPayment: number;
  totalRepaymentAmount: number;
  totalAmountTransferredToAccount: number;
  contractConclusionFee: number;
  monthlyFee: number;
  totalCostOfCredit: number;
  annualPercentageRate: number | null;
}

/** The values the step holds (the form's), as far as they read as numbers. */
export interface StepValues {
  productName: string | null;
  amount: number | null;
  period: number | null;
  /** A housing loan's price and own contribution as the step holds them (section 5), when it asks them. */
  price?: number | null;
  ownContribution?: number | null;
}

/** A rate in a link is a display hint (section 3): shown only when an offer could have it. */
export function displayedRate(product: ProductData, hint: number | null): number {
  return hint !== null && hint >= product.minInterestRate && hint <= product.maxInterestRate ? hint : product.interestRate;
}

/** The calculation the bank would make for a product, amount and period; null when there is none to make. */
export function requestFor(product: ProductData | undefined, amount: number | null, period: number | null, rateHint: number | null = null): CalculationRequest | null {
  if (!product || !hasAmount(product.productName) || amount === null) return null;
  const months = hasInstalments(product.productName) ? period : (period ?? product.basePeriod);
  if (months === null) return null;
  if (productBoundsProblem(product, 'amount', amount) || productBoundsProblem(product, 'period', months)) return null;
  return {
    productName: product.productName,
    productType: product.productType,
    amount,
    periodMonths: months,
    interestRate: displayedRate(product, rateHint),
    monthlyFee: maintenanceFeeOf(product, amount),
    conclusionFee: {
      fixed: product.contractConclusionFee,
      rate: product.contractConclusionFeeRate,
      min: product.minContractConclusionFee,
      max: product.maxContractConclusionFee,
      fromAmount: product.contractConclusionFeeFromProductAmount,
    },
  };
}

/** The calculation the step's own values make (the machine calculates it; the step's summary line shows it). */
export function stepRequest(products: ProductTable, step: StepValues | null, rateHint: number | null): CalculationRequest | null {
  return step ? requestFor(productIn(products, step.productName), step.amount, step.period, rateHint) : null;
}

/**
 * A stable key of a request: two requests with the same key have the same figures. No request (the
 * values make no calculation) has a key too, its own, under which no figures are ever kept.
 */
export function requestKey(request: CalculationRequest | null): string {
  return JSON.stringify(request);
}

/** One input of the modal: the number it stands at and, while typed, the text and its problem. */
export interface DraftInput {
  value: number;
  /** What the applicant typed; null: the input shows `value`. */
  text: string | null;
  problem: MessageText | null;
}

/** The modal's working copy. Housing loans are chosen as a price and an own contribution (section 5). */
export interface Draft {
  productName: ProductName;
  amount: DraftInput;
  period: DraftInput;
  /** Products that finance a price (housing): the price and the applicant's own contribution. */
  price: DraftInput | null;
  ownContribution: DraftInput | null;
  /** Problems are shown once the applicant tried to apply, or left the input. */
  showProblems: boolean;
}

const input = (value: number): DraftInput => ({ value, text: null, problem: null });

/** The draft the modal opens with: the step's values where they are valid, else the product's base values. */
export function startDraft(product: ProductData, step: StepValues): Draft {
  const amount = step.amount !== null && !productBoundsProblem(product, 'amount', step.amount) ? step.amount : product.baseAmount;
  const period = step.period !== null && !productBoundsProblem(product, 'period', step.period) ? step.period : product.basePeriod;
  const draft: Draft = { productName: product.productName, amount: input(amount), period: input(period), price: null, ownContribution: null, showProblems: false };
  if (!financesPrice(product.productName)) return draft;
  // The step's own price and contribution when they make its amount; else the own contribution the
  // bank assumes, as much as the price allows, and the price that makes up the amount.
  const { price: stepPrice, ownContribution: stepOwn } = step;
  if (typeof stepPrice === 'number' && typeof stepOwn === 'number' && stepOwn <= maxOwnContribution(stepPrice) && housingAmount(stepPrice, stepOwn) === amount) {
    return { ...draft, price: input(stepPrice), ownContribution: input(stepOwn) };
  }
  const own = product.selfFinancingAmount ?? 0;
  const price = amount + own;
  return { ...draft, price: input(price), ownContribution: input(Math.min(own, maxOwnContribution(price))) };
}

/** What is wrong with the text of an input itself (it does not read); kept until that text changes. */
const TEXT_PROBLEMS: readonly MessageText[] = [MESSAGES.required, MESSAGES.integer, MESSAGES.moneyInvalid, MESSAGES.moneyTooManyDecimals];

/**
 * An input's own problem: only one with its text; a problem worked out from the other inputs (an own
 * contribution too high for the price) is worked out again, never kept when the others change.
 */
function textProblem(input: DraftInput): MessageText | null {
  return input.problem && TEXT_PROBLEMS.includes(input.problem) ? input.problem : null;
}

/** Recomputes the derived amount and every problem after a change. */
function settle(product: ProductData, draft: Draft): Draft {
  if (!draft.price || !draft.ownContribution) {
    return {
      ...draft,
      amount: { ...draft.amount, problem: draft.amount.problem ?? productBoundsProblem(product, 'amount', draft.amount.value) ?? null },
      period: { ...draft.period, problem: draft.period.problem ?? productBoundsProblem(product, 'period', draft.period.value) ?? null },
    };
  }
  const amount = housingAmount(draft.price.value, draft.ownContribution.value);
  const ownProblem =
    textProblem(draft.ownContribution) ??
    (draft.ownContribution.value > maxOwnContribution(draft.price.value) ? MESSAGES.ownContributionTooHigh : null) ??
    (amount < product.minAmount ? MESSAGES.housingAmountBelowMinimum : null);
  const amountProblem = amount > product.maxAmount ? messageWithValues(MESSAGES.amountOutOfRange, { minEur: product.minAmount, maxEur: product.maxAmount }) : null;
  return {
    ...draft,
    amount: { value: amount, text: null, problem: amountProblem },
    ownContribution: { ...draft.ownContribution, problem: ownProblem },
    price: { ...draft.price, problem: textProblem(draft.price) ?? amountProblem },
    period: { ...draft.period, problem: draft.period.problem ?? productBoundsProblem(product, 'period', draft.period.value) ?? null },
  };
}

export type DraftField = 'amount' | 'period' | 'price' | 'ownContribution';

/** A slider moved: the value is taken (on the slider's steps) and the typed text gives way. */
export function slide(product: ProductData, draft: Draft, field: DraftField, value: number): Draft {
  const clean: DraftInput = {
    value: field === 'period' ? Math.round(value) : field === 'amount' ? snapAmount(product, value) : Math.max(0, Math.round(value)),
    text: null,
    problem: null,
  };
  return settle(product, { ...draft, [field]: clean });
}

/** Text typed into an input, read in the applicant's language; a value that reads is taken at once. */
export function typeText(product: ProductData, draft: Draft, field: DraftField, text: string, locale: Locale): Draft {
  const current = draft[field];
  if (!current) return draft;
  if (field === 'period') {
    const trimmed = text.trim();
    const valid = /^\d{1,3}$/.test(trimmed);
    const next: DraftInput = valid
      ? { value: Number(trimmed), text, problem: null }
      : { value: current.value, text, problem: trimmed === '' ? MESSAGES.required : MESSAGES.integer };
    return settle(product, { ...draft, period: next });
  }
  const reading = readMoney(text, locale);
  const next: DraftInput =
    'value' in reading
      ? { value: reading.value, text, problem: null }
      : { value: current.value, text, problem: text.trim() === '' ? MESSAGES.required : reading.problem === 'decimals' ? MESSAGES.moneyTooManyDecimals : MESSAGES.moneyInvalid };
  return settle(product, { ...draft, [field]: next });
}

export function draftProblems(draft: Draft): MessageText[] {
  return [draft.amount, draft.period, draft.price, draft.ownContribution].flatMap((item) => (item?.problem ? [item.problem] : []));
}

/** The request a draft makes, if it has no problem. */
export function draftRequest(product: ProductData | undefined, draft: Draft | null, rateHint: number | null): CalculationRequest | null {
  if (!product || !draft || draftProblems(draft).length > 0) return null;
  return requestFor(product, draft.amount.value, draft.period.value, rateHint);
}

/** The product data of a product, if the table has it. */
export function productIn(products: ProductTable, productName: string | null): ProductData | undefined {
  return productName ? (products as Partial<Record<string, ProductData>>)[productName] : undefined;
}
