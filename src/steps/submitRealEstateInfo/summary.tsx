/**
 * The real-estate step's answers on the check-answers page (issue 11): the property, the own
 * contribution, the owners (one row per other owner) and the repayment. A follow-up is listed
 * only when the answer before it asked it: the kind once there is a type, the year for a building,
 * the down payment when one is paid, the other owners when there are some. The interest rate of a
 * loan being refinanced is in the form only when the step asked it.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LOCALE_TAG, isLocale } from '../../../core/domain/languages';
import {
  ASSET_CONDITION_LABELS,
  ASSET_TYPE_LABELS,
  COLLATERAL_OWNERSHIP_LABELS,
  OWN_CONTRIBUTION_FINANCING_LABELS,
  REAL_ESTATE_KIND_LABELS,
  RELATION_LABELS,
  REPAYMENT_SCHEDULE_LABELS,
  SOURCE_OF_FUNDS_LABELS,
} from '../../i18n/labels/finances';
import type { StepSummary, SummaryRow } from '../_kit/step-registry-types';
import { choiceAnswer, moneyAnswer, notGiven, row, textAnswer } from '../_kit/summary-kit';

type Entry = Readonly<Record<string, unknown>>;

function given(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** A rate typed as "4,5" or "4.5", as a percentage in the reader's language ("4.5%", "4,5 %"). */
function rateAnswer(value: unknown, i18n: I18n): string {
  if (!given(value)) return notGiven(i18n);
  const typed = String(value).trim();
  const rate = Number(typed.replace(/\s/g, '').replace(',', '.'));
  if (!Number.isFinite(rate)) return typed;
  const tag = isLocale(i18n.locale) ? LOCALE_TAG[i18n.locale] : i18n.locale;
  return new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 4 }).format(rate / 100);
}

function ownerAnswer(owner: Entry, i18n: I18n): string {
  const relation = choiceAnswer(owner['relation'], RELATION_LABELS, i18n);
  const code = textAnswer(owner['personalCode'], i18n);
  return i18n._(msg`${relation}, personal code ${code}`);
}

export default {
  title: (i18n) => i18n._(msg`The property and its owners`),
  rows: (values, i18n) => {
    const rows: SummaryRow[] = [
      row('assetName', msg`Name of the property`, textAnswer(values['assetName'], i18n), i18n),
      row('assetType', msg`Type of property`, choiceAnswer(values['assetType'], ASSET_TYPE_LABELS, i18n), i18n),
    ];
    if (given(values['assetType'])) rows.push(row('assetKind', msg`Kind of property`, choiceAnswer(values['assetKind'], REAL_ESTATE_KIND_LABELS, i18n), i18n));
    rows.push(row('assetCondition', msg`Condition`, choiceAnswer(values['assetCondition'], ASSET_CONDITION_LABELS, i18n), i18n));
    if (values['assetType'] === 'PREMISES') rows.push(row('constructionYear', msg`Year the building was built`, textAnswer(values['constructionYear'], i18n), i18n));
    rows.push(
      row(
        'ownContributionFinancing',
        msg`How is your own contribution paid?`,
        choiceAnswer(values['ownContributionFinancing'], OWN_CONTRIBUTION_FINANCING_LABELS, i18n),
        i18n,
      ),
    );
    if (values['ownContributionFinancing'] === 'WITH_DOWNPAYMENT') {
      rows.push(
        row('downPayment', msg`Down payment, in euros`, moneyAnswer(values['downPayment'], i18n), i18n),
        row('downPaymentSource', msg`Where does the down payment come from?`, choiceAnswer(values['downPaymentSource'], SOURCE_OF_FUNDS_LABELS, i18n), i18n),
      );
      if (values['downPaymentSource'] === 'OTHER') {
        rows.push(row('downPaymentOrigin', msg`Describe where the down payment comes from`, textAnswer(values['downPaymentOrigin'], i18n), i18n));
      }
    }
    if ('existingContractInterestRate' in values) {
      rows.push(row('existingContractInterestRate', msg`Interest rate of the loan you are refinancing, %`, rateAnswer(values['existingContractInterestRate'], i18n), i18n));
    }
    rows.push(row('collateralOwner', msg`Owners of the property`, choiceAnswer(values['collateralOwner'], COLLATERAL_OWNERSHIP_LABELS, i18n), i18n));
    if (values['collateralOwner'] === 'WITH_OTHER_OWNERS') {
      const owners = Array.isArray(values['otherOwners']) ? (values['otherOwners'] as unknown[]).filter((owner): owner is Entry => typeof owner === 'object' && owner !== null) : [];
      if (owners.length === 0) rows.push(row('otherOwners', msg`Who owns the property`, notGiven(i18n), i18n));
      owners.forEach((owner, index) => rows.push(row(`otherOwners.${index}.personalCode`, msg`Other owner ${index + 1}`, ownerAnswer(owner, i18n), i18n)));
    }
    rows.push(
      row('paymentScheduleType', msg`Repayment schedule`, choiceAnswer(values['paymentScheduleType'], REPAYMENT_SCHEDULE_LABELS, i18n), i18n),
      row('period', msg`Loan period in months`, textAnswer(values['period'], i18n), i18n),
    );
    return rows;
  },
} satisfies StepSummary;
