/**
 * The financial data step's answers on the check-answers page (issue 11): one row per income and
 * per obligation, each read as a sentence, or that there are no obligations. An obligation's
 * monthly payment and amount still to repay are read only where its type asks them (a guarantee
 * costs nothing monthly; rent has nothing outstanding).
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { liabilityHasMonthlyPayment, liabilityHasOutstandingAmount } from '../../../core/domain/finances';
import { INCOME_SOURCE_LABELS, LIABILITY_TYPE_LABELS } from '../../i18n/labels/finances';
import type { StepSummary, SummaryRow } from '../_kit/step-registry-types';
import { choiceAnswer, moneyAnswer, notGiven, row, textAnswer } from '../_kit/summary-kit';

type Entry = Readonly<Record<string, unknown>>;

function entriesOf(value: unknown): Entry[] {
  return Array.isArray(value) ? value.filter((entry): entry is Entry => typeof entry === 'object' && entry !== null) : [];
}

/** A row nothing was typed into (the form starts with one of each). */
function isBlank(entry: Entry): boolean {
  return Object.values(entry).every((value) => value === undefined || value === null || value === false || (typeof value === 'string' && value.trim() === ''));
}

function incomeAnswer(income: Entry, i18n: I18n): string {
  if (isBlank(income)) return notGiven(i18n);
  const source = choiceAnswer(income['source'], INCOME_SOURCE_LABELS, i18n);
  const amount = moneyAnswer(income['monthlyAmount'], i18n);
  return income['fromAbroad'] === true ? i18n._(msg`${source}: ${amount} a month, paid from abroad`) : i18n._(msg`${source}: ${amount} a month`);
}

function liabilityAnswer(liability: Entry, i18n: I18n): string {
  if (isBlank(liability)) return notGiven(i18n);
  const type = String(liability['type'] ?? '');
  const kind = choiceAnswer(type, LIABILITY_TYPE_LABELS, i18n);
  const creditor = textAnswer(liability['creditor'], i18n);
  const monthly = liabilityHasMonthlyPayment(type) ? moneyAnswer(liability['monthlyPayment'], i18n) : null;
  const outstanding = liabilityHasOutstandingAmount(type) ? moneyAnswer(liability['outstandingAmount'], i18n) : null;
  if (monthly !== null && outstanding !== null) return i18n._(msg`${kind} from ${creditor}: ${monthly} a month, ${outstanding} still to repay`);
  if (monthly !== null) return i18n._(msg`${kind} from ${creditor}: ${monthly} a month`);
  if (outstanding !== null) return i18n._(msg`${kind} from ${creditor}: ${outstanding} still to repay`);
  return i18n._(msg`${kind} from ${creditor}`);
}

export default {
  title: (i18n) => i18n._(msg`Your income and obligations`),
  rows: (values, i18n) => {
    const incomes = entriesOf(values['incomes']);
    const rows: SummaryRow[] =
      incomes.length === 0
        ? [row('incomes', msg`Your income`, notGiven(i18n), i18n)]
        : incomes.map((income, index) => row(`incomes.${index}.source`, msg`Income ${index + 1}`, incomeAnswer(income, i18n), i18n));
    if (values['noObligations'] === true) {
      rows.push(row('noObligations', msg`Your loans and other obligations`, i18n._(msg`I have no loans or other obligations`), i18n));
      return rows;
    }
    const liabilities = entriesOf(values['liabilities']);
    if (liabilities.length === 0) rows.push(row('liabilities', msg`Your loans and other obligations`, notGiven(i18n), i18n));
    liabilities.forEach((liability, index) => rows.push(row(`liabilities.${index}.type`, msg`Obligation ${index + 1}`, liabilityAnswer(liability, i18n), i18n)));
    return rows;
  },
} satisfies StepSummary;
