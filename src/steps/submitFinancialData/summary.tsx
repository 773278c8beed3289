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
import { choiceAnswer, dateAnswer, moneyAnswer, notGiven, row, textAnswer } from '../_kit/summary-kit';
import { collateralFieldsOf } from '../../../core/validation/corporate/collaterals';
import { liabilityHasMonthlyPayment as corporateHasMonthlyPayment } from '../../../core/validation/corporate/selects';
import { COLLATERAL_TYPE_LABELS, CORPORATE_LIABILITY_TYPE_LABELS } from '../../i18n/labels/corporate-finances';

type Entry = Readonly<Record<string, unknown>>;

function entriesOf(value: unknown): Entry[] {
  return Array.isArray(value) ? value.filter((entry): entry is Entry => typeof entry === 'object' && entry !== null) : [];
}

/** A row nothing was typed into (the form starts with one of each). */
function isBlank(entry: Entry): boolean {
  const blank = (value: unknown): boolean =>
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === 'string' && value.trim() === '') ||
    (typeof value === 'object' && !Array.isArray(value) && Object.values(value as Entry).every(blank));
  return Object.values(entry).every(blank);
}

/** A company's collateral (decision 183): its type, then what its type asks, as one line. */
function collateralAnswer(collateral: Entry, i18n: I18n): string {
  const type = String(collateral['type'] ?? '');
  const asks = collateralFieldsOf(type);
  const parts = [choiceAnswer(type, COLLATERAL_TYPE_LABELS, i18n)];
  if (asks.address) {
    parts.push([collateral['streetAddress'], collateral['administrativeAreaLevel2'], collateral['administrativeAreaLevel1']].map((part) => String(part ?? '').trim()).filter(Boolean).join(', ') || notGiven(i18n));
  }
  if (asks.marketValue) parts.push(i18n._(msg`market value ${moneyAnswer(collateral['marketValue'], i18n)}`));
  const info = String(collateral['additionalInfoText'] ?? '').trim();
  if (info) parts.push(info);
  return parts.join('; ');
}

/** A company's liability (decision 183): a guarantee's or a surety's without a monthly payment. */
function corporateLiabilityAnswer(liability: Entry, i18n: I18n): string {
  const type = String(liability['type'] ?? '');
  const kind = choiceAnswer(type, CORPORATE_LIABILITY_TYPE_LABELS, i18n);
  const creditor = textAnswer(liability['creditor'], i18n);
  const owed = moneyAnswer(liability['declaredAmount'], i18n);
  const ends = dateAnswer(liability['endDate'], i18n);
  return corporateHasMonthlyPayment(type as never)
    ? i18n._(msg`${kind} from ${creditor}: ${owed} still owed, ${moneyAnswer(liability['declaredMonthlyPayment'], i18n)} a month, until ${ends}`)
    : i18n._(msg`${kind} to ${creditor}: ${owed}, until ${ends}`);
}

/** The corporate form's answers: the collaterals given (or none) and the liabilities, if asked. */
function corporateRows(values: Readonly<Record<string, unknown>>, i18n: I18n): SummaryRow[] {
  const collaterals = entriesOf(values['collaterals']).map((entry, index) => ({ entry, index })).filter(({ entry }) => !isBlank(entry));
  const rows: SummaryRow[] =
    collaterals.length === 0
      ? [row('collaterals', msg`Collaterals`, i18n._(msg`None offered`), i18n)]
      : collaterals.map(({ entry, index }, shown) => row(`collaterals.${index}.type`, msg`Collateral ${shown + 1}`, collateralAnswer(entry, i18n), i18n));
  // Rows left empty are not the company's: it was not asked, or the row was not sent.
  entriesOf(values['liabilities']).forEach((entry, index) => {
    if (!isBlank(entry)) rows.push(row(`liabilities.${index}.type`, msg`Liability ${index + 1}`, corporateLiabilityAnswer(entry, i18n), i18n));
  });
  return rows;
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
  title: (i18n, values) =>
    values && 'collaterals' in values ? i18n._(msg`Your company’s collaterals and liabilities`) : i18n._(msg`Your income and obligations`),
  rows: (values, i18n) => {
    if ('collaterals' in values) return corporateRows(values, i18n);
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
