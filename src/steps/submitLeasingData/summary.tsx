/**
 * The leasing step's answers on the check-answers page (decision 182): the asset, the lease and its
 * payments. The down payment and residual read as percentages or amounts, as they were given.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LOCALE_TAG, isLocale } from '../../../core/domain/languages';
import { readMoney } from '../../../core/validation/money';
import type { StepSummary } from '../_kit/step-registry-types';
import { choiceAnswer, moneyAnswer, notGiven, row, textAnswer, yesNoAnswer } from '../_kit/summary-kit';
import { LEASE_TYPE_LABELS, PAYMENT_MODE_LABELS, VAT_PAYMENT_METHOD_LABELS } from './labels';

/** A percentage typed as "12,5" or "12.5", in the reader's language ("12.5%", "12,5 %"). */
function percentAnswer(value: unknown, i18n: I18n): string {
  if (typeof value !== 'string' || value.trim() === '') return notGiven(i18n);
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const read = readMoney(value, locale);
  if (!('value' in read)) return value.trim();
  return new Intl.NumberFormat(LOCALE_TAG[locale], { style: 'percent', maximumFractionDigits: 2 }).format(read.value / 100);
}

export default {
  title: (i18n) => i18n._(msg`What the company is leasing`),
  rows: (values, i18n) => {
    const payment = (value: unknown) => (values['paymentMode'] === 'amount' ? moneyAnswer(value, i18n) : percentAnswer(value, i18n));
    return [
      row('price', msg`Price of the asset, in euros`, moneyAnswer(values['price'], i18n), i18n),
      row('priceIncludesVat', msg`The price includes VAT`, yesNoAnswer(values['priceIncludesVat'], i18n), i18n),
      row('assetYear', msg`Year of first registration or production`, textAnswer(values['assetYear'], i18n), i18n),
      row('leaseType', msg`Type of lease`, choiceAnswer(values['leaseType'], LEASE_TYPE_LABELS, i18n), i18n),
      row('period', msg`Leasing period in months`, textAnswer(values['period'], i18n), i18n),
      row('paymentMode', msg`How do you give the down payment and residual value?`, choiceAnswer(values['paymentMode'], PAYMENT_MODE_LABELS, i18n), i18n),
      row('downPayment', msg`Down payment`, payment(values['downPayment']), i18n),
      row('residual', msg`Residual value`, payment(values['residual']), i18n),
      row('vatPaymentMethod', msg`How is the VAT paid?`, choiceAnswer(values['vatPaymentMethod'], VAT_PAYMENT_METHOD_LABELS, i18n), i18n),
    ];
  },
} satisfies StepSummary;
