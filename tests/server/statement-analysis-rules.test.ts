/**
 * The statement analysis's own rules (issue 22, docs/decisions/172; server/checks/statement-analysis-rules.ts)
 * and how the decision engine counts what they find (server/decisions/decision.service.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  analysePerson,
  countedBorrower,
  FOUND_IN_STATEMENTS,
  normalisedName,
  ownTransfers,
  regularMonthsNeeded,
  type AnalysedTransaction,
  type PersonFindings,
} from '../../server/checks/statement-analysis-rules';
import { withStatementFindings } from '../../server/decisions/decision.service';
import { decide, type Borrower } from '../../server/decisions/decision-rules';
import { productTableOf } from '../support/product-data';

const MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09'] as const;

function tx(date: string, amount: number, counterparty: string | null, text: string | null = null, accountId = 'current', currency = 'EUR'): AnalysedTransaction {
  return { accountId, date, amount, currency, counterparty, text };
}

/** The same payment on the given day of each month. */
const monthly = (day: number, amount: number | ((month: string) => number), counterparty: string | null, text: string | null = null, months: readonly string[] = MONTHS, accountId = 'current') =>
  months.map((month) => tx(`${month}-${String(day).padStart(2, '0')}`, typeof amount === 'number' ? amount : amount(month), counterparty, text, accountId));

const person = (transactions: AnalysedTransaction[], accounts = 1) => analysePerson({ role: 'APPLICANT', months: MONTHS, accounts, transactions });

describe('what the statements cover', () => {
  it('counts the months of the period with any booked transaction, and nothing outside it', () => {
    const findings = person([tx('2026-07-03', -400, 'Landlord'), tx('2026-09-10', 1500, 'Employer'), tx('2026-10-01', 99, 'Later')]);
    expect(findings.monthsCovered).toBe(2);
    expect(person([]).monthsCovered).toBe(0);
  });
});

describe('regular income', () => {
  it('a payer every month at a steady amount is income: the average over the covered months', () => {
    const findings = person([...monthly(10, (month) => (month === '2026-08' ? 1900 : 1800), 'Employer UAB', 'Salary'), ...monthly(3, -600, 'Landlord SIA', 'Rent')]);
    expect(findings.monthlyIncome).toBe(1825);
    expect(findings.incomeSources).toEqual([{ name: 'Employer UAB', months: 4, monthlyAverage: 1825 }]);
  });

  it('one-off credits, and a payer in two of four months without saying salary, are not income', () => {
    const findings = person([
      ...monthly(10, 1500, 'Employer'),
      tx('2026-06-20', 3000, 'Car buyer', 'Sale of car'),
      tx('2026-07-05', 200, 'Friend'),
      tx('2026-09-05', 200, 'Friend'),
    ]);
    expect(findings.incomeSources.map((source) => source.name)).toEqual(['Employer']);
    expect(findings.monthlyIncome).toBe(1500);
  });

  it('a payment that says salary (in any of the languages) needs two months: a new job', () => {
    expect(regularMonthsNeeded(4, false)).toBe(3);
    expect(regularMonthsNeeded(2, false)).toBe(2);
    expect(regularMonthsNeeded(4, true)).toBe(2);
    const findings = person([...monthly(3, -100, 'Shop'), ...monthly(25, 2000, 'Jauns darba devējs SIA', 'Darba alga', ['2026-08', '2026-09'])]);
    expect(findings.incomeSources).toEqual([{ name: 'Jauns darba devējs SIA', months: 2, monthlyAverage: 1000 }]);
  });

  it('amounts that jump far from the usual month are not steady (a payer is matched by name, whatever its spelling)', () => {
    expect(normalisedName('  EMPLOYER, uab. ')).toBe('employer uab');
    const findings = person([tx('2026-06-10', 100, 'Trader'), tx('2026-07-10', 5000, 'TRADER'), tx('2026-08-10', 40, 'trader'), tx('2026-09-10', 9000, 'Trader.')]);
    expect(findings.incomeSources).toEqual([]);
  });

  it('transfers between the person’s own accounts are not income', () => {
    const transfers = MONTHS.flatMap((month) => [tx(`${month}-12`, -700, 'Own savings', null, 'current'), tx(`${month}-12`, 700, 'Mari Maasikas', null, 'savings')]);
    expect(ownTransfers(transfers).size).toBe(8);
    const findings = person([...transfers, ...monthly(10, 1600, 'Employer')], 2);
    expect(findings.incomeSources.map((source) => source.name)).toEqual(['Employer']);
    expect(findings.accounts).toBe(2);
  });

  it('money in another currency is left to a person', () => {
    const findings = person(MONTHS.map((month) => tx(`${month}-10`, 2000, 'Employer Inc', 'Salary', 'usd', 'USD')));
    expect(findings.monthlyIncome).toBe(0);
  });
});

describe('loan payments', () => {
  it('regular payments to a lender (by its name or what the payment says) are found; other bills are not', () => {
    const findings = person([
      ...monthly(10, 1800, 'Employer'),
      ...monthly(15, -210, 'Autoliising AS'),
      ...monthly(20, -95.5, 'Bank', 'Kredīta maksājums'),
      ...monthly(8, -120, 'Utilities AS', 'Electricity'),
      tx('2026-09-01', -40, 'Quick loan OÜ'),
    ]);
    expect(findings.lenders.map((lender) => lender.name)).toEqual(['Autoliising AS', 'Bank']);
    expect(findings.monthlyObligationPayments).toBe(305.5);
  });
});

const findings = (overrides: Partial<PersonFindings>): PersonFindings => ({
  role: 'APPLICANT',
  accounts: 1,
  monthsCovered: 4,
  monthlyIncome: 0,
  incomeSources: [],
  monthlyObligationPayments: 0,
  lenders: [],
  ...overrides,
});

describe('what the decision engine counts (decision 172)', () => {
  const declared = { incomes: [{ monthlyAmount: 2000 }, { monthlyAmount: 500, fromAbroad: true }], liabilities: [{ type: 'CAR_LOAN', monthlyPayment: 150, outstandingAmount: 4000 }] };

  it('the lower of declared and found income, each income scaled alike', () => {
    const counted = countedBorrower(declared, findings({ monthlyIncome: 2000 }));
    expect(counted.incomeLowered).toBe(true);
    expect(counted.incomes).toEqual([{ monthlyAmount: 1600 }, { monthlyAmount: 400, fromAbroad: true }]);
    expect(countedBorrower(declared, findings({ monthlyIncome: 3100 }))).toMatchObject({ incomes: declared.incomes, incomeLowered: false });
  });

  it('statements of fewer than three months, or none analysed, leave what was declared', () => {
    expect(countedBorrower(declared, findings({ monthsCovered: 2, monthlyIncome: 100, monthlyObligationPayments: 900 }))).toEqual({ ...declared, incomeNotFound: false, incomeLowered: false });
    expect(countedBorrower(declared, undefined)).toEqual({ ...declared, incomeNotFound: false, incomeLowered: false });
  });

  it('no regular income found at all: a person decides', () => {
    expect(countedBorrower(declared, findings({ monthlyIncome: 0 }))).toMatchObject({ incomes: declared.incomes, incomeNotFound: true });
  });

  it('loan payments found beyond those declared count as one more obligation', () => {
    expect(countedBorrower(declared, findings({ monthlyIncome: 2600, monthlyObligationPayments: 400 })).liabilities).toEqual([
      ...declared.liabilities,
      { type: FOUND_IN_STATEMENTS, monthlyPayment: 250, outstandingAmount: null },
    ]);
    expect(countedBorrower(declared, findings({ monthlyIncome: 2600, monthlyObligationPayments: 100 })).liabilities).toEqual(declared.liabilities);
  });

  const product = productTableOf('retail-banking-lv').SMALL_LOAN!;
  const today = new Date('2026-10-15T00:00:00Z');
  const borrower = (monthlyAmount: number): Borrower => ({ role: 'APPLICANT', birthDate: new Date('1985-01-01T00:00:00Z'), incomes: [{ monthlyAmount }], liabilities: [] });

  it('the engine decides on the counted income: a lower income found reduces the offer and says why', () => {
    const asked = decide({ product, amount: 10_000, period: 60, borrowers: [borrower(3000)], today, stage: 'INITIAL' });
    expect(asked).toMatchObject({ outcome: 'POSITIVE', offer: { amount: 10_000 } });
    const counted = withStatementFindings([borrower(3000)], [findings({ monthlyIncome: 600 })]);
    expect(counted.reasons).toEqual(['INCOME_FROM_STATEMENTS']);
    const lowered = decide({ product, amount: 10_000, period: 60, borrowers: counted.borrowers, today, stage: 'INITIAL' });
    expect(lowered.outcome).toBe('POSITIVE');
    expect(lowered.offer?.amount).toBeLessThan(10_000);
    expect(withStatementFindings([borrower(3000)], [findings({ monthlyIncome: 0 })]).reasons).toEqual(['INCOME_NOT_IN_STATEMENTS']);
    expect(withStatementFindings([borrower(3000)], undefined)).toEqual({ borrowers: [borrower(3000)], reasons: [] });
  });
});
