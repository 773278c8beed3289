/**
 * The refinancing loan's back-office rules (issue 22, docs/decisions/173): pure functions, unit
 * tested on their own (tests/server/final-stage-rules.test.ts). No database, no clock.
 *
 * - The refinancing check, before the decision: the obligations the applicant wants refinanced are
 *   confirmed with their lenders and the credit register. The reference API has neither: its lenders
 *   confirm a declared obligation whose figures hold together (named lender, money still owed, an
 *   instalment loan's payment that repays it within the register's longest consumer-credit term), and
 *   answer a mismatch otherwise.
 * - The payoff, after the offer is accepted: each lender's payoff amount and the account to pay it
 *   to, for the obligations the accepted amount pays off; the rest is paid to the applicant.
 */
import { composeIBAN } from 'ibantools';
import { isValidIban } from '../../core/validation/general/iban';
import { REFINANCEABLE_LIABILITIES, refinancedLiabilities, type Borrower, type BorrowerLiability } from '../decisions/decision-rules';

/** Instalment credit, paid off in monthly payments (credit cards and overdrafts are revolving). */
export const INSTALMENT_LIABILITIES: readonly string[] = ['CONSUMER_LOAN', 'CAR_LOAN', 'HIRE_PURCHASE', 'SHORT_TERM_LOAN'];
/** The longest consumer credit the register knows (months): a balance the payment does not repay within it is not the lender's. */
export const MAX_REMAINING_TERM_MONTHS = 120;
/** How long a lender's payoff amount holds: the offer's 14 days (decision 135), within which the contract is signed. */
export const PAYOFF_VALID_DAYS = 14;

export type RefinancingCheckVerdict = 'CONFIRMED' | 'MISMATCH' | 'NOTHING_TO_REFINANCE';

export interface CheckedObligation {
  role: Borrower['role'];
  type: string;
  creditor: string;
  monthlyPayment: number | null;
  outstandingAmount: number;
  /** What the lender answered: the figures hold together (confirmed) or not (mismatch). */
  confirmed: boolean;
}

export interface RefinancingCheck {
  verdict: RefinancingCheckVerdict;
  obligations: CheckedObligation[];
}

const creditorOf = (liability: BorrowerLiability) => (liability.creditor ?? '').trim();

/** The declared obligations a refinancing loan is for: refinanceable credit with money still owed. */
export function obligationsToRefinance(borrowers: readonly Borrower[]): { role: Borrower['role']; liability: BorrowerLiability }[] {
  return borrowers.flatMap((borrower) =>
    borrower.liabilities
      .filter((liability) => REFINANCEABLE_LIABILITIES.includes(liability.type) && (liability.outstandingAmount ?? 0) > 0)
      .map((liability) => ({ role: borrower.role, liability })),
  );
}

/** What the lender (or the credit register) answers of one declared obligation. */
export function lenderConfirms(liability: BorrowerLiability): boolean {
  const outstanding = liability.outstandingAmount ?? 0;
  if (creditorOf(liability) === '' || outstanding <= 0) return false;
  if (!INSTALMENT_LIABILITIES.includes(liability.type)) return true;
  const payment = liability.monthlyPayment ?? 0;
  return payment > 0 && outstanding <= payment * MAX_REMAINING_TERM_MONTHS;
}

/**
 * The refinancing check: confirmed when every obligation to refinance is confirmed by its lender; a
 * mismatch when any is not (the bank refinances only what the lenders confirm, and an application
 * whose obligations are not what was declared is not decided on); nothing to refinance without any.
 */
export function checkRefinancing(borrowers: readonly Borrower[]): RefinancingCheck {
  const obligations = obligationsToRefinance(borrowers).map(({ role, liability }) => ({
    role,
    type: liability.type,
    creditor: creditorOf(liability),
    monthlyPayment: liability.monthlyPayment,
    outstandingAmount: liability.outstandingAmount ?? 0,
    confirmed: lenderConfirms(liability),
  }));
  if (obligations.length === 0) return { verdict: 'NOTHING_TO_REFINANCE', obligations };
  return { verdict: obligations.every((obligation) => obligation.confirmed) ? 'CONFIRMED' : 'MISMATCH', obligations };
}

export interface Payoff {
  creditor: string;
  type: string;
  amount: number;
  /** The lender's account for the payoff. */
  iban: string;
  /** The payment's reference, as the lender asks it to be paid. */
  reference: string;
}

export interface RefinancingPayoff {
  payoffs: Payoff[];
  totalPayoff: number;
  /** What is left of the accepted amount, paid to the applicant's own account. */
  toApplicant: number;
  validUntil: string;
}

/** A number of `length` digits from a text, the same for the same text. */
function digitsOf(text: string, length: number): string {
  let state = 2166136261;
  let digits = '';
  for (let index = 0; digits.length < length; index++) {
    state = Math.imul(state ^ text.charCodeAt(index % Math.max(1, text.length)) ^ index, 16777619) >>> 0;
    digits += String(state % 10);
  }
  return digits;
}

/**
 * The lender's payoff account in the bank's country. The reference API has no lenders to ask: the
 * account is a valid IBAN (national check digits included) derived from the lender's name, the same
 * for the same lender.
 */
export function lenderAccountOf(creditor: string, country: 'EE' | 'LV' | 'LT'): string {
  const name = creditor.trim().toUpperCase();
  for (let attempt = 0; ; attempt++) {
    const seed = `${name}:${attempt}`;
    const bban = country === 'LV' ? `${(name.replace(/[^A-Z]/g, '') + 'BANK').slice(0, 4)}${digitsOf(seed, 13)}` : digitsOf(seed, 16);
    const iban = composeIBAN({ countryCode: country, bban });
    if (iban && isValidIban(iban)) return iban;
  }
}

/**
 * The payoff of an accepted refinancing offer: the confirmed obligations the accepted amount pays off
 * in full, largest payment first (as the decision counted them: decision 130), each to its lender's
 * account with the application's reference; the rest of the amount goes to the applicant.
 */
export function payoffOf(borrowers: readonly Borrower[], amount: number, context: { country: 'EE' | 'LV' | 'LT'; reference: string; today: Date }): RefinancingPayoff {
  const confirmedOnly: Borrower[] = borrowers.map((borrower) => ({ ...borrower, liabilities: borrower.liabilities.filter(lenderConfirms) }));
  const payoffs = refinancedLiabilities(confirmedOnly, amount).map((liability) => ({
    creditor: creditorOf(liability),
    type: liability.type,
    amount: liability.outstandingAmount ?? 0,
    iban: lenderAccountOf(creditorOf(liability), context.country),
    reference: context.reference,
  }));
  const totalPayoff = Math.round(payoffs.reduce((sum, payoff) => sum + payoff.amount, 0) * 100) / 100;
  const validUntil = new Date(context.today.getTime() + PAYOFF_VALID_DAYS * 86_400_000).toISOString().slice(0, 10);
  return { payoffs, totalPayoff, toApplicant: Math.round((amount - totalPayoff) * 100) / 100, validUntil };
}

/**
 * The least a refinancing offer may be taken for (decision 173): what pays off the obligations its
 * decision counted on, rounded up to the product's amount steps. Less would leave obligations the
 * decision took as paid off, and the debt service it tested would no longer hold.
 */
export function leastRefinancingAmount(borrowers: readonly Borrower[], approvedAmount: number, product: { minAmount: number; amountStep: number }): number {
  const total = refinancedLiabilities(borrowers, approvedAmount).reduce((sum, liability) => sum + (liability.outstandingAmount ?? 0), 0);
  if (total <= product.minAmount) return product.minAmount;
  const step = Math.max(1, product.amountStep);
  return Math.min(approvedAmount, product.minAmount + Math.ceil((total - product.minAmount) / step) * step);
}
