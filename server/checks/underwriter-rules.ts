/**
 * The underwriter's manual rules, as the reference API's back office applies them (issue 22,
 * docs/decisions/173): pure functions over what the application holds, so each rule is unit tested
 * on its own (tests/server/final-stage-rules.test.ts). No database, no clock.
 *
 * An underwriter reviews an application the engine could not approve on its own (undecided) or whose
 * offer was above the additional-check amount (decision 131): they confirm each borrower's income
 * with the evidence the bank holds (the bank statements shared or uploaded for this application, or
 * the state's income register for salaries and pensions), look at the obligations again, and test
 * the debt service of the amount at stake against their own ceiling. Their verdict tells the decision
 * engine what its FINAL stage may do: approve the amount, approve a lower one, refuse, or leave it to
 * a loan specialist who asks the applicant for what is missing.
 */
import type { ProductData } from '../../core/domain/product-data';
import { DEBT_COLLECTION, DSTI_REVIEW_LIMIT, debtServiceToIncome, largestAffordableAmount, type Borrower } from '../decisions/decision-rules';

/** Statements showing at least this share of the declared income confirm it as declared (months vary). */
export const INCOME_CONFIRMED_SHARE = 0.9;
/**
 * Statements showing less than this share of the declared income: the declaration is materially
 * wrong, and a bank does not lend on a misstated application (refused, not reduced).
 */
export const INCOME_MISSTATED_SHARE = 0.5;
/** The underwriter's ceiling of debt service to income: Eesti Pank's 50 % (decision 130's review limit). */
export const UNDERWRITER_DSTI_LIMIT = DSTI_REVIEW_LIMIT;

export const UNDERWRITER_VERDICTS = ['APPROVE', 'REDUCE', 'REFUSE', 'REFER'] as const;
export type UnderwriterVerdict = (typeof UNDERWRITER_VERDICTS)[number];

export const UNDERWRITER_REASONS = [
  'INCOME_CONFIRMED',
  'INCOME_LOWER_THAN_DECLARED',
  'INCOME_MISSTATED',
  'INCOME_NOT_CONFIRMED',
  'DEBT_IN_COLLECTION',
  'NO_CONFIRMED_INCOME',
  'DSTI_WITHIN_UNDERWRITER_LIMIT',
  'AMOUNT_REDUCED',
  'DSTI_ABOVE_UNDERWRITER_LIMIT',
  'NO_PRODUCT_DATA',
] as const;
export type UnderwriterReason = (typeof UNDERWRITER_REASONS)[number];

/**
 * The bank statements a borrower gave for this application: through open banking the bank reads the
 * money that came in (`monthlyIncome`, the average over the months covered); an uploaded statement is
 * read by a person (`monthlyIncome` null: the underwriter takes what they read as confirming it).
 */
export interface IncomeEvidence {
  role: Borrower['role'];
  source: 'OPEN_BANKING' | 'UPLOAD';
  monthlyIncome: number | null;
  months: number;
}

export interface UnderwriterInput {
  /** Undefined where the bank holds no data of the product (never in the retail flow). */
  product: ProductData | undefined;
  /** The amount and period at stake: the accepted offer's, or those applied for. */
  amount: number;
  period: number;
  borrowers: readonly Borrower[];
  evidence: readonly IncomeEvidence[];
}

/** One borrower's income as the underwriter counts it. */
export interface ConfirmedIncome {
  role: Borrower['role'];
  declared: number;
  confirmed: number;
  reason: Extract<UnderwriterReason, 'INCOME_CONFIRMED' | 'INCOME_LOWER_THAN_DECLARED' | 'INCOME_MISSTATED' | 'INCOME_NOT_CONFIRMED'>;
}

export interface UnderwriterReview {
  verdict: UnderwriterVerdict;
  reasons: UnderwriterReason[];
  incomes: ConfirmedIncome[];
  /** Debt service to income at the amount at stake with the confirmed income; null without any. */
  debtServiceToIncome: number | null;
  /** REDUCE: the largest amount the underwriter approves; otherwise null. */
  maxAmount: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function declaredIncome(borrower: Borrower): number {
  return round2(borrower.incomes.reduce((sum, income) => sum + Math.max(0, income.monthlyAmount), 0));
}

/**
 * Income rule: statements confirm the income as declared when they show at least 90 % of it, and
 * count for what they show between 50 % and 90 %; below 50 % the declaration is misstated. Without
 * statements, the register confirms salaries, pensions and the like as declared, but nothing
 * confirms income from abroad: it is not counted.
 */
export function confirmIncome(borrower: Borrower, evidence: readonly IncomeEvidence[]): ConfirmedIncome {
  const declared = declaredIncome(borrower);
  const own = evidence.filter((item) => item.role === borrower.role);
  const read = own.filter((item) => item.monthlyIncome !== null);
  if (own.length > 0 && read.length === 0) return { role: borrower.role, declared, confirmed: declared, reason: 'INCOME_CONFIRMED' };
  if (read.length > 0) {
    const shown = round2(read.reduce((sum, item) => sum + (item.monthlyIncome ?? 0), 0));
    if (shown >= declared * INCOME_CONFIRMED_SHARE) return { role: borrower.role, declared, confirmed: declared, reason: 'INCOME_CONFIRMED' };
    if (shown < declared * INCOME_MISSTATED_SHARE) return { role: borrower.role, declared, confirmed: shown, reason: 'INCOME_MISSTATED' };
    return { role: borrower.role, declared, confirmed: shown, reason: 'INCOME_LOWER_THAN_DECLARED' };
  }
  const fromRegister = round2(borrower.incomes.filter((income) => income.fromAbroad !== true).reduce((sum, income) => sum + Math.max(0, income.monthlyAmount), 0));
  return { role: borrower.role, declared, confirmed: fromRegister, reason: fromRegister < declared ? 'INCOME_NOT_CONFIRMED' : 'INCOME_CONFIRMED' };
}

/**
 * The review. The rules, in order (the first that decides, decides):
 * 1. a debt in debt collection: refused (the credit register's answer; decision 130's hard stop);
 * 2. income: each borrower's confirmed (above); a misstated one is refused;
 * 3. nothing confirmed, or income left unconfirmed that the debt service needs: referred to a loan
 *    specialist, who asks for the evidence (the underwriter never refuses for what the bank did not ask);
 * 4. debt service to income at the amount at stake, with the confirmed income: up to 50 % approved;
 *    above it the largest amount within 50 % (on the product's steps, at least its minimum; never for
 *    a real-estate loan, whose amount the home's price sets) is approved instead; otherwise refused.
 */
export function reviewApplication(input: UnderwriterInput): UnderwriterReview {
  const incomes = input.borrowers.map((borrower) => confirmIncome(borrower, input.evidence));
  const review = (verdict: UnderwriterVerdict, reasons: UnderwriterReason[], debtService: number | null = null, maxAmount: number | null = null): UnderwriterReview => ({
    verdict,
    reasons: [...new Set([...incomes.map((income) => income.reason), ...reasons])],
    incomes,
    debtServiceToIncome: debtService,
    maxAmount,
  });
  if (input.borrowers.some((borrower) => borrower.liabilities.some((liability) => liability.type === DEBT_COLLECTION))) return review('REFUSE', ['DEBT_IN_COLLECTION']);
  if (incomes.some((income) => income.reason === 'INCOME_MISSTATED')) return review('REFUSE', []);
  const { product } = input;
  if (!product) return review('REFER', ['NO_PRODUCT_DATA']);
  const confirmedBorrowers: Borrower[] = input.borrowers.map((borrower) => ({
    ...borrower,
    incomes: [{ monthlyAmount: incomes.find((income) => income.role === borrower.role)?.confirmed ?? 0 }],
  }));
  const unconfirmed = incomes.some((income) => income.reason === 'INCOME_NOT_CONFIRMED');
  if (incomes.every((income) => income.confirmed <= 0)) return review('REFER', ['NO_CONFIRMED_INCOME']);
  const ratio = debtServiceToIncome({ product, borrowers: confirmedBorrowers }, input.amount, input.period);
  if (ratio !== null && ratio <= UNDERWRITER_DSTI_LIMIT) return review('APPROVE', ['DSTI_WITHIN_UNDERWRITER_LIMIT'], ratio);
  // The income the bank has not confirmed might carry it: a specialist asks for the evidence first.
  if (unconfirmed) return review('REFER', ['DSTI_ABOVE_UNDERWRITER_LIMIT'], ratio);
  const affordable =
    product.productType === 'REAL_ESTATE_LOAN' ? undefined : largestAffordableAmount({ product, borrowers: confirmedBorrowers }, input.amount, input.period, UNDERWRITER_DSTI_LIMIT);
  if (affordable !== undefined) return review('REDUCE', ['DSTI_ABOVE_UNDERWRITER_LIMIT', 'AMOUNT_REDUCED'], ratio, affordable);
  return review('REFUSE', ['DSTI_ABOVE_UNDERWRITER_LIMIT'], ratio);
}

/**
 * The money that came in a month through open banking, per borrower: the average over the months
 * the statements cover of what came in on every shared account (section 5: four months back to last
 * month). Undefined for a borrower without such statements.
 */
export function monthlyIncomeOfStatements(statements: readonly { month: string; incoming: number }[]): { monthlyIncome: number; months: number } | undefined {
  const byMonth = new Map<string, number>();
  for (const statement of statements) byMonth.set(statement.month, (byMonth.get(statement.month) ?? 0) + Math.max(0, statement.incoming));
  if (byMonth.size === 0) return undefined;
  const total = [...byMonth.values()].reduce((sum, amount) => sum + amount, 0);
  return { monthlyIncome: round2(total / byMonth.size), months: byMonth.size };
}
