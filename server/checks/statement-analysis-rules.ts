/**
 * The reference API's own rules for analysing the statements shared through open banking (issue 22,
 * docs/decisions/172): pure functions over the booked transactions the open-banking service kept with
 * each approved consent (server/psd2/psd2.service.ts), so each rule is unit tested on its own
 * (tests/server/statement-analysis-rules.test.ts). No database, no clock.
 *
 * What a credit analyst reads from four months of statements: how many months they really cover,
 * the regular income (money in from the same payer month after month, at a steady amount; transfers
 * between the person's own accounts are not income), and the loan payments made to lenders. The
 * summary is kept with the application for the bank (never shown to the applicant); the decision
 * engine uses it where it is more reliable than what was declared (`countedBorrowers`).
 */
import type { BorrowerIncome, BorrowerLiability } from '../decisions/decision-rules';

/** One booked transaction as the open-banking service keeps it (amount negative for money out). */
export interface AnalysedTransaction {
  accountId: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  amount: number;
  currency: string;
  counterparty: string | null;
  text: string | null;
}

/** The statements of one person: the months asked for (YYYY-MM, oldest first) and the transactions of their shared accounts. */
export interface PersonStatements {
  role: 'APPLICANT' | 'COBORROWER';
  months: readonly string[];
  accounts: number;
  transactions: readonly AnalysedTransaction[];
}

/** A payer whose money comes in regularly, or a lender paid regularly. */
export interface RegularFlow {
  /** As the bank named the other party (or what the payment says, where it named none). */
  name: string;
  /** In how many of the covered months it came (or went). */
  months: number;
  /** The average a month over the covered months (months without it count as nothing). */
  monthlyAverage: number;
}

export interface PersonFindings {
  role: 'APPLICANT' | 'COBORROWER';
  /** Accounts whose statements were shared. */
  accounts: number;
  /** Months of the period asked for in which the shared accounts show any booked transaction. */
  monthsCovered: number;
  /** The regular income found, a month (the sum of the regular payers' averages). */
  monthlyIncome: number;
  incomeSources: RegularFlow[];
  /** The loan payments found, a month. */
  monthlyObligationPayments: number;
  lenders: RegularFlow[];
}

/** The analysis kept with the application (`statementAnalysis.persons`). */
export interface StatementFindings {
  persons: PersonFindings[];
}

/** The only currency the bank lends in (section 3: EUR); money in other currencies is left to a person. */
export const ANALYSED_CURRENCY = 'EUR';
/** Statements of at least this many months are trusted over the declared income (the decision engine's rule). */
export const MIN_MONTHS_FOR_INCOME = 3;
/** A payer is regular when it paid in at least this many of the covered months (fewer where fewer are covered)… */
export const MIN_REGULAR_MONTHS = 3;
/** …but never fewer than this many months. */
export const MIN_REGULAR_MONTHS_FLOOR = 2;
/** A regular payer's monthly sums stay within this share of their median (a salary with a bonus month still counts). */
export const STEADY_SHARE = 0.5;
/** A transfer between the person's own accounts is found by the same amount out and in within this many days. */
export const OWN_TRANSFER_DAYS = 1;

/**
 * What payments of salary, pension or benefits say in the Baltic languages, Russian and English: a
 * payer named so needs only two months to count (a new job).
 */
const SALARY_WORDS = ['salary', 'wage', 'payroll', 'pension', 'palk', 'töötasu', 'alga', 'darba samaksa', 'pensija', 'atlyginimas', 'darbo užmokestis', 'зарплата', 'заработная плата', 'пенсия'];
/** What a lender's name or a loan payment says: money out to these is an obligation's payment. */
const LENDER_WORDS = ['loan', 'leasing', 'lease', 'credit', 'mortgage', 'hire purchase', 'laen', 'liising', 'järelmaks', 'kredīt', 'aizdevum', 'līzing', 'nomaksa', 'paskol', 'lizing', 'kredit', 'išsimokėtinai', 'кредит', 'заём', 'займ', 'лизинг', 'ипотек'];

const roundMoney = (value: number) => Math.round(value * 100) / 100;

/** A name as compared: lower case, letters and digits only, single spaces. */
export function normalisedName(value: string): string {
  return value
    .toLocaleLowerCase('en')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const says = (words: readonly string[], ...texts: (string | null)[]) =>
  texts.some((text) => text !== null && words.some((word) => normalisedName(text).includes(normalisedName(word))));

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * Transfers between the person's own accounts: money in on one account matched by the same amount out
 * of another of their shared accounts within OWN_TRANSFER_DAYS. Answers the indexes of both sides.
 */
export function ownTransfers(transactions: readonly AnalysedTransaction[]): Set<number> {
  const matched = new Set<number>();
  transactions.forEach((credit, i) => {
    if (credit.amount <= 0 || matched.has(i)) return;
    const debit = transactions.findIndex(
      (other, j) =>
        !matched.has(j) &&
        other.amount === -credit.amount &&
        other.currency === credit.currency &&
        other.accountId !== credit.accountId &&
        Math.abs(dayOf(other.date) - dayOf(credit.date)) <= OWN_TRANSFER_DAYS,
    );
    if (debit >= 0) {
      matched.add(i);
      matched.add(debit);
    }
  });
  return matched;
}

/** Whom a transaction is grouped by: the other party, else what it says; null when it says nothing. */
function partyOf(transaction: AnalysedTransaction): { key: string; name: string } | null {
  const name = transaction.counterparty?.trim() || transaction.text?.trim();
  if (!name) return null;
  const key = normalisedName(name);
  return key ? { key, name } : null;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Group {
  name: string;
  byMonth: Map<string, number>;
  keyword: boolean;
}

/** Groups money in one direction by party and month (absolute amounts), within the covered months. */
function groupsOf(transactions: readonly AnalysedTransaction[], covered: ReadonlySet<string>, words: readonly string[]): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const transaction of transactions) {
    const month = transaction.date.slice(0, 7);
    const party = partyOf(transaction);
    if (!party || !covered.has(month)) continue;
    const group = groups.get(party.key) ?? { name: party.name, byMonth: new Map<string, number>(), keyword: false };
    group.byMonth.set(month, (group.byMonth.get(month) ?? 0) + Math.abs(transaction.amount));
    group.keyword ||= says(words, transaction.counterparty, transaction.text);
    groups.set(party.key, group);
  }
  return groups;
}

/** How many covered months a payer must appear in to be regular. */
export function regularMonthsNeeded(monthsCovered: number, namedAsSalary: boolean): number {
  if (namedAsSalary) return MIN_REGULAR_MONTHS_FLOOR;
  return Math.max(MIN_REGULAR_MONTHS_FLOOR, Math.min(MIN_REGULAR_MONTHS, monthsCovered));
}

/** The steady months of a group: those whose sum is within STEADY_SHARE of the median month. */
function steadyMonths(group: Group): number {
  const sums = [...group.byMonth.values()];
  const middle = median(sums);
  return sums.filter((sum) => Math.abs(sum - middle) <= middle * STEADY_SHARE).length;
}

function flowOf(group: Group, monthsCovered: number): RegularFlow {
  const total = [...group.byMonth.values()].reduce((sum, value) => sum + value, 0);
  return { name: group.name, months: group.byMonth.size, monthlyAverage: roundMoney(total / monthsCovered) };
}

/** One person's findings from their statements. */
export function analysePerson(statements: PersonStatements): PersonFindings {
  const inPeriod = statements.transactions.filter((transaction) => statements.months.includes(transaction.date.slice(0, 7)));
  const covered = new Set(inPeriod.map((transaction) => transaction.date.slice(0, 7)));
  const monthsCovered = covered.size;
  const empty: PersonFindings = {
    role: statements.role,
    accounts: statements.accounts,
    monthsCovered,
    monthlyIncome: 0,
    incomeSources: [],
    monthlyObligationPayments: 0,
    lenders: [],
  };
  if (monthsCovered === 0) return empty;
  const own = ownTransfers(inPeriod);
  const counted = inPeriod.filter((transaction, index) => !own.has(index) && transaction.currency === ANALYSED_CURRENCY);

  const incomeSources = [...groupsOf(counted.filter((transaction) => transaction.amount > 0), covered, SALARY_WORDS).values()]
    .filter((group) => steadyMonths(group) >= regularMonthsNeeded(monthsCovered, group.keyword))
    .map((group) => flowOf(group, monthsCovered))
    .sort((a, b) => b.monthlyAverage - a.monthlyAverage);
  // A lender is known by what its name or the payment says; paid in two months at least (a loan's instalments are monthly).
  const lenders = [...groupsOf(counted.filter((transaction) => transaction.amount < 0 && says(LENDER_WORDS, transaction.counterparty, transaction.text)), covered, LENDER_WORDS).values()]
    .filter((group) => group.byMonth.size >= MIN_REGULAR_MONTHS_FLOOR)
    .map((group) => flowOf(group, monthsCovered))
    .sort((a, b) => b.monthlyAverage - a.monthlyAverage);
  return {
    ...empty,
    monthlyIncome: roundMoney(incomeSources.reduce((sum, source) => sum + source.monthlyAverage, 0)),
    incomeSources,
    monthlyObligationPayments: roundMoney(lenders.reduce((sum, lender) => sum + lender.monthlyAverage, 0)),
    lenders,
  };
}

export function analyseStatements(persons: readonly PersonStatements[]): StatementFindings {
  return { persons: persons.map(analysePerson) };
}

/** What the decision engine counts of one borrower, given their findings (or none). */
export interface CountedBorrower {
  incomes: BorrowerIncome[];
  liabilities: BorrowerLiability[];
  /** The statements cover enough months and show no regular income: a person decides. */
  incomeNotFound: boolean;
  /** The income counted is the lower one the statements show. */
  incomeLowered: boolean;
}

/** The liability type of loan payments the statements show beyond those declared. */
export const FOUND_IN_STATEMENTS = 'FOUND_IN_STATEMENTS';

/**
 * The decision engine's use of the findings (decision 172). Where the statements cover at least
 * MIN_MONTHS_FOR_INCOME months:
 * - income: the lower of the declared income and the regular income found (each declared income is
 *   scaled down alike, so income from abroad still sends the application to a person); none found at
 *   all leaves the decision to a person rather than to the declared figure;
 * - obligations: where the statements show more loan payments a month than were declared, the
 *   difference is counted as one more obligation (never refinanced: its lender is not known).
 * With fewer months, or without findings, what was declared stands.
 */
export function countedBorrower(declared: { incomes: readonly BorrowerIncome[]; liabilities: readonly BorrowerLiability[] }, findings: PersonFindings | undefined): CountedBorrower {
  const unchanged: CountedBorrower = { incomes: [...declared.incomes], liabilities: [...declared.liabilities], incomeNotFound: false, incomeLowered: false };
  if (!findings || findings.monthsCovered < MIN_MONTHS_FOR_INCOME) return unchanged;
  const declaredIncome = declared.incomes.reduce((sum, income) => sum + Math.max(0, income.monthlyAmount), 0);
  const declaredPayments = declared.liabilities.reduce((sum, liability) => sum + Math.max(0, liability.monthlyPayment ?? 0), 0);
  const extraPayments = roundMoney(findings.monthlyObligationPayments - declaredPayments);
  const liabilities = extraPayments > 0 ? [...declared.liabilities, { type: FOUND_IN_STATEMENTS, monthlyPayment: extraPayments, outstandingAmount: null }] : [...declared.liabilities];
  if (findings.monthlyIncome <= 0) return { ...unchanged, liabilities, incomeNotFound: declaredIncome > 0 };
  if (findings.monthlyIncome >= declaredIncome) return { ...unchanged, liabilities };
  const share = findings.monthlyIncome / declaredIncome;
  return {
    incomes: declared.incomes.map((income) => ({ ...income, monthlyAmount: roundMoney(Math.max(0, income.monthlyAmount) * share) })),
    liabilities,
    incomeNotFound: false,
    incomeLowered: true,
  };
}
